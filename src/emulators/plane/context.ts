import type { IncomingHttpHeaders } from 'node:http';
import type { FakePlaneDb } from './db.js';
import { notFound } from './errors.js';
import type { PageRules } from './pagination.js';
import type { ProjectRecord, UserRecord, WorkItemRecord, WorkspaceRecord } from './records.js';
import type { Serializers } from './serializers.js';
import type { Storage } from './storage.js';
import type { Flavour } from './version.js';
import type { WebhookSender } from './webhooks.js';

/** What every handler sees. */
export interface BaseContext {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body ({} when there is none). */
  body: unknown;
  db: FakePlaneDb;
  flavour: Flavour;
  storage: Storage;
  pageRules: PageRules;
  /** The workspace webhooks; writes tell it what changed. */
  webhooks: WebhookSender;
}

/** A request that passed API-key authentication. */
export interface ApiContext extends BaseContext {
  user: UserRecord;
  apiKey: string;
  out: Serializers;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler<Context extends BaseContext = ApiContext> = (context: Context) => Reply | Promise<Reply>;

export const ok = (body: unknown, status = 200): Reply => ({ status, body });

export function workspaceOf(context: BaseContext): WorkspaceRecord {
  const workspace = context.db.workspaceBySlug(context.params.slug ?? '');
  if (!workspace) throw notFound();
  return workspace;
}

/** The URL's project inside the URL's workspace (permissions have already vouched for it). */
export function projectOf(context: BaseContext): ProjectRecord {
  const workspace = workspaceOf(context);
  const project = context.db.projects.get(context.params.project_id ?? '');
  if (!project || project.workspace !== workspace.id) throw notFound();
  return project;
}

/**
 * Plane's `issue_objects` manager: archived items, drafts, items in a triage state
 * and items of archived projects are invisible to lists and lookups alike.
 */
export function isVisible(db: FakePlaneDb, item: WorkItemRecord): boolean {
  if (item.archived_at !== null || item.is_draft) return false;
  if (item.state !== null && db.states.get(item.state)?.is_triage) return false;
  return db.projects.get(item.project)?.archived_at === null;
}

export function visibleWorkItems(db: FakePlaneDb, projectId: string): WorkItemRecord[] {
  return [...db.workItems.values()].filter((item) => item.project === projectId && isVisible(db, item));
}

/**
 * The URL's work item for sub-resource views that filter by its id rather than through
 * `issue_objects` (links): an item in Triage is found there, as the real Plane answers.
 */
export function anyWorkItemOf(context: BaseContext): WorkItemRecord {
  const project = projectOf(context);
  const item = context.db.workItems.get(context.params.work_item_id ?? '');
  if (!item || item.project !== project.id) throw notFound();
  return item;
}

export function workItemOf(context: BaseContext): WorkItemRecord {
  const project = projectOf(context);
  const item = context.db.workItems.get(context.params.work_item_id ?? '');
  if (!item || item.project !== project.id || !isVisible(context.db, item)) throw notFound();
  return item;
}
