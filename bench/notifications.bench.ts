/**
 * Plane → Slack notifications under a burst: 100 work items each changed in three fields at once
 * (a web-app edit of state, priority and assignees: 300 signed deliveries from the fake Plane to the
 * bot), with two channels subscribed to the project. The bot runs in this process with its
 * production clocks (10 s condensing, one post a second per channel, not the test harness's faster
 * pace) against the Slack emulator, so the burst's posts take a little over three minutes. The cache
 * is warmed by one earlier change, as a running bot's would be.
 */
import { loadavg } from 'node:os';
import { DEFAULT_POST_INTERVAL_MS } from '../src/notifications/outbox.js';
import { eventually, startBotHarness } from '../test/harness/bot.js';
import { percentile } from './fixtures/rounds.js';
import type { BenchRow } from './run.js';

const ITEMS = 100;
const CHANNELS = ['C0OPS', 'C0GENERAL'];

/** The most entries in any window of `ms` (a sliding window over sorted times). */
function busiest(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[first]! <= sorted[last]! - ms) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** How many, and which (each with its time after the burst began), so that one is never a mystery. */
function planeRequests(requests: readonly { method: string; path: string; time: number }[], started: number): string {
  const which = requests.map((r) => `${r.method} ${r.path} at +${((r.time - started) / 1000).toFixed(1)} s`);
  return which.length === 0 ? '0' : `${which.length}: ${which.join(', ')}`;
}

export async function bench(): Promise<BenchRow[]> {
  const h = await startBotHarness({ webhooks: true, timing: { postIntervalMs: DEFAULT_POST_INTERVAL_MS } });
  try {
    const { dana, leo } = h.demo.users;
    for (const channel of CHANNELS) {
      await h.slack.runCommand({ user: 'U0ALICE', channel, command: '/plane', text: 'subscribe ACME' });
      // The command is answered after the ack, once the subscription is stored.
      await eventually(() => h.slack.workspace.ephemeralsFor(channel, 'U0ALICE').length > 0, 30_000, `the subscription in ${channel}`);
    }
    const items = Array.from({ length: ITEMS }, (_, i) =>
      h.plane.db.addWorkItem(h.demo.project.id, { name: `Bench item ${i + 1}`, state: 'Backlog', priority: 'none' }),
    );
    // Warm-up: one change, through to its card in both channels (projects, states, members cached).
    const warm = h.demo.workItems[0]!;
    h.plane.webApp.updateWorkItem(warm.id, { priority: 'low' }, dana.id);
    const warmKey = `ACME-${warm.sequence_id}:`;
    await eventually(
      () => CHANNELS.every((c) => h.slack.workspace.messages(c).some((m) => m.text.startsWith(warmKey))),
      30_000,
      'the warm-up cards',
    );

    // The daily jobs a fresh bot finds missed (the cycles' snapshot) run at its first look, within
    // the burst otherwise: run now, their Plane reads are not the burst's.
    await h.bot.scheduler.tick();
    const attemptsBefore = h.plane.webhooks.attempts.length;
    const callsBefore = h.slack.calls.length;
    const planeBefore = h.plane.requests.length;
    const started = Date.now();
    for (const item of items) {
      h.plane.webApp.updateWorkItem(
        item.id,
        { state_id: h.demo.states['In Progress']!.id, priority: 'high', assignee_ids: [leo.id] },
        dana.id,
      );
    }
    const keys = new Set(items.map((item) => `ACME-${item.sequence_id}`));
    const keyOf = (text: string) => /^(ACME-\d+):/.exec(text)?.[1];
    await eventually(
      () =>
        CHANNELS.every((channel) => {
          const messages = h.slack.workspace.messages(channel);
          // A card with replies carries its own ts as thread_ts, as in Slack.
          const cards = messages.filter((m) => (m.thread_ts === undefined || m.thread_ts === m.ts) && keys.has(keyOf(m.text) ?? ''));
          return cards.length === ITEMS && cards.every((card) => h.slack.workspace.thread(channel, card.ts).length >= 2);
        }),
      600_000,
      'every card and its line in both channels',
    );
    const attempts = h.plane.webhooks.attempts.slice(attemptsBefore);
    const answers = attempts.map((a) => a.ms ?? Number.NaN).sort((a, b) => a - b);
    const calls = h.slack.calls.slice(callsBefore);
    const posts = calls.filter((c) => c.method === 'chat.postMessage' && c.error === undefined);
    const last = Math.max(...posts.map((c) => c.time));
    const perChannel = CHANNELS.map(
      (channel) =>
        calls.filter((c) => (c.method === 'chat.postMessage' || c.method === 'chat.update') && c.args.channel === channel).length / ITEMS,
    );
    const peak = Math.max(
      ...CHANNELS.map((channel) =>
        busiest(
          posts.filter((c) => c.args.channel === channel).map((c) => c.time),
          1_000,
        ),
      ),
    );
    const load = loadavg()[0]!.toFixed(1);
    return [
      {
        area: 'notifications',
        measure: `webhook deliveries (${ITEMS} items × 3 fields, ${CHANNELS.length} channels)`,
        value: `${attempts.length}, ${attempts.filter((a) => a.status === 200).length} answered 200`,
      },
      {
        area: 'notifications',
        // In this process the fake Plane's own turn on the event loop counts too: `npm run bench webhooks` times the answer alone.
        measure: 'webhook answer p50 / p99, as the in-process fake Plane times it',
        value: `${percentile(answers, 50)} / ${percentile(answers, 99)} ms`,
        target: 'well inside Plane’s 30 s',
      },
      {
        area: 'notifications',
        measure: 'Slack calls per work item per channel',
        value: perChannel.map((n) => n.toFixed(2)).join(' / '),
        // Each item's first notice in a channel: its card, already in the item's current state, then its line.
        target: '2 (card, line)',
      },
      {
        area: 'notifications',
        measure: 'Plane requests made (warm cache)',
        value: planeRequests(h.plane.requests.slice(planeBefore), started),
        target: '0',
      },
      {
        area: 'notifications',
        measure: 'time until the last post',
        value: `${((last - started) / 1000).toFixed(1)} s`,
        target: `≈ ${ITEMS * 2} posts a channel at 1/s`,
      },
      { area: 'notifications', measure: 'peak posts per second per channel', value: String(peak), target: '≤ 1' },
      { area: 'notifications', measure: 'machine load (1 min)', value: load },
    ];
  } finally {
    await h.close();
  }
}
