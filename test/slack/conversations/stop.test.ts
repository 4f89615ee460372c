import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { ALICE, approvalMessage, BOB, BOT, botMessages, CAROL, GENERAL, heldReply, shownText, statusMessage } from './support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A model request the fake holds until the bot goes away from it: only an abort ends it. */
const neverAnswered = () => new Promise<never>(() => undefined);

/** The status message once it carries its Stop button (the run is being driven). */
function stoppable(h: BotHarness, ts: string) {
  return eventually(
    async () => {
      const status = await statusMessage(h, ts);
      const shown = h.slack.workspace.message(GENERAL, status.ts)!;
      return shownText(shown).includes('run_stop') ? shown : undefined;
    },
    8_000,
    'the Stop button',
  );
}

function stoppedStatus(h: BotHarness, statusTs: string) {
  return eventually(
    () => {
      const status = h.slack.workspace.message(GENERAL, statusTs);
      return shownText(status).includes('Stopped by') ? status : undefined;
    },
    8_000,
    'the stopped status',
  );
}

function clickStop(h: BotHarness, user: string, statusTs: string) {
  return h.slack.clickButton({ user, channel: GENERAL, messageTs: statusTs, actionId: 'run_stop' });
}

describe('the Stop button', () => {
  it('stops a run during its model request (the request is aborted), says who stopped it, and the thread goes on with its history', async () => {
    harness = await startBotHarness({ model: [neverAnswered] });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise every open item` });
    const status = await stoppable(h, ts);
    await eventually(() => h.model!.requests.length === 1, 8_000, 'the model request');

    expect((await clickStop(h, ALICE, status.ts)).status).toBe(200);
    const stopped = await stoppedStatus(h, status.ts);
    await h.model!.requests[0]!.abortSeen;
    expect(shownText(stopped)).toContain(`■ Stopped by <@${ALICE}>`);
    expect(stopped.text).toBe(`Stopped by <@${ALICE}>`);
    expect(stopped.blocks?.some((b) => b.type === 'actions')).toBe(false);
    // Nothing else was said: the status message is the bot's only message.
    expect(botMessages(h, ts)).toHaveLength(1);

    h.model!.script(textReply('Here are only the urgent ones.'));
    await h.slack.userSays({ user: ALICE, channel: GENERAL, text: 'just the urgent ones', threadTs: ts });
    await eventually(
      () => botMessages(h, ts).some((m) => m.text.includes('Here are only the urgent ones.')),
      8_000,
      'the answer to the follow-up',
    );
    const history = JSON.stringify(h.model!.requests[1]!.body.messages);
    expect(history).toContain('summarise every open item');
    expect(history).toContain('Stopped by');
  });

  it('tells anyone but the requester and the approvers privately that they cannot stop it, and the run goes on', async () => {
    const held = heldReply(textReply('All done.'));
    harness = await startBotHarness({ model: [held.step], env: { PLANEBOT_APPROVERS: CAROL } });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> summarise every open item` });
    const status = await stoppable(h, ts);
    await held.requested;

    await clickStop(h, BOB, status.ts);
    const notice = await eventually(() => h.slack.workspace.ephemeralsFor(GENERAL, BOB)[0], 5_000, 'the notice to Bob');
    expect(notice.text).toContain(`Only <@${ALICE}>, who asked, or someone listed in PLANEBOT_APPROVERS can stop this run`);
    expect(h.model!.requests[0]!.aborted).toBe(false);

    held.release();
    await eventually(() => botMessages(h, ts).some((m) => m.text.includes('All done.')), 8_000, 'the answer');
    await eventually(() => shownText(h.slack.workspace.message(GENERAL, status.ts)).includes('Done in'), 5_000, 'the final status');
  });

  it('withdraws the approvals a run waits for, after a restart too, and an approver may stop it', async () => {
    harness = await startBotHarness({
      model: [toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Looks good' } }])],
      env: { PLANEBOT_APPROVERS: CAROL },
    });
    const h = harness;
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> say it looks good on ACME-1` });
    const approval = await approvalMessage(h, ts);
    const status = await stoppable(h, ts);
    await eventually(
      () => shownText(h.slack.workspace.message(GENERAL, status.ts)).includes('Waiting for approval'),
      5_000,
      'the waiting status',
    );
    await h.restart();

    // An approver may stop it too.
    await clickStop(h, CAROL, status.ts);
    const stopped = await stoppedStatus(h, status.ts);
    expect(shownText(stopped)).toContain(`Stopped by <@${CAROL}>`);
    const withdrawn = await eventually(
      () => {
        const message = h.slack.workspace.message(GENERAL, approval.ts);
        return shownText(message).includes('Withdrawn') ? message : undefined;
      },
      5_000,
      'the withdrawn approval',
    );
    expect(withdrawn.text).toContain('withdrawn: the run was stopped');
    expect(shownText(withdrawn)).toContain(`Withdrawn: the run was stopped by <@${CAROL}>`);
    expect(withdrawn.blocks?.some((b) => b.type === 'actions')).toBe(false);

    // Nothing was run and the model was not asked again.
    expect(h.model!.requests).toHaveLength(1);
    expect([...h.plane.db.comments.values()].some((c) => c.comment_html.includes('Looks good'))).toBe(false);
  });
});
