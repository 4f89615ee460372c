/**
 * The Plane tool kit against the fake Plane (CE 1.4.2): how many Plane requests each operation
 * costs once the cache is warm (projects, states, labels, members, current user, instance probe).
 * Project ACME holds 2,500 work items, so listing it takes three pages of 1,000.
 */
import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';
import { startFakePlane } from '../src/emulators/plane/index.js';
import { createPlaneKit } from '../src/plane/kit.js';
import { createPlaneTools } from '../src/tools/plane/index.js';
import { ToolRegistry } from '../src/tools/registry.js';
import type { BenchRow } from './run.js';

const ITEMS = 2500;

export async function bench(): Promise<BenchRow[]> {
  const plane = await startFakePlane();
  const apiKey = `plane_api_${randomUUID().replace(/-/g, '')}`;
  const db = plane.db;
  const bot = db.addMember('acme', { email: 'plane-bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
  const dana = db.addMember('acme', { email: 'dana@acme.io', first_name: 'Dana', last_name: 'Kim', display_name: 'dana' });
  db.addApiKey(apiKey, bot.id);
  db.addProject('acme', { identifier: 'ACME', name: 'Acme Web' });
  for (const name of ['bug', 'feature', 'ui']) db.addLabel('ACME', { name });
  db.addManyWorkItems('ACME', ITEMS, (i) => ({
    assignees: i % 7 === 0 ? [bot.id] : [dana.id],
    state: ['Backlog', 'Todo', 'In Progress', 'Done'][i % 4],
    labels: i % 3 === 0 ? ['bug'] : [],
  }));
  db.addComment('ACME-1', { comment_html: '<p>hello</p>', actor: dana.id });

  const kit = createPlaneKit({ apiKey, baseUrl: plane.url, appUrl: plane.url, workspace: 'acme', cache: new Keyv() });
  const tools = new ToolRegistry(createPlaneTools(kit));
  const context = { filesDir: '/nonexistent', requester: { id: 'U1', email: 'plane-bot@acme.io' } };
  const run = async (name: string, input: unknown) => {
    const result = await tools.call(name, input, context);
    if (!result.ok) throw new Error(`${name}: ${result.error}`);
  };
  const keyed = () => plane.requests.filter((r) => r.path.startsWith('/api/') && r.path !== '/api/instances/').length;

  // Warm the cache: every list the kit keeps for five minutes.
  await run('plane_whoami', {});
  await run('plane_list_members', { project: 'ACME' });
  await run('plane_list_states', { project: 'ACME' });
  await run('plane_list_labels', { project: 'ACME' });
  await run('plane_get_issue', { key: 'ACME-1' });

  const rows: BenchRow[] = [];
  const measure = async (label: string, target: string, name: string, input: unknown) => {
    plane.resetRequests();
    const started = performance.now();
    await run(name, input);
    const ms = performance.now() - started;
    rows.push({ area: 'plane', measure: `${label} (Plane requests, warm cache; ${ms.toFixed(0)} ms)`, value: String(keyed()), target });
  };
  await measure('get by key', '1', 'plane_get_issue', { key: 'ACME-42' });
  await measure('list states', '0', 'plane_list_states', { project: 'ACME' });
  await measure('list labels', '0', 'plane_list_labels', { project: 'ACME' });
  await measure('list members', '0', 'plane_list_members', { project: 'ACME' });
  await measure('create with names', '1', 'plane_create_issue', {
    project: 'Acme Web',
    title: 'Bench item',
    state: 'In Progress',
    labels: ['bug', 'ui'],
    assignees: ['dana', 'me'],
    priority: 'high',
  });
  await measure('update by key', '2', 'plane_update_issue', { key: 'ACME-42', state: 'Done', assignees: ['dana'], labels: ['feature'] });
  await measure(`my issues, ${ITEMS} items in the project`, '3 (one per 1,000)', 'plane_list_my_issues', { project: 'ACME' });
  await measure(`my issues, all projects`, '3', 'plane_list_my_issues', {});
  await measure(`search, ${ITEMS} items`, '3', 'plane_search_issues', { project: 'ACME', query: 'item 12', assignee: 'dana' });
  await measure('list comments', '2', 'plane_list_comments', { key: 'ACME-1' });
  await measure('add comment', '2', 'plane_add_comment', { key: 'ACME-1', text: 'bench', format: 'markdown' });
  await measure('whoami', '0', 'plane_whoami', {});

  await plane.close();
  return rows;
}
