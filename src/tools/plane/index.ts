import type { PlaneKit } from '../../plane/kit.js';
import type { ToolDefinition } from '../registry.js';
import { addCommentTool } from './add-comment.js';
import { createIssueTool } from './create-issue.js';
import { addToContainerTool, containerItemsTool } from './cycle-items.js';
import { listCyclesTool, listModulesTool } from './cycles.js';
import { getIssueImagesTool } from './get-issue-images.js';
import { getIssueTool } from './get-issue.js';
import { listCommentsTool } from './list-comments.js';
import { listLabelsTool } from './list-labels.js';
import { listMembersTool } from './list-members.js';
import { listMyIssuesTool } from './list-my-issues.js';
import { listProjectsTool } from './list-projects.js';
import { listStatesTool } from './list-states.js';
import { searchIssuesTool } from './search-issues.js';
import { updateIssueTool } from './update-issue.js';
import { whoamiTool } from './whoami.js';

/**
 * The nineteen plane_* tools, in the order the model sees them. With a kit that has no API key they still
 * exist, and each says that Plane is off and how to turn it on.
 */
export function createPlaneTools(kit: PlaneKit): ToolDefinition[] {
  return [
    whoamiTool,
    listProjectsTool,
    listMyIssuesTool,
    searchIssuesTool,
    getIssueTool,
    getIssueImagesTool,
    listCommentsTool,
    addCommentTool,
    createIssueTool,
    updateIssueTool,
    listStatesTool,
    listLabelsTool,
    listMembersTool,
    listCyclesTool,
    listModulesTool,
  ]
    .map((make) => make(kit))
    .concat((['cycle', 'module'] as const).flatMap((kind) => [containerItemsTool(kit, kind), addToContainerTool(kit, kind)]));
}
