import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOT, DEFAULT_TEAM, postSigned } from '../../src/emulators/slack/index.js';
import { modelDown, SDK_ATTEMPTS, textReply } from '../fakes/anthropic/index.js';
import { eventually, SIGNING_SECRET, startBotHarness, type BotHarness } from '../harness/bot.js';
import { ALICE, BOB, BOT, botMessages, finalStatus, GENERAL, shownText } from '../slack/conversations/support.js';

const OPS = 'C0OPS';
let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/**
 * A correctly signed click on Retry carrying `runId`, as `user` in `channel` on the message `messageTs`
 * there: what a forged (or replayed and edited) `block_actions` looks like to the bot.
 */
async function retryClick(h: BotHarness, user: string, channel: string, messageTs: string, runId: string): Promise<number> {
  const payload = {
    type: 'block_actions',
    user: { id: user, username: user, name: user, team_id: DEFAULT_TEAM.id },
    api_app_id: DEFAULT_BOT.appId,
    token: 'forged',
    container: { type: 'message', message_ts: messageTs, channel_id: channel, is_ephemeral: false },
    trigger_id: '1.2.forged',
    team: { id: DEFAULT_TEAM.id, domain: DEFAULT_TEAM.domain },
    channel: { id: channel, name: channel },
    message: { type: 'message', ts: messageTs, user, text: 'anything' },
    state: { values: {} },
    response_url: 'http://127.0.0.1:9/nowhere',
    actions: [{ type: 'button', block_id: 'forged', action_id: 'run_retry', value: runId, action_ts: '1.0' }],
  };
  const response = await postSigned(`${h.bot.url}/slack/events`, SIGNING_SECRET, 'interaction', payload);
  await response.text();
  return response.status;
}

describe('Retry on a failed run', () => {
  it('from someone who is neither the requester nor an approver, in another channel: refused privately, nothing runs', async () => {
    harness = await startBotHarness({ model: [...modelDown(), textReply('Recovered.')] });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise the sprint` });
    const failed = await finalStatus(h, ts);
    const runId = /"value":"([^"]+)"/.exec(shownText(failed).replace(/\\"/g, '"'))?.[1] ?? '';
    expect(shownText(failed)).toContain('run_retry');
    const elsewhere = await h.slack.userSays({ user: BOB, channel: OPS, text: 'hello' });

    expect(await retryClick(h, BOB, OPS, elsewhere, runId)).toBe(200);
    const notice = await eventually(() => h.slack.workspace.ephemeralsFor(OPS, BOB)[0], 5_000, 'the notice to bob');
    expect(notice.text).toBe(
      `Only <@${ALICE}>, who asked, or someone listed in PLANEBOT_APPROVERS can retry this run. Nothing was changed.`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.model!.requests).toHaveLength(SDK_ATTEMPTS);
    expect(h.slack.workspace.messages(OPS).filter((m) => m.user === BOT)).toEqual([]);
    expect(shownText(h.slack.workspace.message(GENERAL, failed.ts))).toContain('run_retry');
  });

  it('from the requester, claiming another channel: the run answers in its own thread, nowhere else', async () => {
    harness = await startBotHarness({ model: [...modelDown(), textReply('Recovered.')] });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise the sprint` });
    const failed = await finalStatus(h, ts);
    const runId = /"value":"([^"]+)"/.exec(shownText(failed).replace(/\\"/g, '"'))?.[1] ?? '';
    const elsewhere = await h.slack.userSays({ user: ALICE, channel: OPS, text: 'hello' });

    expect(await retryClick(h, ALICE, OPS, elsewhere, runId)).toBe(200);
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('Recovered.')), 8_000, 'the answer in the run’s thread');
    await eventually(
      () => shownText(h.slack.workspace.message(GENERAL, failed.ts)).includes('Done in'),
      5_000,
      'the run’s own status done',
    );
    expect(h.slack.workspace.messages(OPS).filter((m) => m.user === BOT)).toEqual([]);
    expect(h.slack.workspace.thread(OPS, elsewhere).filter((m) => m.user === BOT)).toEqual([]);
  });

  it('from an approver who did not ask: the run answers in its own thread', async () => {
    harness = await startBotHarness({ model: [...modelDown(), textReply('Recovered.')], env: { PLANEBOT_APPROVERS: BOB } });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise the sprint` });
    const failed = await finalStatus(h, ts);
    await h.slack.clickButton({ user: BOB, channel: GENERAL, messageTs: failed.ts, actionId: 'run_retry' });
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('Recovered.')), 8_000, 'the answer in the run’s thread');
    await eventually(() => shownText(h.slack.workspace.message(GENERAL, failed.ts)).includes('Done in'), 5_000, 'the run’s status done');
    expect(h.slack.workspace.ephemeralsFor(GENERAL, BOB)).toEqual([]);
  });
});
