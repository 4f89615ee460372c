import type { IncomingMessage } from 'node:http';
import type { FakePlane } from '../emulators/plane/index.js';
import { sendJson, type Route } from '../http/server.js';

/** What a demo Plane admin may decide in the sandbox: Intake's Accept and Decline. */
const DECISIONS = { accept: 1, decline: -1 } as const;
const BODY_MAX = 4_096;

export interface PendingRequest {
  key: string;
  name: string;
  /** `pending` or `snoozed`: what Plane's Intake view lists to decide on. */
  status: 'pending' | 'snoozed';
}

/**
 * The sandbox's stand-in for Plane's Intake view: the demo Plane's requests still to decide, and
 * Accept / Decline as a project admin (`admin`) would press them there. The bot learns of it as it
 * would from any Plane: by polling Intake, then by the work item's webhooks.
 *
 * - `GET  /sandbox/intake` → `{ requests: PendingRequest[] }`
 * - `POST /sandbox/intake/decide` `{ key, decision: 'accept' | 'decline' }` → `{ ok }`
 */
export function sandboxIntakeRoutes(plane: FakePlane, admin: string): Route[] {
  const { db } = plane;
  const pending = (): PendingRequest[] =>
    [...db.intake.values()]
      .filter((row) => row.status === -2 || row.status === 0)
      .map((row) => {
        const item = db.workItems.get(row.issue);
        const project = db.projects.get(row.project);
        return {
          key: `${project?.identifier ?? '?'}-${item?.sequence_id ?? '?'}`,
          name: item?.name ?? '',
          status: row.status === 0 ? ('snoozed' as const) : ('pending' as const),
        };
      });
  return [
    { method: 'GET', path: '/sandbox/intake', handler: (_req, res) => sendJson(res, 200, { requests: pending() }) },
    {
      method: 'POST',
      path: '/sandbox/intake/decide',
      handler: async (req, res) => {
        const body = await jsonBody(req).catch(() => undefined);
        const decision = DECISIONS[String(body?.decision) as keyof typeof DECISIONS];
        const key = typeof body?.key === 'string' ? body.key : '';
        if (decision === undefined || !pending().some((p) => p.key === key))
          return sendJson(res, 400, { ok: false, error: 'no_such_request' });
        plane.webApp.decideIntake(db.workItem(key).id, { status: decision }, admin);
        sendJson(res, 200, { ok: true });
      },
    },
  ];
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > BODY_MAX) throw new Error('body too large');
  }
  return JSON.parse(text) as Record<string, unknown>;
}
