/**
 * `/task sync`: a channel's task tree becomes Plane work items and sub-work-items, against the fake
 * Plane (parents, states, relations and webhooks as Plane has them), and both sides follow each
 * other afterwards.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../src/emulators/plane/server.js';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { channelFilesDir } from '../../../src/files/channel-files.js';
import type { Task } from '../../../src/tasks/format.js';
import { TaskStore } from '../../../src/tasks/store.js';
import { withDescendants } from '../../../src/tasks/tree.js';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, type BotHarness } from '../../harness/bot.js';
import { approvalMessage, BOT, finalStatus, GENERAL, shownText } from '../conversations/support.js';
import { ALICE, OPS, botForTest, codeLines, confirmation, run, sharedBot, shown } from './support.js';
import { FileLocks } from '../../../src/files/file-lock.js';

const store = (h: BotHarness) => TaskStore.open({ locks: new FileLocks(), dir: channelFilesDir(h.dataDir, OPS) });

async function allTasks(h: BotHarness): Promise<Map<string, Task>> {
  const file = await (await store(h)).read();
  return new Map(file.tasks.flatMap((task) => withDescendants(task)).map((task) => [task.id, task]));
}

/** The 3-level tree of 12 tasks (task 1 and below), and a task 2 that is not synced. */
async function plantTree(h: BotHarness): Promise<void> {
  // bob joins the project; alice stays outside it, so she cannot be assigned there.
  h.plane.db.addProjectMember(h.demo.project.id, h.plane.db.user('bob@acme.test').id);
  const tasks = await store(h);
  await tasks.add({ title: 'Launch website', priority: 'high', assignee: 'alice', dueAt: '2031-06-30' });
  await tasks.addSubtask('1', { title: 'Design pages', assignee: 'bob' });
  await tasks.addSubtask('1-1', { title: 'Draft mock-ups', priority: 'critical' });
  await tasks.addSubtask('1-1', { title: 'Review mock-ups', priority: 'low', dueAt: '2031-06-10T17:00:00Z' });
  await tasks.addSubtask('1', { title: 'Write copy', priority: 'low', description: 'Home and pricing pages.' });
  await tasks.addSubtask('1-2', { title: 'Home page copy' });
  await tasks.addSubtask('1-2', { title: 'Pricing copy', priority: 'high' });
  await tasks.addSubtask('1', { title: 'Ship', priority: 'critical', dueAt: '2031-07-01' });
  await tasks.addSubtask('1-3', { title: 'Switch DNS', dependsOn: ['1-1'] });
  await tasks.addSubtask('1-3', { title: 'Announce' });
  await tasks.addSubtask('1-3', { title: 'Watch the errors', assignee: 'dana' });
  await tasks.addSubtask('1', { title: 'Retrospective' });
  await tasks.add({ title: 'Plan the party' });
  await tasks.setStatus('1', 'in-progress');
  await tasks.setStatus('1-1-1', 'done');
  await tasks.setStatus('1-2', 'blocked');
}

const keyed = (h: BotHarness): RecordedRequest[] => h.plane.requests.filter((r) => r.apiKey === h.demo.apiKey);
const creates = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && /\/work-items\/$/.test(r.path));
const patches = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PATCH');

/** The thread of the tree view, without the view itself. */
const threadOf = (h: BotHarness, tree: SlackMessage) => h.slack.workspace.thread(OPS, tree.ts).slice(1).map(shown);

/** Waits until Plane's webhooks were answered and the bot handled them (the thread or file shows it). */
async function webhooksSettled(h: BotHarness): Promise<void> {
  await h.plane.webhooks.settled();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await h.plane.webhooks.settled();
}

describe('/task sync with Plane', () => {
  const harness = sharedBot({ webhooks: true, timing: { postIntervalMs: 20 } });
  let tree: SlackMessage;

  it('makes the 3-level tree of 12 tasks 12 work items with the right parents, names, priorities, dates and states', async () => {
    const h = harness();
    await plantTree(h);
    tree = (await run(h, { command: '/task', text: 'tree' }, { channel: 1 })).channel[0]!;
    h.plane.resetRequests();
    // The webhooks of the creates wait until the reply is written: what the bot does for them
    // (its first GET users/me) is not the sync's, and would otherwise land before or after the reply.
    const release = h.plane.webhooks.hold();
    const { ephemeral, channel } = await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    // Every request the sync sent, the unauthenticated instance probe included, as the reply counts them.
    const requests = [...h.plane.requests];
    release();
    expect(requests.every((r) => r.apiKey === h.demo.apiKey || r.path === '/api/instances/')).toBe(true);
    expect(creates(requests)).toHaveLength(12);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);

    const tasks = await allTasks(h);
    const synced = [...tasks.values()].filter((task) => task.id === '1' || task.id.startsWith('1-'));
    expect(synced).toHaveLength(12);
    expect(tasks.get('2')!.plane).toBeUndefined();
    const groups = { todo: ['backlog', 'unstarted'], 'in-progress': ['started'], done: ['completed'], blocked: ['backlog'] };
    const priorities = { critical: 'urgent', high: 'high', normal: 'medium', low: 'low' };
    for (const task of synced) {
      expect(task.plane, `the key of [${task.id}]`).toMatch(/^ACME-\d+$/);
      const item = h.plane.db.workItem(task.plane!);
      expect(item.name).toBe(task.title);
      expect(item.priority).toBe(priorities[task.priority]);
      expect(item.target_date).toBe(task.dueAt?.slice(0, 10) ?? null);
      expect(groups[task.status]).toContain(h.plane.db.states.get(item.state!)!.group);
      const parent = task.parent === undefined ? null : h.plane.db.workItem(tasks.get(task.parent)!.plane!).id;
      expect(item.parent, `the parent of [${task.id}]`).toBe(parent);
      expect(item.external_source).toBe('planebot');
    }
    // Parents first: every create names a parent that already exists.
    const order = creates(requests).map((r) => JSON.parse(r.body) as { name: string });
    expect(order[0]!.name).toBe('Launch website');
    // Assignees by name; the description; the project has no blocked label, so a comment says it.
    const item = (id: string) => h.plane.db.workItem(tasks.get(id)!.plane!);
    expect(item('1').assignees).toEqual([]);
    expect(item('1-1').assignees).toEqual([h.plane.db.user('bob@acme.test').id]);
    expect(item('1-3-3').assignees).toEqual([h.demo.users.dana.id]);
    expect(item('1-2').description_html).toContain('Home and pricing pages.');
    expect([...h.plane.db.comments.values()].filter((c) => c.issue === item('1-2').id).map((c) => c.comment_html)).toEqual([
      '<p>Blocked in the channel’s task tree.</p>',
    ]);
    // The wait of 1-3-1 on 1-1 is a relation: 1-3-1 blocked by 1-1.
    expect(h.plane.db.relations.map((r) => [r.issue, r.relation_type, r.related_issue])).toEqual([
      [item('1-3-1').id, 'blocked_by', item('1-1').id],
    ]);

    const reply = confirmation(ephemeral[0]!);
    // The subtree as the tree shows it, indentation kept, each key after the title.
    expect(reply.lines).toHaveLength(12);
    expect(reply.lines[2]).toBe(`│  ├─ ✓ [1-1-1] Draft mock-ups · ${tasks.get('1-1-1')!.plane} [CRITICAL]`);
    expect(reply.summary).toBe(
      `✓ Synced [1] and 11 subtasks with ACME (${tasks.get('1')!.plane}): 12 work items created, 0 updated, 0 unchanged.`,
    );
    const notes = shown(ephemeral[0]!);
    expect(notes).toContain(`12 creates and ${requests.length - 12} other Plane requests`);
    expect(notes).toContain('Plane allows 60 requests a minute: a tree this size fits in one window');
    expect(notes).toContain('1 wait sent as Plane relations');
    expect(notes).toContain('@alice matches no member of ACME who can be assigned: left unassigned in Plane.');
    // The announcement goes in the tree's thread.
    expect(channel[0]!.thread_ts).toBe(tree.ts);
    expect(shown(channel[0]!)).toBe(
      `Task [1] Launch website → synced with ${tasks.get('1')!.plane}: 12 tasks in ACME, 12 created (by alice)`,
    );

    const shownTree = codeLines((await run(h, { command: '/task', text: 'tree' }, { channel: 1 })).channel[0]!);
    expect(shownTree[0]).toBe(`→ [1] Launch website · ${tasks.get('1')!.plane} [HIGH] (@alice)`);
    expect(shownTree.at(-1)).toBe('○ [2] Plan the party [NORMAL]');
    tree = h.slack.workspace.messages(OPS).at(-1)!;
    await webhooksSettled(h);
    // Plane's webhooks about the creations changed no task.
    expect(threadOf(h, tree)).toEqual([]);
  });

  it('creates nothing when syncing again, and keeps the file as it was', async () => {
    const h = harness();
    const before = await readFile(join(channelFilesDir(h.dataDir, OPS), 'tasks.json'), 'utf8');
    h.plane.resetRequests();
    const relations = h.plane.db.relations.length;
    const { ephemeral } = await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    expect(creates(keyed(h))).toEqual([]);
    expect(patches(keyed(h))).toEqual([]);
    expect(h.plane.db.relations).toHaveLength(relations);
    expect(confirmation(ephemeral[0]!).summary).toMatch(/: 0 work items created, 0 updated, 12 unchanged\.$/);
    expect(await readFile(join(channelFilesDir(h.dataDir, OPS), 'tasks.json'), 'utf8')).toBe(before);
  });

  it('then syncs a new subtask alone, under its parent’s work item', async () => {
    const h = harness();
    await run(h, { command: '/task', text: 'sub 1-3 Update the status page !high' }, { ephemeral: 1, channel: 1 });
    h.plane.resetRequests();
    const { ephemeral } = await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    const made = creates(keyed(h));
    expect(made).toHaveLength(1);
    const tasks = await allTasks(h);
    const item = h.plane.db.workItem(tasks.get('1-3-4')!.plane!);
    expect(item.name).toBe('Update the status page');
    expect(item.parent).toBe(h.plane.db.workItem(tasks.get('1-3')!.plane!).id);
    expect(confirmation(ephemeral[0]!).summary).toMatch(/: 1 work item created, 0 updated, 12 unchanged\.$/);
  });

  it('writes a status change made with /task to the work item once, and its webhook comes back as no second change', async () => {
    const h = harness();
    await webhooksSettled(h);
    const linesBefore = threadOf(h, tree).length;
    h.plane.resetRequests();
    const { ephemeral, channel } = await run(h, { command: '/task', text: 'status 1-1 in-progress' }, { ephemeral: 1, channel: 1 });
    const key = (await allTasks(h)).get('1-1')!.plane!;
    const item = h.plane.db.workItem(key);
    expect(h.plane.db.states.get(item.state!)!.name).toBe('In Progress');
    expect(patches(keyed(h))).toHaveLength(1);
    expect(shown(ephemeral[0]!)).toContain(`Written to ${key} in Plane (state).`);
    expect(shown(channel[0]!)).toBe('Task [1-1] Design pages → in-progress (by alice)');
    await webhooksSettled(h);
    expect(h.plane.webhooks.attempts.some((a) => a.body.includes('"field": "state"') && a.body.includes(item.id))).toBe(true);
    expect(threadOf(h, tree)).toHaveLength(linesBefore + 1);
    expect((await allTasks(h)).get('1-1')!.status).toBe('in-progress');
    expect(patches(keyed(h))).toHaveLength(1);
  });

  it('writes a Plane change of a linked item to its task once, announced in the tree’s thread, and sends nothing back', async () => {
    const h = harness();
    const tasks = await allTasks(h);
    const key = tasks.get('1-1-2')!.plane!;
    const linesBefore = threadOf(h, tree).length;
    h.plane.resetRequests();
    h.plane.webApp.updateWorkItem(key, { state_id: h.demo.states.Done!.id }, h.demo.users.dana.id);
    await eventually(async () => (await allTasks(h)).get('1-1-2')!.status === 'done', 10_000, 'task 1-1-2 done');
    await webhooksSettled(h);
    await eventually(() => threadOf(h, tree).length > linesBefore, 10_000, 'the line in the thread');
    expect(threadOf(h, tree).slice(linesBefore)).toEqual(['Task [1-1-2] Review mock-ups → done (by dana in Plane)']);
    expect(patches(keyed(h))).toEqual([]);
    expect(creates(keyed(h))).toEqual([]);

    // Cancelled in Plane: done, with a note.
    h.plane.webApp.updateWorkItem(tasks.get('1-4')!.plane!, { state_id: h.demo.states.Cancelled!.id }, h.demo.users.dana.id);
    await eventually(() => threadOf(h, tree).length > linesBefore + 1, 10_000, 'the cancelled line');
    expect(threadOf(h, tree).at(-1)).toBe('Task [1-4] Retrospective → done (cancelled in Plane) (by dana in Plane)');
    // A priority and a title changed in Plane.
    h.plane.webApp.updateWorkItem(tasks.get('1-3-2')!.plane!, { priority: 'urgent', name: 'Announce the launch' }, h.demo.users.dana.id);
    await eventually(async () => (await allTasks(h)).get('1-3-2')!.title === 'Announce the launch', 10_000, 'the new title');
    await eventually(async () => (await allTasks(h)).get('1-3-2')!.priority === 'critical', 10_000, 'the new priority');
    await webhooksSettled(h);
    expect(patches(keyed(h))).toEqual([]);
  });

  it('leaves every task as it is when Plane changes an item no sync made', async () => {
    const h = harness();
    const file = join(channelFilesDir(h.dataDir, OPS), 'tasks.json');
    await webhooksSettled(h);
    const before = await readFile(file, 'utf8');
    const linesBefore = threadOf(h, tree).length;
    const attempts = h.plane.webhooks.attempts.length;
    h.plane.webApp.updateWorkItem('ACME-1', { state_id: h.demo.states.Done!.id, priority: 'low' }, h.demo.users.dana.id);
    await eventually(() => h.plane.webhooks.attempts.length >= attempts + 2, 10_000, 'the two deliveries');
    await webhooksSettled(h);
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(threadOf(h, tree)).toHaveLength(linesBefore);
  });

  it('says that removing a synced task leaves its work item in Plane', async () => {
    const h = harness();
    const key = (await allTasks(h)).get('1-3-4')!.plane!;
    const { ephemeral } = await run(h, { command: '/task', text: 'remove 1-3-4' }, { ephemeral: 1, channel: 1 });
    expect(shown(ephemeral[0]!)).toContain(`${key} stays in Plane: the bot never deletes work items.`);
    expect(h.plane.db.workItem(key).name).toBe('Update the status page');
  });
});

describe('/task sync of a large tree', () => {
  it('syncs 150 tasks under the real limiter without a 429, and reports its progress in the thread', async () => {
    // Plane's window shortened to 2 s on both sides, as the limiter tests do: 60 requests per window.
    const h = await botForTest({
      plane: { rateLimit: { requests: 60, windowMs: 2_000 } },
      timing: { planeWindowMs: 2_000, postIntervalMs: 20 },
    });
    const tasks = await store(h);
    await tasks.add({ title: 'Migrate the docs' });
    for (let section = 1; section <= 9; section += 1) {
      await tasks.addSubtask('1', { title: `Section ${section}` });
    }
    for (let page = 0; page < 140; page += 1) await tasks.addSubtask(`1-${(page % 9) + 1}`, { title: `Page ${page + 1}` });
    const tree = (await run(h, { command: '/task', text: 'tree' }, { channel: 1 })).channel[0]!;
    h.plane.resetRequests();
    await h.slack.runCommand({ user: ALICE, channel: OPS, command: '/task', text: 'sync 1 ACME' });
    const reply = await eventually(() => h.slack.workspace.ephemeralsFor(OPS, ALICE).at(-1), 60_000, 'the sync’s reply');
    const requests = keyed(h);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
    expect(creates(requests)).toHaveLength(150);
    expect(confirmation(reply).summary).toMatch(
      /^✓ Synced \[1\] and 149 subtasks with ACME \(ACME-\d+\): 150 work items created, 0 updated, 0 unchanged\.$/,
    );
    expect(shown(reply)).toMatch(/Plane allows 60 requests a window of 2s: a tree this size takes about \d+s/);
    // More than a window's worth: it took at least two windows.
    expect(requests.at(-1)!.time - requests[0]!.time).toBeGreaterThan(2_000);
    const thread = await eventually(
      () => {
        const lines = threadOf(h, tree);
        return lines.some((line) => line.includes('synced with')) ? lines : undefined;
      },
      10_000,
      'the synced line',
    );
    const progress = thread.filter((line) => / → syncing with ACME: \d+\/150 tasks, about .+ left \(by alice\)$/.test(line));
    expect(progress).toHaveLength(3);
    expect(thread.at(-1)).toMatch(/→ synced with ACME-\d+: 150 tasks in ACME, 150 created \(by alice\)$/);
  }, 90_000);
});

describe('/task sync: blocked, people and dates both ways, older releases, the agent', () => {
  it('finds a blocked label made in Plane after the project’s labels were cached', async () => {
    const h = await botForTest({ timing: { postIntervalMs: 20 } });
    const tasks = await store(h);
    await tasks.add({ title: 'Release notes' });
    await tasks.addSubtask('1', { title: 'Collect changes' });
    await tasks.addSubtask('1', { title: 'Write the summary' });
    // The first sync reads (and caches) the labels, without a blocked one: a comment says so.
    await tasks.setStatus('1-1', 'blocked');
    await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    const key = (await allTasks(h)).get('1-2')!.plane!;
    const blocked = h.plane.db.addLabel(h.demo.project.id, { name: 'Blocked' });
    await run(h, { command: '/task', text: 'status 1-2 blocked' }, { ephemeral: 1, channel: 1 });
    expect(h.plane.db.workItem(key).labels).toEqual([blocked.id]);
    expect([...h.plane.db.comments.values()].filter((c) => c.issue === h.plane.db.workItem(key).id)).toEqual([]);
  });

  it('marks a blocked task with the project’s blocked label, and the label coming and going in Plane blocks and unblocks it', async () => {
    const h = await botForTest({ webhooks: true, timing: { postIntervalMs: 20 } });
    const blocked = h.plane.db.addLabel(h.demo.project.id, { name: 'Blocked' });
    const tasks = await store(h);
    await tasks.add({ title: 'Release notes', dueAt: '2031-05-01' });
    await tasks.addSubtask('1', { title: 'Collect changes' });
    await tasks.setStatus('1-1', 'blocked');
    await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    const key = (await allTasks(h)).get('1-1')!.plane!;
    expect(h.plane.db.workItem(key).labels).toEqual([blocked.id]);
    expect([...h.plane.db.comments.values()].filter((c) => c.issue === h.plane.db.workItem(key).id)).toEqual([]);
    await webhooksSettled(h);

    // Each change from Plane is announced in the channel (no tree was shown), after the file is written.
    const announced = (line: string) => eventually(() => h.slack.workspace.messages(OPS).some((m) => shown(m) === line), 10_000, line);
    h.plane.webApp.updateWorkItem(key, { label_ids: [] }, h.demo.users.dana.id);
    await eventually(async () => (await allTasks(h)).get('1-1')!.status === 'todo', 10_000, 'unblocked');
    await announced('Task [1-1] Collect changes → todo (by dana in Plane)');
    h.plane.webApp.updateWorkItem(key, { label_ids: [blocked.id] }, h.demo.users.dana.id);
    await eventually(async () => (await allTasks(h)).get('1-1')!.status === 'blocked', 10_000, 'blocked again');
    await announced('Task [1-1] Collect changes → blocked (blocked label in Plane) (by dana in Plane)');
    // Unblocked from Slack: the label goes, the state stays the default.
    await run(h, { command: '/task', text: 'status 1-1 in-progress' }, { ephemeral: 1, channel: 1 });
    expect(h.plane.db.workItem(key).labels).toEqual([]);
    expect(h.plane.db.states.get(h.plane.db.workItem(key).state!)!.group).toBe('started');

    // Assignee and due date changed in Plane reach the task; a move to a triage-like group says so.
    const parentKey = (await allTasks(h)).get('1')!.plane!;
    h.plane.webApp.updateWorkItem(parentKey, { assignee_ids: [h.demo.users.leo.id], target_date: '2031-05-15' }, h.demo.users.dana.id);
    await eventually(
      async () => {
        const task = (await allTasks(h)).get('1')!;
        return task.assignee === 'leo' && task.dueAt === '2031-05-15';
      },
      10_000,
      'leo and the new date',
    );
    await announced('Task [1] Release notes → assigned to @leo (by dana in Plane)');
    await announced('Task [1] Release notes → updated (due date) (by dana in Plane)');
    await webhooksSettled(h);
    // And back from Slack: the update reaches the item once.
    h.plane.resetRequests();
    await run(h, { command: '/task', text: 'update 1 due:2031-06-01 !critical' }, { ephemeral: 1, channel: 1 });
    const item = h.plane.db.workItem(parentKey);
    expect([item.target_date, item.priority]).toEqual(['2031-06-01', 'urgent']);
    expect(patches(keyed(h))).toHaveLength(1);
  });

  it('answers a French speaker in French, and the line in the thread too', async () => {
    const h = await botForTest();
    const tasks = await store(h);
    await tasks.add({ title: 'Préparer le salon' });
    await tasks.addSubtask('1', { title: 'Réserver le stand' });
    const { ephemeral, channel } = await run(h, { command: '/task', text: 'sync 1 ACME', user: 'U0CAMILLE' }, { ephemeral: 1, channel: 1 });
    const key = (await allTasks(h)).get('1')!.plane!;
    expect(confirmation(ephemeral[0]!).summary).toBe(
      `✓ [1] et 1 sous-tâche synchronisée avec ACME (${key}) : 2 éléments créés, 0 mis à jour, 0 inchangés.`,
    );
    expect(shown(ephemeral[0]!)).toContain('Plane accepte 60 requêtes par minute : un arbre de cette taille tient dans une fenêtre');
    expect(shown(channel[0]!)).toBe(`Tâche [1] Préparer le salon → synchronisée avec ${key} : 2 tâches dans ACME, 2 créés (par camille)`);
  });

  it('says that a release before v1.3.0 has no relations, and keeps the waits in the tree', async () => {
    const h = await botForTest({ plane: { instanceVersion: '1.2.3' } });
    const tasks = await store(h);
    await tasks.add({ title: 'Move office' });
    await tasks.addSubtask('1', { title: 'Pack' });
    await tasks.addSubtask('1', { title: 'Unpack', dependsOn: ['1-1'] });
    const { ephemeral } = await run(h, { command: '/task', text: 'sync 1 ACME' }, { ephemeral: 1, channel: 1 });
    expect(shown(ephemeral[0]!)).toContain(
      'This Plane (v1.2.3) has no work-item relations (they came with v1.3.0): 1 wait between these tasks stays in the tree only.',
    );
    expect(h.plane.requests.filter((r) => r.path.endsWith('/relations/'))).toEqual([]);
    expect(creates(keyed(h))).toHaveLength(3);
    expect((await allTasks(h)).get('1-2')!.dependsOn).toEqual(['1-1']);
  });

  it('asks before the agent’s Task tool syncs, then writes the agent’s later change of a synced task to its work item', async () => {
    const h = await botForTest({
      model: [
        toolReply([{ name: 'Task', input: { action: 'sync', id: '1', project: 'ACME' } }]),
        textReply('Synced.'),
        toolReply([{ name: 'Task', input: { action: 'status', id: '1', status: 'done' } }]),
        textReply('Done.'),
      ],
    });
    const tasks = await TaskStore.open({ locks: new FileLocks(), dir: channelFilesDir(h.dataDir, GENERAL) });
    await tasks.add({ title: 'Write the newsletter', priority: 'low' });
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> put task 1 in ACME` });
    const approval = await approvalMessage(h, ts);
    expect(shownText(approval)).toContain('Sync task 1 of tasks.json and all its subtasks with Plane project ACME');
    expect(creates(keyed(h))).toEqual([]);
    await h.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await finalStatus(h, ts);
    const key = (await tasks.read()).tasks[0]!.plane!;
    expect(h.plane.db.workItem(key)).toMatchObject({ name: 'Write the newsletter', priority: 'low' });
    // A change of a synced task through the tool needs no approval and reaches the work item.
    const again = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> task 1 is done` });
    await finalStatus(h, again);
    expect(h.plane.db.states.get(h.plane.db.workItem(key).state!)!.group).toBe('completed');
    expect(JSON.stringify(h.model!.requests[3]!.body.messages)).toContain(`Written to ${key} in Plane (state).`);
  });
});
