import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopReply, textBlock, textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import type { SlackMessage } from '../../src/emulators/slack/index.js';
import { ALICE, approvalMessage, BOT, botMessages, finalStatus, GENERAL, heldReply, shownText } from '../slack/conversations/support.js';
import { peek } from '../helpers/peek.js';

let harness: BotHarness | undefined;
let redis: RedisServer | undefined;
/** Redis interrupted by the test, to be resumed. */
let outage: Awaited<ReturnType<RedisServer['interrupt']>> | undefined;
afterEach(async () => {
  await harness?.close();
  await redis?.stop();
  harness = undefined;
  redis = undefined;
  outage = undefined;
});

/** The bot's natively streamed messages of the thread, oldest first. */
const streamedMessages = (h: BotHarness, ts: string) =>
  botMessages(h, ts).filter((m) => m.blocks?.some((b) => b.type === 'plan' || b.type === 'markdown'));

/**
 * Redis goes away while the model's answer is held, then the answer arrives: returns the run's
 * status once it says the store became unreachable (waiting, with no Retry: the run goes on by itself).
 */
async function loseRedisBeforeAnswer(h: BotHarness, ts: string, answer: ReturnType<typeof heldReply>): Promise<SlackMessage> {
  await answer.requested;
  outage = await redis!.interrupt();
  answer.release();
  const stranded = await eventually(
    () => {
      const status = botMessages(h, ts)[0];
      return shownText(status).includes('state store became unreachable') ? status : undefined;
    },
    8_000,
    'the status saying the store is unreachable',
  );
  expect(shownText(stranded)).not.toContain('run_retry');
  // Not a failure for anyone to act on: it waits, under its own mark.
  expect(shownText(stranded)).toContain('⏸ *Waiting for the state store:*');
  expect(shownText(stranded)).toContain('goes on by itself');
  expect(shownText(stranded)).not.toContain('Failed');
  return stranded;
}

/** Redis comes back, and the orphan sweep takes the run up and finishes it. */
async function redisBackAndRunDone(h: BotHarness, status: SlackMessage): Promise<void> {
  redis = await outage!.resume();
  await eventually(
    () => shownText(h.slack.workspace.message(GENERAL, status.ts)).includes('Done in'),
    20_000,
    'the run finished after Redis returned',
  );
}

async function readiness(h: BotHarness): Promise<{ code: number; reason?: string }> {
  const answer = await fetch(`${h.bot.url}/readyz`);
  return { ...((await answer.json()) as { reason?: string }), code: answer.status };
}

describe('with Redis down, the bot says so, keeps its file-backed commands, and recovers by itself', () => {
  it('a mention is answered with what to try, /task add still works, /readyz is 503, and the next mention after Redis returns runs', async () => {
    redis = await startRedisServer();
    const { port } = redis;
    harness = await startBotHarness({ model: [textReply('Back at work.')], env: { REDIS_URL: redis.url } });
    const h = harness;
    await redis.stop();

    const ready = await readiness(h);
    expect(ready.code).toBe(503);
    expect(ready.reason).toMatch(/^state store: Redis at 127\.0\.0\.1:\d+ does not answer/);

    const lost = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> what is open in ACME?` });
    const notice = await eventually(() => botMessages(h, lost)[0], 8_000, 'the notice in the thread');
    expect(notice.text).toContain('I can’t work right now: my state store is unreachable');
    expect(notice.text).toContain('Send it again in a minute or two');
    // Said in the language of whoever asked (users.info answers without the people cache).
    const camille = await h.slack.userSays({ user: 'U0CAMILLE', channel: GENERAL, text: `<@${BOT}> qu’est-ce qui est ouvert ?` });
    const enFrancais = await eventually(() => botMessages(h, camille)[0], 8_000, 'the notice in French');
    expect(enFrancais.text).toContain('Je ne peux pas travailler pour l’instant : ma base d’état est injoignable.');
    expect(h.model!.requests).toHaveLength(0);

    await h.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/task', text: 'add Write the report !high' });
    const added = await eventually(
      () => h.slack.workspace.ephemeralsFor(GENERAL, ALICE).find((m) => m.text.includes('Added task')),
      8_000,
      'the /task add reply',
    );
    expect(added.text).toBe('Added task 1 to the tree of #general');
    const tasks = JSON.parse(await readFile(join(h.dataDir, 'channels', GENERAL, 'tasks.json'), 'utf8')) as { tasks: { title: string }[] };
    expect(tasks.tasks.map((t) => t.title)).toContain('Write the report');

    redis = await startRedisServer({ port });
    await eventually(async () => (await readiness(h)).code === 200, 10_000, '/readyz back to 200');
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> are you back?` });
    const done = await finalStatus(h, ts, GENERAL, 10_000);
    expect(shownText(done)).toContain('Done in');
    expect(botMessages(h, ts).some((m) => m.text.includes('Back at work.'))).toBe(true);
  }, 60_000);

  it('an Approve clicked while Redis is down is answered privately, and the same click once Redis is back finishes the run', async () => {
    redis = await startRedisServer();
    harness = await startBotHarness({
      model: [toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Deployed.' } }]), textReply('I commented on ACME-1.')],
      env: { REDIS_URL: redis.url },
    });
    const h = harness;
    const commentsBefore = h.plane.db.comments.size;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> comment on ACME-1 that it is deployed` });
    const approval = await approvalMessage(h, ts);
    // The outage starts once the run is saved as waiting and has let go of its lease, as a run that
    // waits for a person would be for most of its wait.
    const runId = /"value":"([^":]+):/.exec(shownText(approval).replace(/\\"/g, '"'))?.[1] ?? '';
    await eventually(
      async () =>
        (await peek<{ status: string }>(h.bot.store, 'agent:run', runId))?.status === 'waiting' &&
        (await peek(h.bot.store, 'agent:lease', runId)) === undefined,
      8_000,
      'the run saved as waiting',
    );
    outage = await redis.interrupt();

    await h.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    const told = await eventually(
      () => h.slack.workspace.ephemeralsFor(GENERAL, ALICE).find((m) => m.text.includes('state store')),
      8_000,
      'the private notice',
    );
    expect(told.text).toContain('Your click was not recorded. Click again in a minute or two.');
    expect(h.plane.db.comments.size).toBe(commentsBefore);

    redis = await outage.resume();
    await eventually(async () => (await readiness(h)).code === 200, 10_000, '/readyz back to 200');
    await h.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    const done = await finalStatus(h, ts, GENERAL, 10_000);
    expect(shownText(done)).toContain('Done in');
    expect(h.plane.db.comments.size).toBe(commentsBefore + 1);
    expect(botMessages(h, ts).some((m) => m.text.includes('I commented on ACME-1.'))).toBe(true);
  }, 60_000);

  // The answer arrives after Redis went away: the stream that would show it cannot read the store either.
  it('a run that loses Redis mid-run says so on its status at once, and goes on by itself from its last saved step once Redis is back', async () => {
    redis = await startRedisServer();
    const answer = heldReply(textReply('Here is the summary.'));
    harness = await startBotHarness({
      model: [answer.step, textReply('Here is the summary, again.')],
      env: { REDIS_URL: redis.url },
      timing: { runLeaseMs: 2_000 },
    });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise` });
    const stranded = await loseRedisBeforeAnswer(h, ts, answer);
    expect(shownText(stranded)).toContain('goes on by itself');
    await redisBackAndRunDone(h, stranded);
    // The answer that could not be saved is asked again, once: the run went on from its last saved step.
    expect(h.model!.requests).toHaveLength(2);
    expect(botMessages(h, ts).filter((m) => m.text.includes('Here is the summary, again.'))).toHaveLength(1);
  }, 60_000);
});

describe('with Redis down while an answer streams', () => {
  it('the stream is closed where it got to, the status says the store became unreachable, and the run answers again once Redis is back', async () => {
    redis = await startRedisServer();
    const answer = heldReply(stopReply('end_turn', [textBlock('Here is the summary, streamed slowly.')], { deltaDelayMs: 400 }));
    harness = await startBotHarness({
      model: [
        toolReply([{ name: 'update_plan', input: { items: [{ id: '1', content: 'Summarise', status: 'in_progress' }] } }]),
        answer.step,
        textReply('Here is the summary, again.'),
      ],
      env: { REDIS_URL: redis.url },
      timing: { runLeaseMs: 2_000 },
    });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise` });
    // The plan opened the stream before Redis went away.
    const first = await eventually(() => streamedMessages(h, ts)[0], 8_000, 'the streamed plan');
    const stranded = await loseRedisBeforeAnswer(h, ts, answer);
    const stops = () => h.slack.calls.filter((c) => c.method === 'chat.stopStream' && c.args.ts === first.ts);
    await eventually(() => stops().length === 1, 8_000, 'the stream stopped');
    expect(stops()[0]!.error).toBeUndefined();
    await redisBackAndRunDone(h, stranded);
    expect(h.model!.requests).toHaveLength(3);
    expect(streamedMessages(h, ts).filter((m) => m.text.includes('Here is the summary, again.'))).toHaveLength(1);
  }, 60_000);
});
