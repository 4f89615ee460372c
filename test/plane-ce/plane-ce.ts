import Keyv from 'keyv';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPlaneKit, type PlaneKit, type PlaneKitOptions } from '../../src/plane/kit.js';
import { startBotHarness, type BotHarness } from '../harness/bot.js';
import { resetPlaneCe } from './fixture.js';

/** What the fixture printed (`PLANE_CE_URL`, `PLANE_CE_API_KEY`, the seeded users' keys …). */
export interface PlaneCe {
  url: string;
  workspace: string;
  apiKey: string;
  adminApiKey: string;
  keys: Record<'admin' | 'alice' | 'bob' | 'dana' | 'carol' | 'bot', string>;
  webhookSecret: string;
  webhooksLog: string;
  projectId: string;
  opsProjectId: string;
  /** Every variable, for the fixture's scripts. */
  env: Record<string, string>;
}

/** The real Plane CE of this run, or undefined where it is not available (the file's tests skip). */
export function realPlane(): PlaneCe | undefined {
  const env = inject('planeCe');
  if (!env?.PLANE_CE_URL) return undefined;
  const key = (name: string) => env[`PLANE_CE_${name}_API_KEY`] ?? '';
  return {
    url: env.PLANE_CE_URL,
    workspace: env.PLANE_CE_WORKSPACE ?? 'acme',
    apiKey: env.PLANE_CE_API_KEY ?? '',
    adminApiKey: key('ADMIN'),
    keys: { admin: key('ADMIN'), alice: key('ALICE'), bob: key('BOB'), dana: key('DANA'), carol: key('CAROL'), bot: key('BOT') },
    webhookSecret: env.PLANE_CE_WEBHOOK_SECRET ?? '',
    webhooksLog: env.PLANE_CE_WEBHOOKS_LOG ?? '',
    projectId: env.PLANE_CE_PROJECT_ID ?? '',
    opsProjectId: env.PLANE_CE_OPS_PROJECT_ID ?? '',
    env,
  };
}

/** A Plane kit on the bot's key against this Plane CE, with a cache of its own; `options` add to it. */
export function planeCeKit(plane: PlaneCe, options: Partial<PlaneKitOptions> = {}): PlaneKit {
  return createPlaneKit({
    apiKey: plane.apiKey,
    baseUrl: plane.url,
    appUrl: plane.url,
    workspace: plane.workspace,
    cache: new Keyv(),
    ...options,
  });
}

/** The bot's Plane variables for this Plane CE (its key, its workspace, the fixture's rate limit). */
export function botPlaneEnv(plane: PlaneCe): Record<string, string> {
  return {
    PLANE_BASE_URL: plane.url,
    PLANE_API_KEY: plane.apiKey,
    PLANE_WORKSPACE: plane.workspace,
    PLANE_RATE_LIMIT: plane.env.PLANE_CE_RATE_LIMIT ?? '100000/minute',
  };
}

/** A JSON request to Plane's API under the workspace (`projects/<id>/…`), as its admin unless `key` says. */
export function planeRequest(
  plane: PlaneCe,
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<Response> {
  return fetch(`${plane.url}/api/v1/workspaces/${plane.workspace}/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'X-Api-Key': init.key ?? plane.adminApiKey, 'Content-Type': 'application/json' },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
}

/** The same, under the seeded project ACME: `work-items/…`, `states/`. */
export function projectRequest(plane: PlaneCe, path: string, init?: Parameters<typeof planeRequest>[2]): Promise<Response> {
  return planeRequest(plane, `projects/${plane.projectId}/${path}`, init);
}

/** The bot on this Plane CE for a describe block: Plane reset, then the bot started; closed after its tests. */
export function botOnRealPlane(plane: PlaneCe | undefined): () => BotHarness {
  let harness: BotHarness | undefined;
  beforeAll(async () => {
    resetPlaneCe(plane!.env);
    harness = await startBotHarness({ env: botPlaneEnv(plane!) });
  }, 120_000);
  afterAll(() => harness?.close());
  return () => harness!;
}
