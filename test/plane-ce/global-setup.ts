import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { planeCeFixture } from './fixture.js';

/**
 * Brings up the real Plane CE (idempotent: about a second when it already runs) and hands its
 * variables to the test files. Where the fixture is not on this machine, or does not come up, the
 * files of this project run against nothing and say so once; CI brings it up first, so there a
 * failure to start fails the run before the tests.
 */
export default function setup(project: TestProject): void {
  const fixture = planeCeFixture();
  if (!existsSync(fixture.upScript)) {
    console.warn(`[plane-ce] the real Plane CE fixture is not on this machine (${fixture.dir}): its tests are skipped`);
    return;
  }
  const out = execFileSync(fixture.upScript, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    // Contract suites are not about the rate limit; the files that are set Plane's own 60 a minute.
    env: { ...process.env, PLANE_CE_API_RATE_LIMIT: process.env.PLANE_CE_API_RATE_LIMIT ?? '100000/minute' },
  });
  const vars: Record<string, string> = {};
  for (const m of out.matchAll(/^export (PLANE_CE_\w+)='(.*)'$/gm)) vars[m[1]!] = m[2]!;
  project.provide('planeCe', vars);
}

declare module 'vitest' {
  export interface ProvidedContext {
    planeCe: Record<string, string>;
  }
}
