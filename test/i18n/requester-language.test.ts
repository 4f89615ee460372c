import { afterEach, describe, expect, it } from 'vitest';
import { modelDown, textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';
import { approvalMessage, botMessages, shownText, statusMessage } from '../slack/conversations/support.js';

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const BOT = 'U0BOT';
const GENERAL = 'C0GENERAL';
const CAMILLE = 'U0CAMILLE';
const WEI = 'U0WEI';

/** What a requester must see of their run, in their language. */
interface Seen {
  /** The approval request's notification text. */
  text: string;
  /** Texts its blocks hold. */
  shown: string[];
  /** The status message while the run waits. */
  waiting: string;
  /** The status message once the run is over. */
  done: RegExp;
  /** The approval message once decided. */
  decided: string;
}

/** `user` asks the bot, sees the approval request and the waiting status, clicks `decision`, and sees the decision and the end. */
async function throughApproval(h: BotHarness, user: string, ask: string, decision: string, seen: Seen): Promise<string> {
  const ts = await h.slack.userSays({ user, channel: GENERAL, text: `<@${BOT}> ${ask}` });
  const request = await approvalMessage(h, ts);
  expect(request.text).toBe(seen.text);
  for (const text of seen.shown) expect(shownText(request)).toContain(text);
  const status = await statusMessage(h, ts);
  const statusNow = () => shownText(h.slack.workspace.message(GENERAL, status.ts));
  await eventually(() => statusNow().includes(seen.waiting), 5_000, 'the waiting status');
  await h.slack.clickButton({ user, channel: GENERAL, messageTs: request.ts, actionId: decision });
  await eventually(() => seen.done.test(statusNow()), 8_000, 'the final status');
  expect(shownText(h.slack.workspace.message(GENERAL, request.ts))).toContain(seen.decided);
  return ts;
}

describe('the requester’s language', () => {
  it('is read from users.info with include_locale and told to the model, which the system prompt asks to answer in it', async () => {
    harness = await startBotHarness({ model: [textReply('Bonjour !'), textReply('你好！')] });
    await harness.slack.userSays({ user: CAMILLE, channel: GENERAL, text: `<@${BOT}> salut` });
    await eventually(() => harness!.model!.requests[0], 8_000, 'the first model request');
    await harness.slack.userSays({ user: WEI, channel: GENERAL, text: `<@${BOT}> 你好` });
    await eventually(() => harness!.model!.requests[1], 8_000, 'the second model request');
    const [french, chinese] = harness.model!.requests.map((request) => request.body);
    expect(JSON.stringify(french!.system)).toContain('Answer in the language of the context');
    expect(JSON.stringify(french!.messages)).toContain('language: French (France) (fr-FR)');
    expect(JSON.stringify(chinese!.messages)).toContain('language: Chinese (China) (zh-CN)');
    // The system prompt is the same for both: it stays cached.
    expect(chinese!.system).toEqual(french!.system);
    const asked = harness.slack.calls.filter((call) => call.method === 'users.info' && call.args.user === CAMILLE);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((call) => call.args.include_locale === true || call.args.include_locale === 'true')).toBe(true);
  });

  it('writes each requester’s status message and approval request in their language, through the real Bolt app', async () => {
    const comment = (text: string) => toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text } }]);
    harness = await startBotHarness({ model: [comment('Ça marche'), textReply('Commentaire ajouté.')] });
    const h = harness;

    // Camille (fr-FR) approves: the request, the waiting status, the decision and the end are in French.
    const frenchTs = await throughApproval(h, CAMILLE, 'commente ACME-1', 'approval_approve', {
      text: `Approbation requise\u202f: <@${CAMILLE}> a demandé d’exécuter \`plane_add_comment\``,
      shown: [
        'Approbation requise',
        `<@${CAMILLE}> a demandé d’exécuter \`plane_add_comment\`. L’appel va\u202f:`,
        'Ajouter un commentaire à ACME-1 au nom de l’utilisateur de la clé d’API (text)\u202f: \\"Ça marche\\".',
        ...['Approuver', 'Approuver pour ce fil', 'Refuser'].map((button) => `"text":"${button}"`),
      ],
      waiting: 'En attente d’approbation…',
      done: /✓ Terminé en [^"]+ · 1 appel d’outil/,
      decided: `✓ Approuvé par <@${CAMILLE}>`,
    });

    // Wei (zh-CN) denies: the same in Chinese.
    h.model!.script(comment('可以'), textReply('好的，不评论。'));
    await throughApproval(h, WEI, '评论 ACME-1', 'approval_deny', {
      text: `需要审批：<@${WEI}> 请求运行 \`plane_add_comment\``,
      shown: [
        `<@${WEI}> 请求运行 \`plane_add_comment\`。它将：`,
        '以 API 密钥用户的身份为 ACME-1 添加评论（text）：\\"可以\\"。',
        ...['批准', '在此话题中批准', '拒绝'].map((button) => `"text":"${button}"`),
      ],
      waiting: '等待审批…',
      done: /✓ 完成，用时 [^"]+ · 1 次工具调用/,
      decided: `✗ 已拒绝，操作人：<@${WEI}>`,
    });

    // What the model reads stays English: the tools' declarations and the answer to a refused call.
    expect(JSON.stringify(h.model!.requests.at(-1)!.body.messages)).toContain('Operation cancelled by user');
    expect(botMessages(h, frenchTs).some((m) => m.text.includes('Commentaire ajouté.'))).toBe(true);
  });

  it('says why a French requester’s run failed in French, the API’s own words inside, with Retry, which takes it up again', async () => {
    harness = await startBotHarness({ model: [...modelDown(), textReply('Reprise.')] });
    const h = harness;
    const ts = await h.slack.userSays({ user: CAMILLE, channel: GENERAL, text: `<@${BOT}> résume le sprint` });
    const failed = await eventually(
      () => {
        const status = botMessages(h, ts)[0];
        return status && shownText(status).includes('Échec') ? status : undefined;
      },
      8_000,
      'the failed status',
    );
    expect(failed.text).toBe('Échec\u202f: L’API du modèle a échoué (500)\u202f: Internal error');
    expect(shownText(failed)).toContain('✗ *Échec\u202f:* L’API du modèle a échoué (500)\u202f: Internal error');
    expect(shownText(failed)).toContain('"text":"Réessayer"');
    expect(shownText(failed)).toContain('run_retry');
    expect(shownText(failed)).not.toContain('The model API');

    await h.slack.clickButton({ user: CAMILLE, channel: GENERAL, messageTs: failed.ts, actionId: 'run_retry' });
    await eventually(() => /✓ Terminé en/.test(shownText(h.slack.workspace.message(GENERAL, failed.ts))), 8_000, 'the status after Retry');
    expect(botMessages(h, ts).some((m) => m.text.includes('Reprise.'))).toBe(true);
  });
});
