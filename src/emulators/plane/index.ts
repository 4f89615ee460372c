/**
 * A faithful in-memory fake of Plane's public REST API (`/api/v1`), for the Plane client's tests and
 * the sandbox's demo Plane. It follows Plane's behaviour (docs/plane.md), odd parts included:
 * 301 on a missing trailing slash, 401 vs 403 auth bodies, the 60/min sliding-window limiter with
 * its exact 429, CE ignoring list filters, the paginator's cursor rules, comments newest first,
 * attachment download as a 302 to a presigned storage URL that refuses the API key, the workspace
 * asset route's 500, both `/work-items/` and `/issues/` path families.
 *
 * ```ts
 * const plane = await startFakePlane({ apiKeys: { plane_api_test: 'bot@acme.io' } });
 * const bot = plane.db.addMember('acme', { email: 'bot@acme.io', display_name: 'plane-bot' });
 * const project = plane.db.addProject('acme', { identifier: 'ACME', name: 'Website' });
 * const item = plane.db.addWorkItem('ACME', { name: 'Fix login', assignees: [bot.id], labels: [] });
 * await fetch(`${plane.url}/api/v1/workspaces/acme/work-items/ACME-1/`, { headers: { 'X-Api-Key': 'plane_api_test' } });
 * await plane.close();
 * ```
 *
 * Seeding (`plane.db`, a FakePlaneDb; the server reads it live, so seed before or after start):
 * - `addWorkspace({slug, name?})` — optional: addMember/addProject create the workspace on first use.
 * - `addMember(slug, {email, first_name?, last_name?, display_name?, role? (20|15|5, default 15),
 *   is_active?, timezone?})` → user (reuses the user with that e-mail). `addUser(...)` adds a user
 *   without any membership.
 * - `addProject(slug, {identifier, name, description?, network? (2 public | 0), archived_at?,
 *   default_assignee?, project_lead?, created_by?, members?, defaultStates?})` → project. Members
 *   default to every active workspace member (their workspace role); Plane's five default states
 *   (Backlog [default], Todo, In Progress, Done, Cancelled) are created unless `defaultStates: false`.
 * - `addProjectMember(project, user, {role?, is_active?})`.
 * - `addState(project, {name, group, color?, sequence?, default?, is_triage?})`,
 *   `addLabel(project, {name, color?, description?, parent?})`.
 * - `addWorkItem(project, {name, description_html?, state? (id or name), priority?, assignees?
 *   (user refs), labels? (ids or names), start_date?, target_date?, parent?, is_draft?, archived_at?,
 *   created_by?, created_at?, external_id?, external_source?})` → work item; sequence ids count up
 *   per project (ACME-1, ACME-2, …). `addManyWorkItems(project, n, (i) => overrides?)` for paging.
 * - `addComment(workItem, {comment_html, actor?, created_at?, access?})`.
 * - `addAttachment(workItem, {name, type?, bytes, uploaded?, created_by?})` → FileAsset whose bytes
 *   the fake storage serves. `addAsset(slug, {type, bytes, name?, workItem?, project?,
 *   entity_type?, uploaded?})` → an editor image / workspace asset; embed it with
 *   `imageComponent(asset.id)` in a description.
 * - `addApiKey(key, user, {active?, expiresAt?})` — `user` is an id or an e-mail (resolved per request).
 * Refs: a user by id, e-mail or display name; a project by id or identifier; a work item by id or key.
 * Reads: `db.users`, `db.projects`, `db.workItems`, `db.comments`, `db.assets`… are plain Maps,
 * `db.project(ref)`, `db.workItem(ref)`, `db.user(ref)` resolve refs.
 *
 * Work-item relations (`…/work-items/{id}/relations/`, GET and POST, from v1.3.0) are read back with
 * `db.relations` (canonical rows: `blocking` stored as the other item's `blocked_by`).
 *
 * Not emulated, because the tool kit never calls them: DELETE, attachment uploads and comment edits
 * (their paths exist, so the method answers 405); comment detail, links, activities, removing a
 * relation, workspace-asset upload and the Cloud-only list/count/lite endpoints (unrouted: 404).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakePlaneDb } from './db.js';
import type { PageRules } from './pagination.js';
import { RateLimiter } from './rate-limiter.js';
import { Router } from './router.js';
import { buildRoutes } from './routes.js';
import { createListener, type RecordedRequest } from './server.js';
import { Storage } from './storage.js';
import { atLeast, type Edition, type Flavour, type PathStyle, resolveFlavour } from './version.js';
import { WebhookSender, type WebhookOptions } from './webhooks.js';

export { FakePlaneDb } from './db.js';
export type * from './db.js';
export type * from './records.js';
export type { RecordedRequest } from './server.js';
export type { Edition, PathStyle } from './version.js';
export { imageComponent } from './image-component.js';
export {
  pythonJson,
  type WebhookAttempt,
  type WebhookEvent,
  type WebhookInput,
  type WebhookOptions,
  type WebhookRecord,
} from './webhooks.js';
export { seedDemoDigests, seedDemoWorkspace, DEMO_API_KEY, type DemoCycles, type DemoWorkspace } from './demo-seed.js';

export interface FakePlaneOptions {
  /** API key → its user (id or e-mail). Several keys get several limiter budgets. */
  apiKeys?: Record<string, string>;
  /** 'issues-only' mimics CE before v1.1 (no `/work-items/` routes). Default follows instanceVersion. */
  pathStyle?: PathStyle;
  /** What `/api/instances/` reports and which routes exist. Default '1.3.1' (the release the contract suite checks it against). */
  instanceVersion?: string;
  /** Default 'community'. Cloud: v2 probe, list filters honoured, per_page 20/100, no /api/instances/. */
  edition?: Edition;
  /** The API-key throttle, a sliding window per key. Default 60 per 60 s. */
  rateLimit?: { requests: number; windowMs?: number };
  /**
   * DRF's AnonRateThrottle on the routes that need no key (`/api/instances/`), per client address:
   * Plane's is 30 a minute whatever the API-key rate. Off unless given (tests probe freely).
   */
  anonymousRateLimit?: { requests: number; windowMs?: number };
  /** Epoch-ms clock for the limiter, timestamps and signed-URL expiry. Default Date.now. */
  now?: () => number;
  port?: number;
  host?: string;
  /** How webhooks are sent: which private targets the server allows, retry delays (docs/notifications.md). */
  webhooks?: WebhookOptions;
}

/** Web-app edits (session API, not the key's API): same effects, the web app's field names in webhooks. */
export interface FakeWebApp {
  /** `changes` with the web app's keys: `state_id`, `assignee_ids`, `label_ids`, `priority`, `name`… */
  updateWorkItem(ref: string, changes: Record<string, unknown>, actor: string): void;
  addComment(ref: string, html: string, actor: string): void;
  /** A project admin triages an intake request (by its work item's id) in the Intake page. */
  decideIntake(itemId: string, decision: { status: -1 | 0 | 1 | 2; snoozedTill?: number; duplicateTo?: string }, actor: string): void;
}

export interface FakePlane {
  /** e.g. http://127.0.0.1:PORT — clients append /api/v1/... */
  url: string;
  db: FakePlaneDb;
  /** Every request, in arrival order, storage downloads included. */
  requests: RecordedRequest[];
  resetRequests(): void;
  /**
   * Workspace webhooks: `webhooks.add(slug, { url, secret?, events? })` as an admin does in the
   * settings page; `webhooks.attempts` is the webhook log; `webhooks.settled()` waits for answers.
   */
  webhooks: WebhookSender;
  webApp: FakeWebApp;
  close(): Promise<void>;
}

/**
 * Page sizes: CE code says default and maximum 1000; Cloud follows its docs, default
 * 20 and maximum 100 (UNVERIFIED).
 */
function pageRulesFor(flavour: Flavour): PageRules {
  if (flavour.edition === 'cloud') return { defaultPerPage: 20, maxPerPage: 100, offsetByCursorSize: false };
  return { defaultPerPage: 1000, maxPerPage: 1000, offsetByCursorSize: !atLeast(flavour, '0.28.0') };
}

export async function startFakePlane(options: FakePlaneOptions = {}): Promise<FakePlane> {
  const now = options.now ?? Date.now;
  const flavour = resolveFlavour(options);
  const db = new FakePlaneDb(now);
  for (const [key, user] of Object.entries(options.apiKeys ?? {})) db.addApiKey(key, user);
  const requests: RecordedRequest[] = [];
  const webhooks = new WebhookSender(db, flavour, options.webhooks);
  const listener = createListener({
    db,
    flavour,
    router: new Router(buildRoutes(flavour)),
    limiter: new RateLimiter({ requests: options.rateLimit?.requests ?? 60, windowMs: options.rateLimit?.windowMs ?? 60_000 }, now),
    ...(options.anonymousRateLimit && {
      anonymousLimiter: new RateLimiter(
        { requests: options.anonymousRateLimit.requests, windowMs: options.anonymousRateLimit.windowMs ?? 60_000 },
        now,
      ),
    }),
    storage: new Storage(db, now),
    pageRules: pageRulesFor(flavour),
    requests,
    webhooks,
    now,
  });
  const server = createServer(listener);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    db,
    requests,
    resetRequests: () => {
      requests.length = 0;
    },
    webhooks,
    webApp: webAppOf(db, webhooks),
    close: () =>
      new Promise<void>((resolve, reject) => {
        webhooks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const WEB_FIELDS: Readonly<Record<string, string>> = {
  state_id: 'state',
  assignee_ids: 'assignees',
  label_ids: 'labels',
  parent_id: 'parent',
};

function webAppOf(db: FakePlaneDb, webhooks: WebhookSender): FakeWebApp {
  return {
    updateWorkItem(ref, changes, actorRef) {
      const item = db.workItem(ref);
      const actor = db.user(actorRef);
      const before = webhooks.snapshot(item, actor);
      const fields = Object.fromEntries(Object.entries(changes).map(([key, value]) => [WEB_FIELDS[key] ?? key, value]));
      webhooks.workItemUpdated(db.updateWorkItem(item, fields, actor.id), before, changes, actor, 'web');
    },
    decideIntake(itemId, decision, actorRef) {
      const row = db.intake.get(itemId);
      if (!row) throw new Error(`fake Plane: no intake request for work item ${itemId}`);
      db.decideIntake(
        row,
        { status: decision.status, snoozed_till: decision.snoozedTill ?? null, duplicate_to: decision.duplicateTo ?? null },
        actorRef,
      );
    },
    addComment(ref, html, actorRef) {
      const item = db.workItem(ref);
      const actor = db.user(actorRef);
      const comment = db.createComment(item, {
        comment_html: html,
        access: 'INTERNAL',
        external_id: null,
        external_source: null,
        actor: actor.id,
        created_by: actor.id,
        created_at: db.stamp(),
      });
      webhooks.commentCreated(comment, actor);
    },
  };
}
