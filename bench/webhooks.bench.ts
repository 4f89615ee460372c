/**
 * Plane webhook answers under a burst: 100 work items each changed in three fields at once (300
 * signed deliveries from the fake Plane), two channels subscribed, five rounds on one bot (new items
 * each round). Each round waits until every delivery is handled (the handling-lag histogram's count
 * on /metrics), so a round's answers compete with the handling of its own burst: the "loaded" case.
 * The answer is timed twice: by the fake Plane (the whole request as Plane sees it, including the
 * fake's own work, which runs in this process) and by the bot (`planebot_webhook_answer_seconds`:
 * from the request's arrival at the handler to the answer, read from its buckets).
 */
import { loadavg } from 'node:os';
import { eventually, startBotHarness, type BotHarness } from '../test/harness/bot.js';
import type { BenchRow } from './run.js';
import { spread } from './fixtures/rounds.js';

const ITEMS = 100;
const FIELDS = 3;
const ROUNDS = 5;
const CHANNELS = ['C0OPS', 'C0GENERAL'];

interface Round {
  p50: number;
  p99: number;
  /** The smallest bucket bound (ms) holding 99 % of the bot's own answer times in the round. */
  botP99: number;
  handledMs: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function metrics(h: BotHarness): Promise<string> {
  return (await fetch(`${h.bot.url}/metrics`)).text();
}

function buckets(text: string): Map<number, number> {
  return new Map(
    [...text.matchAll(/planebot_webhook_answer_seconds_bucket\{le="([0-9.]+)"\} (\d+)/g)].map((m) => [Number(m[1]) * 1000, Number(m[2])]),
  );
}

const handledCount = (text: string) => Number(/planebot_webhook_handling_lag_seconds_count (\d+)/.exec(text)?.[1] ?? 0);

async function round(h: BotHarness, index: number): Promise<Round> {
  const { dana, leo } = h.demo.users;
  const items = Array.from({ length: ITEMS }, (_, i) =>
    h.plane.db.addWorkItem(h.demo.project.id, { name: `Round ${index} item ${i + 1}`, state: 'Backlog', priority: 'none' }),
  );
  const before = await metrics(h);
  const attemptsBefore = h.plane.webhooks.attempts.length;
  const started = Date.now();
  for (const item of items) {
    h.plane.webApp.updateWorkItem(
      item.id,
      { state_id: h.demo.states['In Progress']!.id, priority: 'high', assignee_ids: [leo.id] },
      dana.id,
    );
  }
  const expected = ITEMS * FIELDS;
  await eventually(
    () => {
      const attempts = h.plane.webhooks.attempts.slice(attemptsBefore);
      return attempts.length >= expected && attempts.every((a) => a.status !== 0);
    },
    600_000,
    'every answer',
  );
  let after = await metrics(h);
  while (handledCount(after) - handledCount(before) < expected) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    after = await metrics(h);
  }
  const handledMs = Date.now() - started;
  const answers = h.plane.webhooks.attempts
    .slice(attemptsBefore)
    .map((a) => a.ms ?? Number.NaN)
    .sort((a, b) => a - b);
  const [was, now] = [buckets(before), buckets(after)];
  const bounds = [...now.keys()].sort((a, b) => a - b);
  const botP99 = bounds.find((bound) => now.get(bound)! - (was.get(bound) ?? 0) >= 0.99 * expected) ?? Number.POSITIVE_INFINITY;
  return { p50: percentile(answers, 50), p99: percentile(answers, 99), botP99, handledMs };
}

export async function bench(): Promise<BenchRow[]> {
  const load = loadavg()[0]!;
  const h = await startBotHarness({ webhooks: true });
  try {
    for (const channel of CHANNELS) {
      await h.slack.runCommand({ user: 'U0ALICE', channel, command: '/plane', text: 'subscribe ACME' });
      await eventually(() => h.slack.workspace.ephemeralsFor(channel, 'U0ALICE').length > 0, 30_000, `the subscription in ${channel}`);
    }
    // Warm-up: one change, through to its card in both channels (projects, states, members cached).
    const warm = h.demo.workItems[0]!;
    h.plane.webApp.updateWorkItem(warm.id, { priority: 'low' }, h.demo.users.dana.id);
    const warmKey = `ACME-${warm.sequence_id}:`;
    await eventually(
      () => CHANNELS.every((c) => h.slack.workspace.messages(c).some((m) => m.text.startsWith(warmKey))),
      30_000,
      'the warm-up cards',
    );
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(h, i));
    const tag = `${ITEMS * FIELDS}-delivery burst, ${CHANNELS.length} channels, median of ${ROUNDS} rounds (min–max)`;
    return [
      { area: 'webhooks', measure: `answer p50 as Plane sees it (${tag})`, value: `${spread(rounds.map((r) => r.p50))} ms` },
      {
        area: 'webhooks',
        measure: 'answer p99 as Plane sees it (the fake Plane runs in the bench process)',
        value: `${spread(rounds.map((r) => r.p99))} ms`,
        target: '< 50 ms',
      },
      {
        area: 'webhooks',
        measure: 'answer p99 in the bot, arrival to answer (histogram bucket bound)',
        value: `≤ ${spread(
          rounds.map((r) => r.botP99),
          1,
        )} ms`,
        target: '< 50 ms',
      },
      {
        area: 'webhooks',
        measure: 'burst start to every delivery handled',
        value: `${spread(
          rounds.map((r) => r.handledMs / 1000),
          1,
        )} s`,
      },
      { area: 'webhooks', measure: 'machine load (1 min) at start / end', value: `${load.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}` },
    ];
  } finally {
    await h.close();
  }
}
