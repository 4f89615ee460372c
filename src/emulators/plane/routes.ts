import type { Route } from './router.js';
import { getWorkspaceAsset } from './handlers/assets.js';
import { createAttachment, downloadAttachment, listAttachments } from './handlers/attachments.js';
import { createComment, listComments, updateComment } from './handlers/comments.js';
import {
  addCycleItems,
  addModuleItems,
  getCycle,
  getModule,
  listCycleItems,
  listCycles,
  listModuleItems,
  listModules,
} from './handlers/cycles.js';
import { getInstance } from './handlers/instances.js';
import { getLabel, listLabels } from './handlers/labels.js';
import { createLink, listLinks } from './handlers/links.js';
import { listProjectMembers, listWorkspaceMembers } from './handlers/members.js';
import { getProject, listProjects } from './handlers/projects.js';
import { createIntake, getIntake, listIntake, updateIntake, updateProject } from './handlers/intake.js';
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
// Plane's `Allow` for a list view and an object's view (the fake serves fewer methods).
const LIST = 'GET, POST';
const DETAIL = 'GET, PATCH, DELETE';
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
    { path: `${item}/`, access: 'project', methods: { GET: getWorkItem, PATCH: updateWorkItem }, allow: DETAIL },
    { path: `${item}/comments/`, access: 'project-lite', methods: { GET: listComments, POST: createComment } },
    { path: `${item}/comments/:comment_id/`, access: 'project-lite', methods: { PATCH: updateComment }, allow: DETAIL },
    { path: `${item}/links/`, access: 'project', methods: { GET: listLinks, POST: createLink } },
    { path: `${item}/${attachments}/`, access: 'project', methods: { GET: listAttachments, POST: createAttachment } },
  );
  if (atLeast(flavour, '0.25.0')) {
    routes.push({ path: `${item}/${attachments}/:asset_id/`, access: 'project', methods: { GET: downloadAttachment }, allow: DETAIL });
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
  if (!cloud) routes.push({ path: '/api/instances/', access: 'public', methods: { GET: getInstance }, allow: 'GET, PATCH, HEAD, OPTIONS' });
  // API v2 is Cloud-only; on CE /api/v2/ is unrouted → 404.
  if (cloud) routes.push({ path: '/api/v2/users/me/', access: 'v2', methods: { GET: getMeV2 } });
  if (atLeast(flavour, '0.28.0')) {
    routes.push(
      { path: '/api/v1/users/me/', access: 'user', methods: { GET: getMe } },
      { path: `${WS}/members/`, access: 'workspace-staff', methods: { GET: listWorkspaceMembers } },
      { path: `${WS}/assets/:asset_id/`, access: 'workspace', methods: { GET: getWorkspaceAsset }, allow: 'GET, PATCH' },
    );
  }
  routes.push(
    { path: `${WS}/projects/`, access: 'workspace', methods: { GET: listProjects }, allow: LIST },
    { path: `${PROJECT}/`, access: 'workspace', methods: { GET: getProject, PATCH: updateProject }, allow: DETAIL },
    { path: `${PROJECT}/states/`, access: 'project', methods: { GET: listStates }, allow: LIST },
    { path: `${PROJECT}/states/:state_id/`, access: 'project', methods: { GET: getState }, allow: DETAIL },
    { path: `${PROJECT}/labels/`, access: 'project', methods: { GET: listLabels }, allow: LIST },
    { path: `${PROJECT}/labels/:label_id/`, access: 'project', methods: { GET: getLabel }, allow: DETAIL },
    { path: `${PROJECT}/members/`, access: 'project', methods: { GET: listProjectMembers }, allow: LIST },
    { path: `${PROJECT}/cycles/`, access: 'project', methods: { GET: listCycles }, allow: LIST },
    { path: `${PROJECT}/cycles/:cycle_id/`, access: 'project', methods: { GET: getCycle }, allow: DETAIL },
    {
      path: `${PROJECT}/cycles/:cycle_id/cycle-issues/`,
      access: 'project',
      methods: { GET: listCycleItems, POST: addCycleItems },
      allow: LIST,
    },
    { path: `${PROJECT}/modules/`, access: 'project', methods: { GET: listModules }, allow: LIST },
    { path: `${PROJECT}/modules/:module_id/`, access: 'project', methods: { GET: getModule }, allow: DETAIL },
    {
      path: `${PROJECT}/modules/:module_id/module-issues/`,
      access: 'project',
      methods: { GET: listModuleItems, POST: addModuleItems },
      allow: LIST,
    },
  );
  // Intake: `/intake-issues/` from v0.26.0 on (`/inbox-issues/` before, not emulated).
  if (atLeast(flavour, '0.26.0')) {
    routes.push(
      { path: `${PROJECT}/intake-issues/`, access: 'project', methods: { GET: listIntake, POST: createIntake }, allow: LIST },
      {
        path: `${PROJECT}/intake-issues/:work_item_id/`,
        access: 'project',
        methods: { GET: getIntake, PATCH: updateIntake },
        allow: DETAIL,
      },
    );
  }
  if (atLeast(flavour, '1.2.0')) {
    routes.push({ path: `${PROJECT}/project-members/`, access: 'project', methods: { GET: listProjectMembers }, allow: LIST });
  }
  if (flavour.pathStyle === 'work-items') routes.push(...workItemRoutes(flavour, 'work-items'));
  routes.push(...workItemRoutes(flavour, 'issues'));
  return routes;
}
