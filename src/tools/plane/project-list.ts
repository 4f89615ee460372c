import { z } from 'zod';
import type { PlaneApi } from '../../plane/api.js';
import type { PlaneKit } from '../../plane/kit.js';
import { findProject } from '../../plane/resolve.js';
import type { Project } from '../../plane/types.js';
import { definePlaneTool } from './define.js';
import { READS_ONLY, type ToolDefinition } from '../registry.js';
import { project, slug } from './schemas.js';

export interface ProjectList<Entry> {
  /** The line above the list, e.g. `3 labels in ACME:`. */
  heading: string;
  entries: Entry[];
}

export interface ProjectListTool<EntrySchema extends z.ZodType, Entry = z.output<EntrySchema>> {
  name: string;
  description: string;
  /** One entry as the data holds it. */
  entry: EntrySchema;
  /** What is listed, for the words shown while the call runs. */
  things: 'labels' | 'members' | 'states';
  /** Fetches the things of the project. */
  list(api: PlaneApi, workspace: string, project: Project): Promise<ProjectList<Entry>>;
  /** One entry as the model reads it. */
  line(entry: Entry): string;
}

/**
 * A read-only tool that lists one kind of thing of a project: input the workspace and the project;
 * data the project's identifier and the entries.
 */
export function projectListTool<EntrySchema extends z.ZodType>(kit: PlaneKit, tool: ProjectListTool<EntrySchema>): ToolDefinition {
  return definePlaneTool({
    name: tool.name,
    description: tool.description,
    input: z.object({ slug, project }),
    output: z.object({ project: z.string(), items: z.array(tool.entry) }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('tool.step.projectList', { things: tool.things, project: input.project }),
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const target = await findProject(api, workspace, input.project);
      const { heading, entries } = await tool.list(api, workspace, target);
      return { text: [heading, ...entries.map(tool.line)].join('\n'), data: { project: target.identifier, items: entries } };
    },
  });
}
