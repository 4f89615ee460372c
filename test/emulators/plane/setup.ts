import {
  type FakePlane,
  type FakePlaneOptions,
  type ProjectRecord,
  type UserRecord,
  startFakePlane,
} from '../../../src/emulators/plane/index.js';

/** A key for the bot user of `startSeeded`. */
export const KEY = `plane_api_${'a'.repeat(32)}`;

export interface Seeded {
  plane: FakePlane;
  bot: UserRecord;
  dana: UserRecord;
  guest: UserRecord;
  project: ProjectRecord;
  /** `/api/v1/workspaces/acme/projects/<id>` */
  projectPath: string;
  /** fetch relative to the fake, with the bot's key unless headers say otherwise; redirects not followed. */
  api(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
  /** api() + JSON body, for requests that must succeed. */
  json<T = any>(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<T>;
}

/**
 * Workspace `acme` with the bot (member, key KEY), Dana (admin) and a guest, and project ACME with
 * Plane's default states. The limiter is opened wide unless the test sets rateLimit.
 */
export async function startSeeded(options: FakePlaneOptions = {}): Promise<Seeded> {
  const plane = await startFakePlane({
    rateLimit: { requests: 1_000_000 },
    ...options,
    apiKeys: { [KEY]: 'bot@acme.io', ...options.apiKeys },
  });
  const bot = plane.db.addMember('acme', { email: 'bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
  const dana = plane.db.addMember('acme', { email: 'dana@acme.io', first_name: 'Dana', last_name: 'Kim', display_name: 'dana', role: 20 });
  const guest = plane.db.addMember('acme', { email: 'guest@acme.io', display_name: 'guest', role: 5 });
  const project = plane.db.addProject('acme', { identifier: 'ACME', name: 'Website', created_by: dana.id });
  const api: Seeded['api'] = (path, init = {}) =>
    fetch(`${plane.url}${path}`, { redirect: 'manual', ...init, headers: { 'X-Api-Key': KEY, ...init.headers } });
  const json = async <T>(path: string, init?: Parameters<Seeded['api']>[1]): Promise<T> => {
    const response = await api(path, init);
    if (!response.ok) throw new Error(`${response.status} ${path}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { plane, bot, dana, guest, project, projectPath: `/api/v1/workspaces/acme/projects/${project.id}`, api, json };
}

export function jsonBody(body: unknown, method = 'POST'): RequestInit & { headers: Record<string, string> } {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** A settable clock for the limiter and signed URLs. */
export function fakeClock(start = Date.UTC(2026, 2, 4, 16, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
