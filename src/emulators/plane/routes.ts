import type { Route } from './router.js';
import { getWorkspaceAsset } from './handlers/assets.js';
import { downloadAttachment, listAttachments } from './handlers/attachments.js';
import { createComment, listComments } from './handlers/comments.js';
import { addCycleItems, addModuleItems, getCycle, getModule, listCycleItems, listCycles, listModuleItems, listModules } from './handlers/cycles.js';
import { getInstance } from './handlers/instances.js';
import { getLabel, listLabels } from './handlers/labels.js';
import { createLink, listLinks } from './handlers/links.js';
import { listProjectMembers, listWorkspaceMembers } from './handlers/members.js';
import { getProject, listProjects } from './handlers/projects.js';
import { searchWorkItems } from './handlers/search.js';
import { getState, listStates } from './handlers/states.js';
import { createRelations, listRelations } from './handlers/relations.js';
import { getMe } from './handlers/users.js';
import { getMeV2 } from './handlers/v2.js';
import { createWorkItem, getWorkItem, getWorkItemByKey, listWorkItems, updateWorkItem } from './handlers/work-items.js';
import { atLeast, type Flavour } from './version.js';

/**
 * The routes the Plane tool kit uses, for the release the fake plays (`version.ts`). What the
 * kit never calls is not emulated: other methods on these paths answer 405, other paths 404.
 */

const WS = '/api/v1/workspaces/:slug';
const PROJECT = `${WS}/projects/:project_id`;

/** The two path families, `/work-items/` (CE v1.1.0 on) and `/issues/`, same handlers. */
function workItemRoutes(flavour: Flavour, items: 'work-items' | 'issues'): Route[] {
  const attachments = items === 'work-items' ? 'attachments' : 'issue-attachments';
  const item = `${PROJECT}/${items}/:work_item_id`;
  const routes: Route[] = [];
  if (atLeast(flavour, '0.28.0')) routes.push({ path: `${WS}/${items}/search/`, access: 'user', methods: { GET: searchWorkItems } });
  routes.push(
    { path: `${WS}/${items}/:project_identifier-:issue_identifier/`, access: 'project-identifier', methods: { GET: getWorkItemByKey } },
    { path: `${PROJECT}/${items}/`, access: 'project', methods: { GET: listWorkItems, POST: createWorkItem } },
    { path: `${item}/`, access: 'project', methods: { GET: getWorkItem, PATCH: updateWorkItem } },
    { path: `${item}/comments/`, access: 'project-lite', methods: { GET: listComments, POST: createComment } },
    { path: `${item}/links/`, access: 'project', methods: { GET: listLinks, POST: createLink } },
    { path: `${item}/${attachments}/`, access: 'project', methods: { GET: listAttachments } },
  );
  if (atLeast(flavour, '0.25.0')) {
    routes.push({ path: `${item}/${attachments}/:asset_id/`, access: 'project', methods: { GET: downloadAttachment } });
  }
  // Relations came with v1.3.0, under `/work-items/` only; there is no route to remove one.
  if (items === 'work-items' && atLeast(flavour, '1.3.0')) {
    routes.push({ path: `${item}/relations/`, access: 'project', methods: { GET: listRelations, POST: createRelations } });
  }
  return routes;
}

export function buildRoutes(flavour: Flavour): Route[] {
  const routes: Route[] = [];
  const cloud = flavour.edition === 'cloud';
  // Whether Cloud serves /api/instances/ is UNVERIFIED: the fake says no.
  if (!cloud) routes.push({ path: '/api/instances/', access: 'public', methods: { GET: getInstance } });
  // API v2 is Cloud-only; on CE /api/v2/ is unrouted → 404.
  if (cloud) routes.push({ path: '/api/v2/users/me/', access: 'v2', methods: { GET: getMeV2 } });
  if (atLeast(flavour, '0.28.0')) {
    routes.push(
      { path: '/api/v1/users/me/', access: 'user', methods: { GET: getMe } },
      { path: `${WS}/members/`, access: 'workspace-staff', methods: { GET: listWorkspaceMembers } },
      { path: `${WS}/assets/:asset_id/`, access: 'workspace', methods: { GET: getWorkspaceAsset } },
    );
  }
  routes.push(
    { path: `${WS}/projects/`, access: 'workspace', methods: { GET: listProjects } },
    { path: `${PROJECT}/`, access: 'workspace', methods: { GET: getProject } },
    { path: `${PROJECT}/states/`, access: 'project', methods: { GET: listStates } },
    { path: `${PROJECT}/states/:state_id/`, access: 'project', methods: { GET: getState } },
    { path: `${PROJECT}/labels/`, access: 'project', methods: { GET: listLabels } },
    { path: `${PROJECT}/labels/:label_id/`, access: 'project', methods: { GET: getLabel } },
    { path: `${PROJECT}/members/`, access: 'project', methods: { GET: listProjectMembers } },
    { path: `${PROJECT}/cycles/`, access: 'project', methods: { GET: listCycles } },
    { path: `${PROJECT}/cycles/:cycle_id/`, access: 'project', methods: { GET: getCycle } },
    { path: `${PROJECT}/cycles/:cycle_id/cycle-issues/`, access: 'project', methods: { GET: listCycleItems, POST: addCycleItems } },
    { path: `${PROJECT}/modules/`, access: 'project', methods: { GET: listModules } },
    { path: `${PROJECT}/modules/:module_id/`, access: 'project', methods: { GET: getModule } },
    { path: `${PROJECT}/modules/:module_id/module-issues/`, access: 'project', methods: { GET: listModuleItems, POST: addModuleItems } },
  );
  if (atLeast(flavour, '1.2.0')) {
    routes.push({ path: `${PROJECT}/project-members/`, access: 'project', methods: { GET: listProjectMembers } });
  }
  if (flavour.pathStyle === 'work-items') routes.push(...workItemRoutes(flavour, 'work-items'));
  routes.push(...workItemRoutes(flavour, 'issues'));
  return routes;
}
