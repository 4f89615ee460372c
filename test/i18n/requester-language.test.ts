import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
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
    const frenchTs = await h.slack.userSays({ user: CAMILLE, channel: GENERAL, text: `<@${BOT}> commente ACME-1` });
    const frenchRequest = await approvalMessage(h, frenchTs);
    expect(frenchRequest.text).toBe(`Approbation requise : <@${CAMILLE}> a demandé d’exécuter \`plane_add_comment\``);
    expect(shownText(frenchRequest)).toContain('Approbation requise');
    expect(shownText(frenchRequest)).toContain(`<@${CAMILLE}> a demandé d’exécuter \`plane_add_comment\`. L’appel va :`);
    expect(shownText(frenchRequest)).toContain('Ajouter un commentaire à ACME-1 au nom de l’utilisateur de la clé d’API (text) : \\"Ça marche\\".');
    for (const button of ['Approuver', 'Approuver pour ce fil', 'Refuser']) expect(shownText(frenchRequest)).toContain(`"text":"${button}"`);
    const frenchStatus = await statusMessage(h, frenchTs);
    await eventually(() => shownText(h.slack.workspace.message(GENERAL, frenchStatus.ts)).includes('En attente d’approbation…'), 5_000, 'the French waiting status');
    await h.slack.clickButton({ user: CAMILLE, channel: GENERAL, messageTs: frenchRequest.ts, actionId: 'approval_approve' });
    const frenchDone = await eventually(
      () => (shownText(h.slack.workspace.message(GENERAL, frenchStatus.ts)).includes('Terminé en') ? h.slack.workspace.message(GENERAL, frenchStatus.ts) : undefined),
      8_000,
      'the French final status',
    );
    expect(shownText(frenchDone)).toMatch(/✓ Terminé en [^"]+ · 1 appel d’outil/);
    expect(shownText(h.slack.workspace.message(GENERAL, frenchRequest.ts))).toContain(`✓ Approuvé par <@${CAMILLE}>`);

    // Wei (zh-CN) denies: the same in Chinese.
    h.model!.script(comment('可以'), textReply('好的，不评论。'));
    const chineseTs = await h.slack.userSays({ user: WEI, channel: GENERAL, text: `<@${BOT}> 评论 ACME-1` });
    const chineseRequest = await approvalMessage(h, chineseTs);
    expect(chineseRequest.text).toBe(`需要审批：<@${WEI}> 请求运行 \`plane_add_comment\``);
    expect(shownText(chineseRequest)).toContain(`<@${WEI}> 请求运行 \`plane_add_comment\`。它将：`);
    expect(shownText(chineseRequest)).toContain('以 API 密钥用户的身份为 ACME-1 添加评论（text）：\\"可以\\"。');
    for (const button of ['批准', '在此话题中批准', '拒绝']) expect(shownText(chineseRequest)).toContain(`"text":"${button}"`);
    const chineseStatus = await statusMessage(h, chineseTs);
    await eventually(() => shownText(h.slack.workspace.message(GENERAL, chineseStatus.ts)).includes('等待审批…'), 5_000, 'the Chinese waiting status');
    await h.slack.clickButton({ user: WEI, channel: GENERAL, messageTs: chineseRequest.ts, actionId: 'approval_deny' });
    const chineseDone = await eventually(
      () => (shownText(h.slack.workspace.message(GENERAL, chineseStatus.ts)).includes('完成，用时') ? h.slack.workspace.message(GENERAL, chineseStatus.ts) : undefined),
      8_000,
      'the Chinese final status',
    );
    expect(shownText(chineseDone)).toMatch(/✓ 完成，用时 [^"]+ · 1 次工具调用/);
    expect(shownText(h.slack.workspace.message(GENERAL, chineseRequest.ts))).toContain(`✗ 已拒绝，操作人：<@${WEI}>`);

    // What the model reads stays English: the tools' declarations and the answer to a refused call.
    expect(JSON.stringify(h.model!.requests.at(-1)!.body.messages)).toContain('Operation cancelled by user');
    expect(botMessages(h, frenchTs).some((m) => m.text.includes('Commentaire ajouté.'))).toBe(true);
  });
});
