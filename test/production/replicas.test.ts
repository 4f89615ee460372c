import { afterEach, describe, expect, it } from 'vitest';
import { postSigned } from '../../src/emulators/slack/index.js';
import { textReply, toolReply, type Step } from '../fakes/anthropic/index.js';
import {
  ALICE,
  approvalMessage,
  botMessages,
  botSays,
  GENERAL,
  shownText,
  startFakeServices,
  type FakeServices,
} from '../fixtures/services.js';
import { eventually } from '../harness/bot.js';
import { FIXTURE_ENTRY, MAIN_ENTRY, startBotProcess, testTiming, type BotProcess } from '../harness/process.js';
import { peek } from '../helpers/peek.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { createRedisStore } from '../../src/state/redis-store.js';
import { Records } from '../../src/state/records.js';
import { heldReply } from '../slack/conversations/support.js';

/**
 * Several replicas: two real bot processes on one real redis-server serve one
 * Slack app. Each test starts its own Redis, fakes and processes, and stops them all.
 */

// Plane's 60 s window, scaled: the fake Plane's clock runs FACTOR times faster and the bots' limiter
// window is 60 s / FACTOR, so minutes of traffic take seconds and the 60-per-window rule is unchanged.
const FACTOR = 20;
const PLANE_WINDOW_MS = 60_000 / FACTOR;
const RUN_LEASE_MS = 2_000;

let services: FakeServices | undefined;
let redis: RedisServer | undefined;
let bots: BotProcess[] = [];

afterEach(async () => {
  // Whatever a test left running: processes first (they talk to the rest), then the fakes.
  await Promise.all(bots.map((bot) => bot.stop('SIGTERM').catch(() => bot.kill())));
  bots = [];
  await services?.close();
  services = undefined;
  await redis?.stop();
  redis = undefined;
});

/** Redis, the fakes, and a way to start replicas on them (with the shorter clocks of `timing`). */
async function setUp(
  model: Step[],
  timing: { planeWindowMs?: number; runLeaseMs?: number } = {},
): Promise<{ s: FakeServices; start(name: string): Promise<BotProcess> }> {
  redis = await startRedisServer();
  services = await startFakeServices({ model, planeClockFactor: timing.planeWindowMs ? 60_000 / timing.planeWindowMs : 1 });
  const s = services;
  const redisUrl = redis.url;
  return {
    s,
    async start(name) {
      const clocks = testTiming(timing);
      const env = s.env(await s.dataDir(), { REDIS_URL: redisUrl, ...clocks });
      // The product's own entry unless a test needs the shorter clocks.
      const entry = Object.keys(clocks).length > 0 ? FIXTURE_ENTRY : MAIN_ENTRY;
      const bot = await startBotProcess({ name, entry, env });
      bots.push(bot);
      return bot;
    },
  };
}

/**
 * Until the run's lease is free in Redis: its process logs that the run waits before it puts the run
 * down, and a decision that comes in between is the holder's to resume.
 */
async function untilPutDown(runId: string): Promise<void> {
  const store = new Records(await createRedisStore(redis!.url));
  try {
    await eventually(async () => (await peek(store, 'agent:lease', runId)) === undefined, 10_000, 'the run put down');
  } finally {
    await store.close();
  }
}

const runLines = (bot: BotProcess, msg: string) => bot.logs().filter((line) => line.msg === msg);
const comment = (text: string) => toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text } }]);

describe('two processes on one Redis', () => {
  it('run an event delivered to both once', async () => {
    const { s, start } = await setUp([textReply('Hello from exactly one run.')]);
    const [a, b] = await Promise.all([start('A'), start('B')]);
    s.slack.setRequestUrl(a.requestUrl);
    const before = s.slack.deliveries.length;
    const said = s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> hello' });
    // userSays has sent its envelopes (app_mention and message, one ts) to A; the same ones, same
    // event_ids, go to B at the same time, signed afresh as a Slack retry would be.
    const envelopes = s.slack.deliveries.slice(before).map((d) => d.body);
    expect(envelopes.map((e) => (e.event as { type: string }).type).sort()).toEqual(['app_mention', 'message']);
    const toB = await Promise.all(envelopes.map((envelope) => postSigned(b.requestUrl, s.signingSecret, 'event', envelope)));
    expect(toB.map((r) => r.status)).toEqual([200, 200]);
    const ts = await said;
    await botSays(s.slack, ts, 'Hello from exactly one run.');

    // Both stop gracefully, which waits for every Slack request they took: nothing is left to come.
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    expect(s.model!.requests).toHaveLength(1);
    expect([...runLines(a, 'run started'), ...runLines(b, 'run started')]).toHaveLength(1);
    const thread = botMessages(s.slack, ts);
    expect(thread.filter((m) => m.text.includes('Hello from exactly one run.'))).toHaveLength(1);
    // One status message and one answer: no second run started anywhere.
    expect(thread).toHaveLength(2);
  }, 60_000);

  it('resume on B a run whose approval A posted', async () => {
    const { s, start } = await setUp([comment('Looks good'), textReply('Commented from B.')]);
    const [a, b] = await Promise.all([start('A'), start('B')]);
    s.slack.setRequestUrl(a.requestUrl);
    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> say it looks good on ACME-1' });
    const approval = await approvalMessage(s.slack, ts);
    const waiting = await a.waitForLog((line) => line.msg === 'run waits for approval', 10_000, 'the run to wait');
    expect(b.logs().some((line) => line.runId === waiting.runId)).toBe(false);
    await untilPutDown(String(waiting.runId));

    s.slack.setRequestUrl(b.requestUrl);
    expect(
      (await s.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' })).status,
    ).toBe(200);
    await botSays(s.slack, ts, 'Commented from B.');
    await b.waitForLog((line) => line.msg === 'run finished' && line.runId === waiting.runId, 10_000, 'B to finish the run');
    expect(b.logs().some((line) => line.msg === 'approval decided' && line.runId === waiting.runId)).toBe(true);
    expect(runLines(a, 'run finished')).toHaveLength(0);
    expect([...s.plane.db.comments.values()].some((c) => c.comment_html.includes('Looks good'))).toBe(true);
    expect(shownText(s.slack.workspace.message(GENERAL, approval.ts))).toContain('Approved by');
  }, 60_000);

  it('stop on B a run A is driving: A aborts its model request and the status says who stopped it', async () => {
    const { s, start } = await setUp([() => new Promise<never>(() => undefined)]);
    const [a, b] = await Promise.all([start('A'), start('B')]);
    s.slack.setRequestUrl(a.requestUrl);
    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> summarise every open item' });
    const started = await a.waitForLog((line) => line.msg === 'run started', 10_000, 'A to start the run');
    await eventually(() => s.model!.requests.length === 1, 10_000, 'the model request');
    const status = await eventually(
      () => {
        const first = botMessages(s.slack, ts)[0];
        return first && shownText(first).includes('run_stop') ? first : undefined;
      },
      10_000,
      'the Stop button',
    );

    s.slack.setRequestUrl(b.requestUrl);
    expect((await s.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: status.ts, actionId: 'run_stop' })).status).toBe(200);
    await s.model!.requests[0]!.abortSeen;
    await a.waitForLog((line) => line.msg === 'run stopped' && line.runId === started.runId, 10_000, 'A to stop the run');
    await eventually(
      () => shownText(s.slack.workspace.message(GENERAL, status.ts)).includes('Stopped by <@U0ALICE>'),
      10_000,
      'the stopped status',
    );
    expect(b.logs().some((line) => line.msg === 'stop requested' && line.runId === started.runId)).toBe(true);
    expect(runLines(b, 'run stopped')).toHaveLength(0);
    expect(s.model!.requests).toHaveLength(1);
  }, 60_000);

  it('share one Plane budget: 150 commands over both never exceed 60 requests in any 60 s window, and nobody sees a 429', async () => {
    const { s, start } = await setUp([], { planeWindowMs: PLANE_WINDOW_MS });
    const [a, b] = await Promise.all([start('A'), start('B')]);
    const keys = s.demo.workItems.map((item) => `ACME-${item.sequence_id}`);
    // One command warms the shared cache (project, states, labels, members) so each later show
    // costs one Plane request.
    s.slack.setRequestUrl(a.requestUrl);
    await s.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/plane', text: `show ${keys[0]}` });
    await eventually(() => channelCards(s).length === 1, 10_000, 'the warm-up card');
    const warmUp = s.plane.requests.length;

    const commands = Array.from({ length: 150 }, (_, i) => {
      // The Request URL is read when the command is sent: odd ones go to A, even ones to B, all at once.
      s.slack.setRequestUrl(i % 2 ? a.requestUrl : b.requestUrl);
      return s.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/plane', text: `show ${keys[i % keys.length]}` });
    });
    const acks = await Promise.all(commands);
    expect(acks.filter((ack) => ack.status !== 200 || ack.error)).toEqual([]);
    await eventually(() => channelCards(s).length === 151, 120_000, 'the 150 cards');
    // Each replica served its half.
    expect(a.logs().filter((l) => l.msg === 'slash command').length).toBe(76);
    expect(b.logs().filter((l) => l.msg === 'slash command').length).toBe(75);

    const requests = s.plane.requests;
    expect(requests.length - warmUp).toBeGreaterThanOrEqual(150);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
    // Plane counts per API key (requests without one, like the instance probe, are not throttled).
    const keyed = requests.filter((r) => r.apiKey === s.demo.apiKey);
    expect(busiestWindow(keyed.map((r) => r.time))).toBeLessThanOrEqual(60);
    // The budget was the constraint: the traffic needed more than two windows.
    const span = (requests.at(-1)!.time - requests[warmUp]!.time) / 60_000;
    expect(span).toBeGreaterThan(1.5);
    // What people saw: 151 cards, no error anywhere.
    expect(s.slack.workspace.ephemeralsFor(GENERAL, ALICE)).toEqual([]);
    const cards = channelCards(s).map((m) => shownText(m));
    // A whole word: the cards' links carry the fake Plane's port, which may hold the digits 429.
    expect(cards.filter((card) => !/ACME-\d+/.test(card) || /\b429\b|throttl|too many|failed/i.test(card))).toEqual([]);
    expect(new Set(cards.map((card) => /ACME-\d+/.exec(card)![0])).size).toBe(keys.length);
  }, 150_000);
});

describe('a killed replica', () => {
  it('loses no run: the survivor takes over the run it was driving once its lease runs out', async () => {
    const held = heldReply(textReply('never delivered: A is dead'));
    const { s, start } = await setUp([held.step, textReply('Finished by B.')], { runLeaseMs: RUN_LEASE_MS });
    const [a, b] = await Promise.all([start('A'), start('B')]);
    s.slack.setRequestUrl(a.requestUrl);
    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> a long job' });
    await held.requested;
    // Whichever replica drives the run is killed; the other is the survivor.
    const { line: started, driver: killed, other: survivor } = await whoDrives([a, b], 'run started', 'the run to start');
    await killed.kill();
    s.slack.setRequestUrl(survivor.requestUrl);

    await botSays(s.slack, ts, 'Finished by B.', 20_000);
    await survivor.waitForLog(
      (line) => line.msg === 'run finished' && line.runId === started.runId,
      10_000,
      'the survivor to finish the run',
    );
    expect(survivor.logs().some((line) => line.msg === 'taking up a saved run' && line.runId === started.runId)).toBe(true);
    expect(s.model!.requests).toHaveLength(2);
    held.release();
  }, 60_000);

  it('leaves its pending approval clickable on the survivor', async () => {
    const { s, start } = await setUp([comment('Ship it'), textReply('Commented although A died.')], { runLeaseMs: RUN_LEASE_MS });
    const [a, b] = await Promise.all([start('A'), start('B')]);
    s.slack.setRequestUrl(a.requestUrl);
    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> say ship it on ACME-1' });
    const approval = await approvalMessage(s.slack, ts);
    const { driver: killed, other: survivor } = await whoDrives([a, b], 'run waits for approval', 'the run to wait');
    await killed.kill();

    s.slack.setRequestUrl(survivor.requestUrl);
    await s.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await botSays(s.slack, ts, 'Commented although A died.', 20_000);
    expect([...s.plane.db.comments.values()].some((c) => c.comment_html.includes('Ship it'))).toBe(true);
  }, 60_000);
});

describe('a stalled replica', () => {
  it('never drives the run again once the other took it over: one approval request, one Plane write, one answer', async () => {
    // The first model answer is held until the replica driving the run has been stopped (SIGSTOP) past
    // its lease and the other has taken over.
    const held = heldReply(comment('Written by A after its stall'));
    const { s, start } = await setUp([held.step, comment('Looks good'), textReply('Commented once.')], { runLeaseMs: RUN_LEASE_MS });
    const [a, b] = await Promise.all([start('A'), start('B')]);
    s.slack.setRequestUrl(a.requestUrl);
    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> say it looks good on ACME-1' });
    await held.requested;
    // Whichever replica drives the run is stalled; the other takes over.
    const { line, driver: stalled, other: survivor } = await whoDrives([a, b], 'run started', 'the run to start');
    const { runId } = line;
    process.kill(stalled.pid, 'SIGSTOP');
    try {
      s.slack.setRequestUrl(survivor.requestUrl);
      await survivor.waitForLog(
        (line) => line.msg === 'taking up a saved run' && line.runId === runId,
        20_000,
        'the other replica to take the run over',
      );
      await survivor.waitForLog(
        (line) => line.msg === 'run waits for approval' && line.runId === runId,
        10_000,
        'the other replica to ask for approval',
      );
      // The stalled replica's answer reaches its socket while it is stopped; it reads it when it goes on.
      held.release();
    } finally {
      process.kill(stalled.pid, 'SIGCONT');
    }
    await stalled.waitForLog(
      (line) => line.msg === 'run left to the process that holds its lease now' && line.runId === runId,
      10_000,
      'the stalled replica to stop',
    );
    expect(stalled.logs().some((line) => line.msg === 'run lease lost: this process stops driving the run' && line.runId === runId)).toBe(
      true,
    );

    const approval = await approvalMessage(s.slack, ts);
    await s.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await botSays(s.slack, ts, 'Commented once.', 20_000);
    expect(await Promise.all([stalled.stop(), survivor.stop()])).toEqual([0, 0]);

    // The stalled replica's request, the survivor's retake of it, and its one after the approval: no
    // turn of the stalled replica's after the takeover.
    expect(s.model!.requests).toHaveLength(3);
    const comments = [...s.plane.db.comments.values()].map((c) => c.comment_html);
    expect(comments.filter((html) => html.includes('Looks good'))).toHaveLength(1);
    expect(comments.filter((html) => html.includes('Written by A'))).toEqual([]);
    const thread = botMessages(s.slack, ts);
    expect(thread.filter((m) => shownText(m).includes('approval_approve'))).toHaveLength(0);
    expect(thread.filter((m) => shownText(m).includes('Approved by'))).toHaveLength(1);
    expect(thread.filter((m) => m.text.includes('Commented once.'))).toHaveLength(1);
    // The stalled turn ran no tool. Once the approval is decided, the run has work again and any
    // process may claim it afresh (the clicking one or another's sweep): a call of the stalled
    // replica's may follow only such a claim, made after it had let its stale turn go.
    const stalledLines = stalled.logs();
    const left = stalledLines.findIndex((line) => line.msg === 'run left to the process that holds its lease now' && line.runId === runId);
    const retaken = stalledLines.findIndex((line, i) => i > left && line.msg === 'taking up a saved run' && line.runId === runId);
    const staleCalls = stalledLines.filter((line, i) => line.msg === 'tool call' && (retaken < 0 || i < retaken));
    expect(staleCalls).toEqual([]);
  }, 90_000);
});

/**
 * The replica that logs `msg` for the run, and the other. With a short lease either may drive a
 * run: A, which got the message, or B, whose sweep of saved runs may claim it between A saving it
 * and A claiming it.
 */
function whoDrives(replicas: [BotProcess, BotProcess], msg: string, what: string) {
  return Promise.any(
    replicas.map(async (driver, i) => ({
      line: await driver.waitForLog((line) => line.msg === msg, 10_000, what),
      driver,
      other: replicas[1 - i]!,
    })),
  );
}

/** The bot's top-level messages in the channel: the `/plane show` cards. */
function channelCards(s: FakeServices) {
  return s.slack.workspace.messages(GENERAL).filter((m) => m.user === 'U0BOT' && m.thread_ts === undefined);
}

/** The most requests in any sliding 60 s window (Plane's rule: a request leaves it 60 s after it came). */
function busiestWindow(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[first]! <= sorted[last]! - 60_000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
