import { request } from 'undici';
import { afterAll, beforeAll, describe } from 'vitest';
import { parsePlaneRate } from '../../src/config.js';
import { planeContract } from '../plane/contract/suite.js';
import type { ContractTarget, Person } from '../plane/contract/target.js';
import { pointWebhook, resetPlaneCe } from './fixture.js';
import { realPlane } from './plane-ce.js';

const plane = realPlane();

// The contract suite against the real Plane CE; test/plane/contract.test.ts runs it against the emulator.
describe.skipIf(!plane)('the Plane contract, on the real Plane CE', () => {
  const sessions = new Map<Person, WebSession>();
  let pointed = false;
  const target: ContractTarget = {
    name: 'real Plane',
    url: plane?.url ?? '',
    workspace: plane?.workspace ?? 'acme',
    keys: plane?.keys ?? ({} as Record<Person, string>),
    webhookSecret: plane?.webhookSecret ?? '',
    async reset() {
      // A reset restores the seed's webhook target; it also drops the web sessions.
      resetPlaneCe(plane!.env);
      sessions.clear();
      pointed = false;
    },
    // Set when the fixture came up (PLANE_CE_API_RATE_LIMIT): the real Plane cannot change it per test.
    apiRate: () => parsePlaneRate(plane?.env.PLANE_CE_RATE_LIMIT ?? '') ?? { requests: 60, windowMs: 60_000 },
    async pointWebhook(url) {
      pointWebhook(plane!.env, url);
      pointed = true;
    },
    async webEdit(person, key, changes) {
      let session = sessions.get(person);
      if (!session) sessions.set(person, (session = await signIn(plane!.url, `${person}@acme.test`)));
      const item = (await (
        await request(`${plane!.url}/api/v1/workspaces/acme/work-items/${key}/`, { headers: { 'x-api-key': plane!.apiKey } })
      ).body.json()) as { id: string; project: string };
      await session.send('PATCH', `/api/workspaces/acme/projects/${item.project}/issues/${item.id}/`, changes);
    },
  };
  beforeAll(() => resetPlaneCe(plane!.env));
  afterAll(() => {
    if (pointed) pointWebhook(plane!.env, undefined);
  });
  planeContract(() => target);
});

interface WebSession {
  send(method: 'PATCH', path: string, body: unknown): Promise<void>;
}

/** Signs in to the web app's session API as the seeded user (password from the fixture's seed). */
async function signIn(url: string, email: string): Promise<WebSession> {
  const cookies = new Map<string, string>();
  const keep = (headers: Record<string, string | string[] | undefined>) => {
    const set = headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await request(`${url}/auth/get-csrf-token/`);
  keep(csrf.headers);
  const token = ((await csrf.body.json()) as { csrf_token: string }).csrf_token;
  const form = new URLSearchParams({ email, password: 'Plane-ce-123', csrfmiddlewaretoken: token });
  const signedIn = await request(`${url}/auth/sign-in/`, {
    method: 'POST',
    // Plane's sign-in answers 500 to a request without a User-Agent.
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookie(),
      referer: `${url}/`,
      origin: url,
      'user-agent': 'planebot-contract',
    },
    body: form.toString(),
  });
  keep(signedIn.headers);
  await signedIn.body.dump();
  if (!cookies.has('session-id')) throw new Error(`could not sign in to the real Plane's web app as ${email}`);
  return {
    async send(method, path, body) {
      const answer = await request(`${url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          cookie: cookie(),
          referer: `${url}/`,
          origin: url,
          'user-agent': 'planebot-contract',
          'x-csrftoken': cookies.get('csrftoken')!,
        },
        body: JSON.stringify(body),
      });
      const text = await answer.body.text();
      if (answer.statusCode >= 300) throw new Error(`web app ${method} ${path}: ${answer.statusCode} ${text.slice(0, 200)}`);
    },
  };
}
