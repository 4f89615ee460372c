import { afterEach, describe, expect, it } from 'vitest';
import { stopReply, textBlock, textReply, toolReply, toolUseBlock } from '../../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { long, PING_ATTEMPTS } from '../blocks/hostile.js';
import { assertStreamedMessageWithinLimits, streamCallViolations } from '../blocks/limits.js';
import { ALICE, BOB, BOT, botMessages, finalStatus, GENERAL, heldReply, shownText } from './support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const plan = (...statuses: string[]) =>
  toolReply([
    { name: 'update_plan', input: { items: statuses.map((status, i) => ({ id: String(i + 1), content: `Step ${i + 1}`, status })) } },
  ]);

const streamCalls = (h: BotHarness) => h.slack.calls.filter((c) => c.method.startsWith('chat.') && c.method.endsWith('Stream'));

/** The bot's streamed messages of the thread (what Slack shows for them), oldest first. */
const streamed = (h: BotHarness, ts: string) =>
  botMessages(h, ts).filter((m) => m.blocks?.some((b) => b.type === 'plan' || b.type === 'markdown'));

describe('native streaming', () => {
  it('streams the answer as the model writes it, and the plan as Slack’s plan block, in batched appends', async () => {
    const answer = 'ACME-1 is the login bug on Safari. It is in progress and assigned to alice; the fix is under review.';
    harness = await startBotHarness({
      model: [
        plan('in_progress', 'pending'),
        plan('completed', 'in_progress'),
        stopReply('end_turn', [textBlock(answer)], { deltaDelayMs: 60 }),
      ],
    });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> what is ACME-1 about?` });
    const status = await finalStatus(h, ts);

    const calls = streamCalls(h);
    expect(calls[0]).toMatchObject({
      method: 'chat.startStream',
      args: { channel: GENERAL, thread_ts: ts, recipient_user_id: ALICE, recipient_team_id: 'T0TEAM', task_display_mode: 'plan' },
    });
    expect(calls.at(-1)!.method).toBe('chat.stopStream');
    expect(calls.filter((c) => c.method === 'chat.startStream')).toHaveLength(1);
    for (const call of calls) expect(streamCallViolations(call.args)).toEqual([]);
    expect(calls.filter((c) => c.error)).toEqual([]);
    // The text came in about 100 characters over ~0.4 s: a handful of appends, each a second or more after the one before.
    const appends = calls.filter((c) => c.method === 'chat.appendStream');
    expect(appends.length).toBeLessThan(Math.ceil(answer.length / 16));
    for (let i = 1; i < appends.length; i++) expect(appends[i]!.time - appends[i - 1]!.time).toBeGreaterThanOrEqual(950);

    // One streamed message holds the plan and the answer; the answer is not posted a second time.
    const [message, ...others] = streamed(h, ts);
    expect(others).toEqual([]);
    expect(message!.text).toBe(answer);
    expect(message!.blocks?.[0]).toMatchObject({
      type: 'plan',
      title: 'Plan',
      tasks: [
        { task_id: 'step-1', title: 'Step 1', status: 'complete' },
        { task_id: 'step-2', title: 'Step 2', status: 'in_progress' },
      ],
    });
    expect(botMessages(h, ts).map((m) => m.ts)).toEqual([status.ts, message!.ts]);
    // A stream the bot stops itself leaves the session active (stopStream's default session_status).
    expect(h.slack.agentSession(GENERAL, ts)).toBe('active');
    // The status message keeps the checklist and the end.
    expect(shownText(status)).toContain('Done in');
    expect(shownText(status)).toContain('✓ Step 1');
  });

  it('a workspace that refuses streaming falls back to post-and-edit once, and stays there, after a restart too', async () => {
    harness = await startBotHarness({
      model: [plan('in_progress'), textReply('First answer.'), textReply('Second answer.'), textReply('Third answer.')],
      streaming: { refuse: 'not_allowed' },
    });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> first` });
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('First answer.')), 8_000, 'the first answer');
    const status = await finalStatus(h, ts);
    // Post-and-edit: the plan is in the status message, the answer a message of its own.
    expect(shownText(status)).toContain('Step 1');
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'second', threadTs: ts });
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('Second answer.')), 8_000, 'the second answer');
    await h.restart();
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'third', threadTs: ts });
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('Third answer.')), 8_000, 'the third answer');

    expect(streamCalls(h).map((c) => `${c.method} ${c.error}`)).toEqual(['chat.startStream not_allowed']);
    expect(streamed(h, ts)).toEqual([]);
  });

  it('keeps within every streaming limit whatever the size: a hostile 40,000-character answer and a 120-step plan', async () => {
    const answer = Array.from({ length: 200 }, (_, i) => `Paragraph ${i}: ${PING_ATTEMPTS} ${long(150)}`).join('\n\n');
    const steps = Array.from({ length: 120 }, (_, i) => ({
      id: `${i}`.repeat(300),
      content: `${PING_ATTEMPTS} ${long(400)}`,
      status: i % 3 === 0 ? 'completed' : 'pending',
    }));
    harness = await startBotHarness({ model: [toolReply([{ name: 'update_plan', input: { items: steps } }]), textReply(answer)] });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> write a lot` });
    await finalStatus(h, ts, GENERAL, 30_000);

    const calls = streamCalls(h);
    expect(calls.filter((c) => c.error).map((c) => `${c.method} ${c.error}`)).toEqual([]);
    for (const call of calls) expect(streamCallViolations(call.args)).toEqual([]);
    const messages = streamed(h, ts);
    expect(messages.length).toBeGreaterThanOrEqual(4);
    for (const message of messages) assertStreamedMessageWithinLimits(message);
    // Nothing lost: the messages together say the whole answer, every mention defused.
    const said = messages.map((m) => m.text).join('');
    expect(said.replace(/\u200b/g, '')).toBe(answer);
    expect(said).not.toMatch(/<[!@#]/);
    expect(messages[0]!.blocks?.[0]).toMatchObject({ type: 'plan' });
    expect((messages[0]!.blocks![0]!.tasks as unknown[]).length).toBe(40);
  }, 60_000);

  it('Slack’s own stop control takes the Stop path; pressed by someone else, it is explained and the answer still arrives', async () => {
    const slow = heldReply(textReply('Never shown.'));
    harness = await startBotHarness({ model: [plan('in_progress'), slow.step] });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise` });
    const [message] = await eventually(() => (streamed(h, ts).length > 0 ? streamed(h, ts) : undefined), 8_000, 'the streamed message');
    await slow.requested;
    expect(h.slack.agentSession(GENERAL, ts)).toBe('processing');

    expect((await h.slack.stopStream({ user: ALICE, channel: GENERAL, ts: message!.ts })).status).toBe(200);
    await h.model!.requests[1]!.abortSeen;
    const status = await eventually(
      () => {
        const shown = botMessages(h, ts)[0];
        return shownText(shown).includes(`Stopped by <@${ALICE}>`) ? shown : undefined;
      },
      8_000,
      'the stopped status',
    );
    expect(shownText(status)).not.toContain('run_stop');
    // Slack stopped the stream itself (a stopStream is refused) and leaves the thread's agent session
    // processing until the app moves it out, as the bot does.
    await eventually(() => h.slack.agentSession(GENERAL, ts) === 'active', 8_000, 'the session active again');
    expect(h.slack.calls.filter((c) => c.method === 'chat.stopStream').map((c) => c.error)).toEqual(['stopped_by_user']);
    const sessionCalls = h.slack.calls.filter((c) => c.method === 'agents.sessions.setStatus');
    expect(sessionCalls).toHaveLength(1);
    expect(sessionCalls[0]).toMatchObject({ args: { channel_id: GENERAL, thread_ts: ts, status: 'active' } });
    expect(sessionCalls[0]!.error).toBeUndefined();

    // Bob may not stop Alice's run: Slack closed the stream, so the answer is posted instead.
    const held = heldReply(textReply('The summary, after all.'));
    h.model!.script(plan('in_progress'), held.step);
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'try again', threadTs: ts });
    const second = await eventually(() => streamed(h, ts)[1], 8_000, 'the second streamed message');
    await held.requested;
    await h.slack.stopStream({ user: BOB, channel: GENERAL, ts: second.ts });
    const notice = await eventually(() => h.slack.workspace.ephemeralsFor(GENERAL, BOB)[0], 5_000, 'the notice to Bob');
    expect(notice.text).toContain('can stop this run');
    held.release();
    await eventually(
      () => botMessages(h, ts).some((m) => m.text.includes('The summary, after all.') && !m.blocks?.some((b) => b.type === 'plan')),
      8_000,
      'the posted answer',
    );
  });

  it('a tool call cut off at the length limit and asked again does not show the text its first attempt streamed a second time', async () => {
    const preamble = 'Let me read ACME-1 before I answer.';
    const read = { name: 'plane_get_issue', input: { key: 'ACME-1' } };
    harness = await startBotHarness({
      model: [
        // The first attempt streams its text, then its tool call is cut off: the loop asks again with more room.
        stopReply('max_tokens', [textBlock(preamble), toolUseBlock(read.name, read.input)], { deltaDelayMs: 20 }),
        toolReply([read], preamble),
        textReply('ACME-1 is the login bug on Safari.'),
      ],
    });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> what is ACME-1 about?` });
    await eventually(() => streamed(h, ts)[0]?.text.endsWith('Safari.'), 8_000, 'the answer');
    expect(h.model!.requests).toHaveLength(3);
    expect(streamed(h, ts).map((m) => m.text)).toEqual([`${preamble}\n\nACME-1 is the login bug on Safari.`]);

    // Asked again, the turn may come out otherwise: what was shown stays, and the new text follows in a paragraph of its own.
    const comments = { name: 'plane_list_comments', input: { key: 'ACME-1' } };
    h.model!.script(
      stopReply('max_tokens', [textBlock('Now the comments.'), toolUseBlock(comments.name, comments.input)], { deltaDelayMs: 20 }),
      toolReply([comments], 'Reading the comments now.'),
      textReply('Nobody commented.'),
    );
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'and its comments?', threadTs: ts });
    await eventually(() => streamed(h, ts)[1]?.text.endsWith('commented.'), 8_000, 'the second answer');
    expect(streamed(h, ts)[1]!.text).toBe('Now the comments.\n\nReading the comments now.\n\nNobody commented.');
  });
});
