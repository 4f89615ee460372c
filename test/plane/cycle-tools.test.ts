import { afterAll, beforeEach, describe } from 'vitest';
import { startFakePlane, type FakePlane } from '../../src/emulators/plane/index.js';
import { cycleToolContract } from './cycle-contract.js';

const KEY = 'plane_api_c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1';
const DAY = 86_400_000;

/** The fixture's seed, as far as cycles and modules go: ACME's twelve items in their states, Sprint 1, Checkout revamp, OPS with both off. */
function seedLikeTheFixture(plane: FakePlane): void {
  const { db } = plane;
  db.addMember('acme', { email: 'bot@acme.test', display_name: 'planebot' });
  const dana = db.addMember('acme', { email: 'dana@acme.test', display_name: 'dana', first_name: 'Dana', last_name: 'Kim' });
  db.addApiKey(KEY, 'bot@acme.test');
  db.addProject('acme', { identifier: 'ACME', name: 'Acme Web' });
  db.addProject('acme', { identifier: 'OPS', name: 'Operations', cycle_view: false, module_view: false });
  const states = [
    'Todo',
    'Backlog',
    'In Progress',
    'In Progress',
    'Done',
    'Todo',
    'Backlog',
    'Cancelled',
    'In Progress',
    'Todo',
    'Todo',
    'Todo',
  ];
  states.forEach((state, i) => db.addWorkItem('ACME', { name: `Item ${i + 1}`, state }));
  db.addWorkItem('OPS', { name: 'Rotate TLS certificates', state: 'Todo' });
  const now = db.now();
  db.addCycle('ACME', {
    name: 'Sprint 1',
    start_date: now - 7 * DAY,
    end_date: now + 21 * DAY,
    items: ['ACME-1', 'ACME-3', 'ACME-9', 'ACME-12'],
  });
  db.addModule('ACME', {
    name: 'Checkout revamp',
    status: 'in-progress',
    lead: dana.id,
    members: [dana.id],
    items: ['ACME-2', 'ACME-10', 'ACME-11'],
  });
}

let plane: FakePlane | undefined;

describe('cycle and module tools (Plane emulator)', () => {
  beforeEach(async () => {
    await plane?.close();
    plane = await startFakePlane({ rateLimit: { requests: 100_000 } });
    seedLikeTheFixture(plane);
  });
  afterAll(() => plane?.close());
  cycleToolContract(() => ({ url: plane!.url, apiKey: KEY }));
});
