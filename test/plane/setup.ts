import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';
import { startFakePlane, type FakePlane, type FakePlaneOptions } from '../../src/emulators/plane/index.js';
import { createPlaneKit, type PlaneKit, type PlaneKitOptions } from '../../src/plane/kit.js';
import { createPlaneTools } from '../../src/tools/plane/index.js';
import { ToolRegistry, type Requester, type ToolContext } from '../../src/tools/registry.js';

/**
 * A fake Plane seeded with workspace `acme` — members plane-bot (the key's user), dana, lee and a
 * guest — project ACME "Acme Web" (default states, labels bug/feature/ui), project OPS "Operations"
 * (without lee), and the kit and registry over it. Every setup gets its own API key, and its kit its
 * own limiters, so that one test's budget never slows another.
 */
export interface PlaneTestbed {
  plane: FakePlane;
  apiKey: string;
  kit: PlaneKit;
  cache: Keyv;
  tools: ToolRegistry;
  users: { bot: { id: string }; dana: { id: string }; lee: { id: string }; guest: { id: string } };
  /** Runs a tool; throws with the tool's error text when it fails. */
  call(name: string, input: unknown, requester?: Requester): Promise<string>;
  /** Runs a tool expecting failure; returns the error text. */
  fail(name: string, input: unknown, requester?: Requester): Promise<string>;
  /** Requests that reached Plane (storage downloads and the unauthenticated probe excluded). */
  apiRequests(): { method: string; path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

export interface TestbedOptions {
  fake?: FakePlaneOptions;
  kit?: Partial<PlaneKitOptions>;
  /** Seeds nothing when false (the caller seeds plane.db itself). */
  seed?: boolean;
  /** More of the tools' context (e.g. `fileWrites`), for every call. */
  context?: Partial<ToolContext>;
}

const testbeds: PlaneTestbed[] = [];

export async function startTestbed(options: TestbedOptions = {}): Promise<PlaneTestbed> {
  const apiKey = `plane_api_${randomUUID().replace(/-/g, '')}`;
  const plane = await startFakePlane(options.fake);
  const users = seed(plane, apiKey, options.seed !== false);
  const cache = new Keyv();
  const kit = createPlaneKit({ apiKey, baseUrl: plane.url, appUrl: 'https://plane.example.com', workspace: 'acme', cache, ...options.kit });
  const tools = new ToolRegistry(createPlaneTools(kit));
  const context = (requester?: Requester): ToolContext => ({ filesDir: '/nonexistent', ...options.context, requester });
  const testbed: PlaneTestbed = {
    plane,
    apiKey,
    kit,
    cache,
    tools,
    users,
    async call(name, input, requester) {
      const result = await tools.call(name, input, context(requester));
      if (!result.ok) throw new Error(`${name} failed: ${result.error}`);
      return result.text;
    },
    async fail(name, input, requester) {
      const result = await tools.call(name, input, context(requester));
      if (result.ok) throw new Error(`${name} succeeded unexpectedly:\n${result.text}`);
      return result.error;
    },
    apiRequests: () =>
      plane.requests
        .filter((r) => r.path.startsWith('/api/') && r.path !== '/api/instances/')
        .map(({ method, path, query }) => ({ method, path, query })),
    close: () => plane.close(),
  };
  testbeds.push(testbed);
  return testbed;
}

/** For afterEach: closes every fake started. */
export async function closeTestbeds(): Promise<void> {
  await Promise.all(testbeds.splice(0).map((t) => t.close()));
}

function seed(plane: FakePlane, apiKey: string, full: boolean): PlaneTestbed['users'] {
  const db = plane.db;
  const bot = db.addMember('acme', { email: 'plane-bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
  db.addApiKey(apiKey, bot.id);
  const dana = db.addMember('acme', { email: 'dana@acme.io', first_name: 'Dana', last_name: 'Kim', display_name: 'dana', role: 20 });
  const lee = db.addMember('acme', { email: 'lee@acme.io', first_name: 'Lee', last_name: 'Park', display_name: 'lee' });
  const guest = db.addMember('acme', { email: 'gus@acme.io', first_name: 'Gus', last_name: 'Guest', display_name: 'gus', role: 5 });
  if (full) {
    db.addProject('acme', { identifier: 'ACME', name: 'Acme Web' });
    for (const name of ['bug', 'feature', 'ui']) db.addLabel('ACME', { name });
    db.addProject('acme', { identifier: 'OPS', name: 'Operations', members: [bot.id, dana.id] });
  }
  return { bot, dana, lee, guest };
}
