import { inject } from 'vitest';

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
