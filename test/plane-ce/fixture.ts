import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where the real Plane CE fixture lives: `PLANE_CE_DIR`, else `shared/plane-ce` beside the
 * repository's folder (where CI lays the project's shared files).
 */
export function planeCeFixture(): { dir: string; upScript: string; resetScript: string; webhookScript: string } {
  const dir = process.env.PLANE_CE_DIR ?? join(repo, '..', 'shared', 'plane-ce');
  return { dir, upScript: join(dir, 'up.sh'), resetScript: join(dir, 'reset.sh'), webhookScript: join(dir, 'webhook.sh') };
}

/** Back to the seeded data (about half a second); run with no request in flight. */
export function resetPlaneCe(env: Record<string, string>): void {
  execFileSync(planeCeFixture().resetScript, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

/** Points the workspace webhook at a test server (`undefined`: back to the fixture's listener). */
export function pointWebhook(env: Record<string, string>, url: string | undefined): void {
  execFileSync(planeCeFixture().webhookScript, [url ?? '--listener'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
}
