import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PRIORITIES, STATE_GROUPS } from './types.js';

/**
 * Plane's webhooks (Community Edition, v1): the signature check and the delivery's shape, with the
 * web app's field names (`state_id`, `assignee_ids`, …) read as the API's (`state`, `assignees`, …).
 * docs/notifications.md describes what Plane sends and when.
 */

/**
 * Whether `signature` (the `X-Plane-Signature` header) is the lowercase hex HMAC-SHA256 of the raw
 * body under the webhook's secret. Compared in constant time; the body is never re-serialised
 * (Plane signs Python's JSON text, which JSON.stringify would not reproduce).
 */
export function verifyPlaneSignature(rawBody: Buffer, signature: string | string[] | undefined, secret: string): boolean {
  if (typeof signature !== 'string' || secret === '') return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Web-app edits name some fields after their column; the API names them after the relation. */
const WEB_FIELD_NAMES: Readonly<Record<string, string>> = {
  state_id: 'state',
  assignee_ids: 'assignees',
  label_ids: 'labels',
  parent_id: 'parent',
  estimate_point_id: 'estimate_point',
  module_ids: 'modules',
  cycle_id: 'cycle',
};

/** One field name whichever part of Plane made the change. */
export function canonicalField(field: string): string {
  return WEB_FIELD_NAMES[field] ?? field;
}

const person = z
  .object({
    id: z.string(),
    email: z.string().nullish(),
    display_name: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
  })
  .loose();

const stateObject = z.object({ id: z.string(), name: z.string(), group: z.enum(STATE_GROUPS).catch('backlog') }).loose();
const labelObject = z.object({ id: z.string(), name: z.string() }).loose();

/** A work item as `data` carries it: the full row with state, labels and assignees expanded. */
const workItemData = z
  .object({
    id: z.string(),
    name: z.string().catch(''),
    sequence_id: z.number(),
    project: z.string(),
    state: z.union([stateObject, z.string(), z.null()]).catch(null),
    priority: z.enum(PRIORITIES).catch('none'),
    assignees: z.array(z.union([person, z.string()])).catch([]),
    labels: z.array(z.union([labelObject, z.string()])).catch([]),
    start_date: z.string().nullish(),
    target_date: z.string().nullish(),
    // Set by the API client that created the item, to find it again (a task sync names its task).
    external_source: z.string().nullish().catch(null),
    external_id: z.string().nullish().catch(null),
  })
  .loose();

const commentData = z
  .object({
    id: z.string(),
    issue: z.string(),
    project: z.string(),
    comment_html: z.string().catch(''),
    actor: z.union([z.string(), person, z.null()]).optional(),
    created_by: z.union([z.string(), person, z.null()]).optional(),
    /** Where a comment made through the API says it came from (the bot's Slack comments say `slack`). */
    external_source: z.string().nullish(),
    external_id: z.string().nullish(),
  })
  .loose();

const activity = z
  .object({
    field: z.string().nullish(),
    old_value: z.unknown().optional(),
    new_value: z.unknown().optional(),
    actor: person.nullish(),
  })
  .loose();

const envelope = z
  .object({
    event: z.string(),
    // Releases before v0.20 said create/update/delete.
    action: z.string().transform((a) => (a === 'create' ? 'created' : a === 'update' ? 'updated' : a === 'delete' ? 'deleted' : a)),
    workspace_id: z.string().optional(),
    data: z.unknown(),
    activity: activity.nullish(),
  })
  .loose();

export type WebhookPerson = z.infer<typeof person>;
export type WebhookWorkItem = z.infer<typeof workItemData>;
export type WebhookComment = z.infer<typeof commentData>;

export interface WebhookChange {
  /** The API's name of the field (web names translated); null for a creation. */
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
}

/** What a delivery says, for the kinds the bot acts on; anything else is `other`. */
export type PlaneDelivery =
  | { kind: 'work-item'; action: 'created' | 'updated'; item: WebhookWorkItem; change: WebhookChange; actor?: WebhookPerson }
  | { kind: 'comment'; action: 'created' | 'updated'; comment: WebhookComment; actor?: WebhookPerson }
  | { kind: 'other'; event: string; action: string };

/** Parses a verified delivery's body; a body that is not Plane's JSON throws a readable error. */
export function parsePlaneDelivery(rawBody: Buffer): PlaneDelivery {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('the webhook body is not JSON');
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) throw new Error(`the webhook body is not a Plane delivery: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  const { event, action, data } = parsed.data;
  const actor = parsed.data.activity?.actor ?? undefined;
  if (action !== 'created' && action !== 'updated') return { kind: 'other', event, action };
  if (event === 'issue') {
    const item = workItemData.safeParse(data);
    if (!item.success) return { kind: 'other', event, action };
    const field = parsed.data.activity?.field;
    return {
      kind: 'work-item',
      action,
      item: item.data,
      change: {
        field: action === 'created' || !field ? null : canonicalField(field),
        oldValue: parsed.data.activity?.old_value ?? null,
        newValue: parsed.data.activity?.new_value ?? null,
      },
      ...(actor && { actor }),
    };
  }
  if (event === 'issue_comment') {
    const comment = commentData.safeParse(data);
    if (!comment.success) return { kind: 'other', event, action };
    return { kind: 'comment', action, comment: comment.data, ...(actor && { actor }) };
  }
  return { kind: 'other', event, action };
}

/** The user ids of the `<mention-component>`s of some HTML (Plane's user mentions). */
export function mentionedUserIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<mention-component\b[^>]*>/gi)) {
    const tag = match[0];
    if (/entity_name\s*=\s*["']?user_mention/i.test(tag) || !/entity_name/i.test(tag)) {
      const id = /entity_identifier\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
      if (id) ids.add(id.toLowerCase());
    }
  }
  return [...ids];
}
