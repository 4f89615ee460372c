import type { PlaneRate } from '../../../src/config.js';
import { imageComponent, startFakePlane, type FakePlane } from '../../../src/emulators/plane/index.js';
import { CELERY_WORKERS, type ContractTarget, type Person } from './target.js';

// The real fixture's keys and webhook secret (fixed strings there), so both targets are told the same.
const KEYS: Record<Person, string> = {
  admin: 'plane_api_73e8b11a2b0eb6f09a16b7bbbfe88e00',
  alice: 'plane_api_028ca0c14748a7046efbd3fd30ec2dfe',
  bob: 'plane_api_4c8a8b5eb229f6d9bcff4e2fb48ad48e',
  dana: 'plane_api_060a3c22199a996496325a0c3b74ab3f',
  carol: 'plane_api_76cd0eea76730e8ff8e5cf74664cbb4c',
  bot: 'plane_api_010bf8d65c193e5cf30e1685b5412b7f',
};
const WEBHOOK_SECRET = 'plane_wh_6f00ab5e341430283ad636420fc270f2';
// A 1×1 PNG, for the description image and the attachment.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const USERS: [Person, string, string, string, 20 | 15 | 5][] = [
  ['admin', 'Ada', 'Admin', 'admin', 20],
  ['alice', 'Alice', 'Martin', 'alice', 15],
  ['bob', 'Bob', 'Brown', 'bob', 15],
  ['dana', 'Dana', 'Kim', 'dana', 15],
  ['carol', 'Carol', 'Guest', 'carol', 5],
  ['bot', 'Plane', 'Bot', 'planebot', 15],
];

/**
 * The emulator seeded as the real Plane CE fixture seeds itself (the users, projects, labels, work
 * items and comment that the contract suite reads), in the same order, so that both answer alike.
 */
export function seedLikeFixture(plane: FakePlane): void {
  const db = plane.db;
  const id = {} as Record<Person, string>;
  for (const [person, first, last, display, role] of USERS) {
    const user = db.addMember('acme', { email: `${person}@acme.test`, first_name: first, last_name: last, display_name: display, role });
    id[person] = user.id;
    db.addApiKey(KEYS[person], user.id);
  }
  db.workspaceBySlug('acme')!.name = 'Acme';
  const members = (people: Person[]) => ['admin', ...people].map((p) => ({ user: id[p as Person] }));
  const acme = db.addProject('acme', {
    identifier: 'ACME',
    name: 'Acme Web',
    description: 'The Acme web app',
    created_by: id.admin,
    members: members(['alice', 'bob', 'dana', 'carol', 'bot']),
  });
  db.addState(acme.id, { name: 'In Review', group: 'started', color: '#f59e0b' });
  for (const [name, color] of [
    ['bug', '#ef4444'],
    ['feature', '#3b82f6'],
    ['docs', '#10b981'],
    ['blocked', '#6b7280'],
  ] as const)
    db.addLabel(acme.id, { name, color });
  const item = (
    project: string,
    name: string,
    state: string,
    priority: 'urgent' | 'high' | 'medium' | 'low' | 'none',
    assignees: Person[],
    labels: string[],
    html: string,
    more: { start_date?: string; target_date?: string; parent?: string } = {},
  ) =>
    db.addWorkItem(project, {
      name,
      state,
      priority,
      assignees: assignees.map((p) => id[p]),
      labels,
      description_html: html,
      created_by: id.admin,
      ...more,
    });
  const first = item(
    'ACME',
    'Login fails with SSO',
    'Todo',
    'urgent',
    ['alice'],
    ['bug'],
    '<p>SSO login returns a 500 after the IdP redirect.</p>',
  );
  item('ACME', 'Export to CSV', 'Backlog', 'medium', ['bob', 'dana'], ['feature'], '<p>Users want a CSV export of reports.</p>');
  item(
    'ACME',
    'Dark mode',
    'In Progress',
    'low',
    ['alice', 'bob'],
    ['feature'],
    '<div><p>Add a dark theme.</p><ul><li><p>toggle</p></li><li><p>persist</p></li></ul></div>',
    { start_date: '2026-01-05', target_date: '2026-01-30' },
  );
  const crash = item(
    'ACME',
    'Crash on empty search',
    'In Review',
    'high',
    ['alice'],
    ['bug'],
    '<p>Searching with an empty string crashes the app. Screenshot:</p>',
  );
  const shot = db.addAsset('acme', { workItem: crash.id, name: 'screenshot.png', type: 'image/png', bytes: PNG });
  crash.description_html = `<div>${crash.description_html}${imageComponent(shot.id, { width: 4, height: 2 })}</div>`;
  db.addAttachment(crash.id, { name: 'console.png', type: 'image/png', bytes: PNG });
  item('ACME', 'Update API docs', 'Done', 'none', ['bob'], ['docs'], '<p>Document the v1 endpoints.</p>');
  item('ACME', 'Rate limit the public API', 'Todo', 'high', [], [], '<p>Throttle anonymous callers.</p>');
  item('ACME', 'Onboarding checklist', 'Backlog', 'medium', ['alice'], ['feature', 'docs'], '<p>First-run checklist.</p>');
  item('ACME', 'Flaky integration test', 'Cancelled', 'low', ['bob'], ['bug'], '<p>Retired.</p>');
  item('ACME', 'Slack notifications', 'In Progress', 'medium', ['alice', 'dana'], ['feature'], '<p>Post to Slack when items change.</p>');
  item('ACME', 'Billing page typo', 'Todo', 'low', ['bob'], ['bug'], '<p>\u201cRecieve\u201d should be \u201cReceive\u201d.</p>');
  item(
    'ACME',
    'Checkout blocked by payment provider',
    'Todo',
    'urgent',
    ['dana'],
    ['bug', 'blocked'],
    "<p>Waiting on the provider's fix.</p>",
    { target_date: '2030-06-30' },
  );
  item('ACME', 'SSO: add an integration test', 'Todo', 'medium', ['alice'], [], '<p>Cover the IdP redirect.</p>', { parent: first.id });
  db.addComment(first.id, {
    comment_html: '<p>Reproduced on <strong>staging</strong>; see <a href="https://example.com/runbooks/sso">the SSO runbook</a>.</p>',
    actor: id.bob,
  });
  // The fixture's intake item took ACME-13.
  acme.next_sequence = 14;
  const ops = db.addProject('acme', {
    identifier: 'OPS',
    name: 'Operations',
    description: 'Infrastructure and on-call',
    created_by: id.admin,
    members: members(['bob', 'dana', 'bot']),
  });
  db.addLabel(ops.id, { name: 'incident', color: '#dc2626' });
  item('OPS', 'Rotate TLS certificates', 'Todo', 'high', ['bob'], [], '<p>They expire at the end of the month.</p>');
  item('OPS', 'Nightly backup failed', 'In Progress', 'urgent', ['bob', 'dana'], ['incident'], '<p>The 02:00 job exited with code 1.</p>');
  item('OPS', 'Upgrade Postgres to 16', 'Backlog', 'medium', ['dana'], [], '<p>Plan the maintenance window.</p>');
}

/** The emulator as a contract target: a fresh one per file, seeded like the real fixture. */
export async function emulatorTarget(
  options: { rateLimit?: number } = {},
): Promise<ContractTarget & { readonly plane: FakePlane; close(): Promise<void> }> {
  const raised: PlaneRate = { requests: options.rateLimit ?? 100_000, windowMs: 60_000 };
  let rate = raised;
  const start = async () => {
    const plane = await startFakePlane({
      instanceVersion: '1.3.1',
      rateLimit: rate,
      // Plane's AnonRateThrottle (DEFAULT_THROTTLE_RATES anon), whatever the API key's rate.
      anonymousRateLimit: { requests: 30, windowMs: 60_000 },
      webhooks: { allowed: ['127.0.0.0/8'], workers: CELERY_WORKERS },
    });
    seedLikeFixture(plane);
    return plane;
  };
  let plane = await start();
  const target = {
    name: 'emulator' as const,
    get url() {
      return plane.url;
    },
    get plane() {
      return plane;
    },
    workspace: 'acme',
    keys: KEYS,
    webhookSecret: WEBHOOK_SECRET,
    async reset(options?: { apiRate?: PlaneRate }) {
      await plane.close();
      rate = options?.apiRate ?? raised;
      plane = await start();
    },
    apiRate: () => rate,
    async pointWebhook(url: string) {
      plane.webhooks.add('acme', { url, secret: WEBHOOK_SECRET });
    },
    async webEdit(person: Person, key: string, changes: Record<string, unknown>) {
      plane.webApp.updateWorkItem(key, changes, `${person}@acme.test`);
    },
    close: () => plane.close(),
  };
  return target;
}
