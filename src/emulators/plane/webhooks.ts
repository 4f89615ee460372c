import { strippedText } from './html.js';
import { createHmac, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { AddressRefusedError, createAddressGuard } from '../../net/address-guard.js';
import type { FakePlaneDb } from './db.js';
import type { CommentRecord, UserRecord, WorkItemRecord } from './records.js';
import { Serializers } from './serializers.js';
import { atLeast, type Flavour } from './version.js';

/**
 * Plane's outgoing webhooks (docs/notifications.md, "What Plane sends"): workspace-wide,
 * toggled per event kind, one POST per changed top-level key of the request that made the change,
 * the body Python's `json.dumps` of the payload, `X-Plane-Signature` its hex HMAC-SHA256 under the
 * webhook's secret, a fresh `X-Plane-Delivery` on every attempt. Only network failures are retried
 * (an HTTP error counts as delivered); after the last retry the webhook is deactivated. From v1.3.1
 * a target on a private, loopback or reserved address is skipped silently unless the server allows
 * it (`WEBHOOK_ALLOWED_IPS` / `WEBHOOK_ALLOWED_HOSTS`, here the `allowed` option).
 */

export type WebhookEvent = 'project' | 'issue' | 'module' | 'cycle' | 'issue_comment';
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['project', 'issue', 'module', 'cycle', 'issue_comment'];

export interface WebhookRecord {
  id: string;
  workspace: string;
  url: string;
  secret_key: string;
  is_active: boolean;
  /** The per-event toggles of the settings page. */
  events: Set<WebhookEvent>;
}

export interface WebhookInput {
  url: string;
  /** Plane generates `plane_wh_<32 hex>`; a test may fix it. */
  secret?: string;
  /** Default: every kind ("Send me everything"). */
  events?: readonly WebhookEvent[];
}

/** One attempt as the fake made it (Plane's webhook log). */
export interface WebhookAttempt {
  webhook: string;
  event: WebhookEvent;
  delivery: string;
  body: string;
  headers: Record<string, string>;
  /** 0 while in flight, or when the attempt failed at the network level. */
  status: number;
  /** Why no answer came (connection refused, timeout), or why it was skipped (the address guard). */
  error?: string;
  skipped?: boolean;
  retry: number;
  /** When it was sent (epoch ms), and how long the answer took. */
  sentAt: number;
  ms?: number;
}

export interface WebhookOptions {
  /** Hosts, addresses or CIDRs a private target may have (Plane's WEBHOOK_ALLOWED_HOSTS / _IPS). */
  allowed?: readonly string[];
  /** Delay before retry n (1-based). Plane: a random 0–600 s each. */
  retryDelayMs?: (retry: number) => number;
  /** Plane's `requests.post(timeout=30)`. */
  timeoutMs?: number;
  /**
   * How many deliveries are on their way at once: Plane sends each from a task of its Celery worker,
   * whose pool has one process per CPU unless `--concurrency` says otherwise (the Plane CE fixture
   * runs 2). Unset, every delivery goes at once, a harsher burst than Plane makes.
   */
  workers?: number;
}

const MAX_RETRIES = 5;

/** Who made a change and where: API requests and web-app edits name some fields differently. */
export type Origin = 'api' | 'web';

/** The keys a request body may carry per origin, and their column in the fake's record. */
const WEB_COLUMNS: Readonly<Record<string, keyof WorkItemRecord>> = {
  state_id: 'state',
  assignee_ids: 'assignees',
  label_ids: 'labels',
  parent_id: 'parent',
};

export class WebhookSender {
  readonly hooks = new Map<string, WebhookRecord>();
  readonly attempts: WebhookAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  /** Deliveries held back by `hold()`, sent in order on release. */
  private held: (() => void)[] | undefined;
  private readonly guard;
  /** Deliveries waiting for a worker, in the order Celery would take them. */
  private readonly queued: (() => void)[] = [];
  private busyWorkers = 0;

  constructor(
    private readonly db: FakePlaneDb,
    private readonly flavour: Flavour,
    private readonly options: WebhookOptions = {},
  ) {
    this.guard = createAddressGuard(options.allowed ?? [], 'Plane');
  }

  /** What an admin does in Workspace settings → Webhooks; the model refuses http://localhost and http://127.0.0.1. */
  add(slug: string, input: WebhookInput): WebhookRecord {
    const workspace = this.db.workspaceBySlug(slug);
    if (!workspace) throw new Error(`fake Plane: no workspace ${slug}`);
    const url = new URL(input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Invalid schema. Only HTTP and HTTPS are allowed.');
    // Plane compares the netloc, port included, so only the bare names are refused.
    if (url.host === 'localhost' || url.host === '127.0.0.1') throw new Error('Local URLs are not allowed.');
    const hook: WebhookRecord = {
      id: randomUUID(),
      workspace: workspace.id,
      url: input.url,
      secret_key: input.secret ?? `plane_wh_${randomUUID().replace(/-/g, '')}`,
      is_active: true,
      events: new Set(input.events ?? WEBHOOK_EVENTS),
    };
    this.hooks.set(hook.id, hook);
    return hook;
  }

  /** `issue` `created` after a create (API or web). */
  workItemCreated(item: WorkItemRecord, actor: UserRecord): void {
    this.emit('issue', 'created', item.workspace, actor, () => this.workItemData(item, actor), null);
  }

  /**
   * `issue` `updated`, one delivery per key of `request` whose value differs from `before` (the
   * item as the serializer showed it before the save); `new_value` is what the request sent.
   */
  workItemUpdated(
    item: WorkItemRecord,
    before: Record<string, unknown>,
    request: Record<string, unknown>,
    actor: UserRecord,
    origin: Origin,
  ): void {
    // Plane fires webhooks for API PATCHes only from v1.3.0 (docs/notifications.md).
    if (origin === 'api' && !atLeast(this.flavour, '1.3.0')) return;
    for (const [key, value] of Object.entries(request)) {
      const column = origin === 'web' ? (WEB_COLUMNS[key] ?? key) : key;
      if (!(column in before)) continue;
      if (JSON.stringify(before[column]) === JSON.stringify(value)) continue;
      this.emit('issue', 'updated', item.workspace, actor, () => this.workItemData(item, actor), {
        field: key,
        new_value: value,
        old_value: before[column],
      });
    }
  }

  /** The item as the API serializer shows it before a save: the `old_value`s of its deliveries. */
  snapshot(item: WorkItemRecord, viewer: UserRecord): Record<string, unknown> {
    return new Serializers(this.db, { ...viewer, timezone: 'UTC' }).workItem(item, { fields: null, expand: [] });
  }

  commentCreated(comment: CommentRecord, actor: UserRecord): void {
    const serializers = new Serializers(this.db, { ...actor, timezone: 'UTC' });
    this.emit(
      'issue_comment',
      'created',
      comment.workspace,
      actor,
      () => serializers.comment(comment, { fields: null, expand: [] }, false),
      null,
    );
  }

  commentUpdated(comment: CommentRecord, actor: UserRecord): void {
    const serializers = new Serializers(this.db, { ...actor, timezone: 'UTC' });
    this.emit(
      'issue_comment',
      'updated',
      comment.workspace,
      actor,
      () => serializers.comment(comment, { fields: null, expand: [] }, false),
      null,
    );
  }

  /** Resolves once every attempt started so far has its answer (retries waiting on a timer excluded). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Holds every delivery until the returned release is called (as a Celery worker that is busy),
   * so that a test can tell the requests of one action from those its webhooks cause.
   */
  hold(): () => void {
    const held: (() => void)[] = (this.held ??= []);
    return () => {
      if (this.held === held) this.held = undefined;
      for (const deliver of held.splice(0)) deliver();
    };
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * IssueExpandSerializer as the worker renders it: labels, assignees (as stored) and state as objects
   * first, the editor JSON as `{}`, no `type_id`, a float `sort_order`, datetimes in UTC.
   */
  private workItemData(item: WorkItemRecord, actor: UserRecord): Record<string, unknown> {
    const {
      id,
      state,
      type_id: _typeId,
      assignees: _assignees,
      labels: _labels,
      ...row
    } = new Serializers(this.db, { ...actor, timezone: 'UTC' }).workItem(item, {
      fields: null,
      expand: ['state'],
    });
    const serializers = new Serializers(this.db, { ...actor, timezone: 'UTC' });
    const labels = item.labels.flatMap((labelId) => {
      const label = this.db.labels.get(labelId);
      return label ? [{ id: label.id, name: label.name, color: label.color }] : [];
    });
    const assignees = item.assignees.flatMap((userId) => {
      const user = this.db.users.get(userId);
      return user ? [serializers.user(user)] : [];
    });
    const { created_at, updated_at, deleted_at, point, name, description_html, description_binary, ...rest } = row;
    return {
      id,
      labels,
      assignees,
      state,
      description: {},
      created_at,
      updated_at,
      deleted_at,
      point,
      name,
      description_json: {},
      description_html,
      description_stripped: strippedText(item.description_html),
      description_binary,
      ...rest,
      sort_order: new PythonFloat(item.sort_order),
    };
  }

  private emit(
    event: WebhookEvent,
    action: 'created' | 'updated',
    workspace: string,
    actor: UserRecord,
    data: () => Record<string, unknown>,
    change: { field: string; new_value: unknown; old_value: unknown } | null,
  ): void {
    for (const hook of this.hooks.values()) {
      if (!hook.is_active || hook.workspace !== workspace || !hook.events.has(event)) continue;
      // A Celery task: it runs after the request has been answered and reads `data` when it runs.
      const deliver = () => {
        if (this.closed) return;
        const payload = {
          event,
          action,
          webhook_id: hook.id,
          workspace_id: workspace,
          data: data(),
          activity: {
            field: change?.field ?? null,
            new_value: change?.new_value ?? null,
            old_value: change?.old_value ?? null,
            actor: new Serializers(this.db, actor).user(actor),
            old_identifier: null,
            new_identifier: null,
          },
        };
        this.track(this.onWorker(() => this.send(hook, event, pythonJson(payload), 0)));
      };
      if (this.held) this.held.push(deliver);
      else setImmediate(deliver);
    }
  }

  /** Runs `task` once one of the `workers` is free (at once when they are not limited). */
  private async onWorker(task: () => Promise<void>): Promise<void> {
    const workers = this.options.workers;
    if (workers === undefined) return task();
    if (this.busyWorkers >= workers) await new Promise<void>((resolve) => this.queued.push(resolve));
    else this.busyWorkers++;
    try {
      await task();
    } finally {
      // The worker goes straight to the next task waiting, if any.
      const next = this.queued.shift();
      if (next) next();
      else this.busyWorkers--;
    }
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async send(hook: WebhookRecord, event: WebhookEvent, body: string, retry: number): Promise<void> {
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Autopilot',
      'X-Plane-Delivery': randomUUID(),
      'X-Plane-Event': event,
      'X-Plane-Signature': createHmac('sha256', hook.secret_key).update(body, 'utf8').digest('hex'),
    };
    const attempt: WebhookAttempt = {
      webhook: hook.id,
      event,
      delivery: headers['X-Plane-Delivery'],
      body,
      headers,
      status: 0,
      retry,
      sentAt: Date.now(),
    };
    this.attempts.push(attempt);
    const refusal = await this.refusal(hook.url);
    if (refusal !== undefined) {
      attempt.skipped = true;
      attempt.error = refusal;
      return;
    }
    try {
      const response = await fetch(hook.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
      attempt.status = response.status;
      attempt.ms = Date.now() - attempt.sentAt;
      await response.body?.cancel();
    } catch (error) {
      attempt.error = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      if (retry >= MAX_RETRIES) {
        hook.is_active = false;
        return;
      }
      const delay = this.options.retryDelayMs?.(retry + 1) ?? Math.random() * 600_000;
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.closed) this.track(this.onWorker(() => this.send(hook, event, body, retry + 1)));
      }, delay);
      this.timers.add(timer);
    }
  }

  /** v1.3.1's guard: the resolved address of the target, unless the server allows it. */
  private async refusal(target: string): Promise<string | undefined> {
    if (!atLeast(this.flavour, '1.3.1')) return undefined;
    const url = new URL(target);
    try {
      this.guard.checkUrl(url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const { address } = await lookup(host);
      this.guard.checkResolved(url.hostname, address);
      return undefined;
    } catch (error) {
      if (error instanceof AddressRefusedError) return error.message;
      return error instanceof Error ? error.message : String(error);
    }
  }
}

/** A number Python holds as a float (a FloatField): `json.dumps` writes 65535.0, not 65535. */
export class PythonFloat {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

/**
 * Python's `json.dumps` with its defaults: `", "` and `": "` separators, every non-ASCII character
 * as `\uXXXX` (surrogate pairs for the astral planes), `/` left alone.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof PythonFloat) return Number.isInteger(value.value) ? `${value.value}.0` : String(value.value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value instanceof Set) return pythonJson([...value]);
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${pythonString(k)}: ${pythonJson(v)}`).join(', ')}}`;
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function pythonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    const code = text.charCodeAt(i);
    const short = SHORT_ESCAPES[char];
    if (short) out += short;
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}
