/**
 * How long the kit waits once the real Plane says `X-RateLimit-Remaining: 0`, against a Plane CE at
 * its own 60 requests a minute (the real Plane CE fixture: `PLANE_CE_API_RATE_LIMIT=60/minute up.sh`,
 * then `source $PLANE_CE_HOME/plane-ce.env`; run `npx tsx bench/plane-limit-wait.ts`, ~2 minutes).
 *
 * One process spends 30 requests, then 29 more 15 s later, one after the other (Plane's window now holds 59); a second
 * process (its own limiter, as after a restart or on another replica without Redis) sends the 60th,
 * which Plane answers with Remaining: 0, then one more. The first slot frees when the first request
 * is 60 s old, about 44 s after the 60th: the wait measured is how long that last request took.
 */
import Keyv from 'keyv';
import { createPlaneKit } from '../src/plane/kit.js';
import { PlaneLimiters } from '../src/plane/limiter.js';

const url = process.env.PLANE_CE_URL;
// A seeded user whose key has not been used in the last minute (argument: alice, bob, dana…).
const key = process.env[`PLANE_CE_${(process.argv[2] ?? 'dana').toUpperCase()}_API_KEY`];
if (!url || !key || process.env.PLANE_CE_RATE_LIMIT !== '60/minute') {
  console.error('needs the real Plane CE at 60/minute: PLANE_CE_API_RATE_LIMIT=60/minute up.sh, then source its plane-ce.env');
  process.exit(2);
}

const kitWith = (limiters: PlaneLimiters) =>
  createPlaneKit({ apiKey: key, baseUrl: url, appUrl: url, workspace: 'acme', cache: new Keyv(), limiters });
const read = (kit: ReturnType<typeof kitWith>) => kit.api().me({ fresh: true });

// The limiter's timers do not hold the process open; this does, while it waits.
const alive = setInterval(() => undefined, 1_000);
const first = new PlaneLimiters();
const a = kitWith(first);
const start = Date.now();
// One after the other: Plane's throttle (a read-modify-write of a list in its cache) loses concurrent requests.
for (let i = 0; i < 30; i += 1) await read(a);
await new Promise((resolve) => setTimeout(resolve, 15_000));
for (let i = 0; i < 29; i += 1) await read(a);
const second = new PlaneLimiters();
const b = kitWith(second);
await read(b);
const sixtieth = Date.now();
await read(b);
const waited = (Date.now() - sixtieth) / 1000;
const freedAt = (start + 60_000 - sixtieth) / 1000;
console.log(`wait after Remaining: 0: ${waited.toFixed(1)} s (Plane's first slot freed ${freedAt.toFixed(1)} s after the 60th request)`);
clearInterval(alive);
await Promise.all([first.close(), second.close()]);
process.exit(0);
