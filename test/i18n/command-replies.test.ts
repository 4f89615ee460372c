import { describe, expect, it } from 'vitest';
import { errorOf, firstLine, run, sharedBot, shown } from '../slack/commands-e2e/support.js';
import { shownText } from '../slack/conversations/support.js';
import { translator } from '../../src/i18n/index.js';
import { usageOf } from '../../src/slack/commands/usage.js';

/**
 * A French and a Chinese requester (their Slack says fr-FR and zh-CN) get the replies of /task,
 * /todo and /plane, their errors and usage lines in their language; command words stay as typed.
 */
const CAMILLE = 'U0CAMILLE';
const WEI = 'U0WEI';

const harness = sharedBot({ freshChannelFiles: true });

describe('command replies in the requester’s language', () => {
  it('answers a French requester in French: confirmations, the tree, help, errors and usage', async () => {
    const added = await run(
      harness(),
      { command: '/task', text: 'add Préparer la démo !high', user: CAMILLE },
      { ephemeral: 1, channel: 1 },
    );
    expect(added.ephemeral[0]!.text).toBe('Tâche 1 ajoutée à l’arbre de #ops');
    // The change is announced in the channel in the language of whoever made it.
    expect(added.channel[0]!.text).toBe('Tâche [1] Préparer la démo → ajoutée (par camille)');
    const moved = await run(harness(), { command: '/task', text: 'status 1 in-progress', user: CAMILLE }, { ephemeral: 1, channel: 1 });
    expect(moved.ephemeral[0]!.text).toBe('[1] à faire → en cours');
    const tree = await run(harness(), { command: '/task', text: 'tree', user: CAMILLE }, { channel: 1 });
    expect(shownText(tree.channel[0])).toContain('Arbre des tâches de #ops');
    const help = await run(harness(), { command: '/task', text: 'help', user: CAMILLE }, { ephemeral: 1 });
    expect(shownText(help.ephemeral[0])).toContain('/task add &lt;titre&gt; [!low|!normal|!high|!critical] [@personne] [due:AAAA-MM-JJ]');
    expect(shownText(help.ephemeral[0])).toContain('Ajouter une sous-tâche');
    const bad = await run(harness(), { command: '/task', text: 'status 1 finished', user: CAMILLE }, { ephemeral: 1 });
    expect(bad.ephemeral[0]!.text).toBe(
      '"finished" n’est pas un statut ; utilisez todo, in-progress, done, blocked — Usage : /task status &lt;id&gt; &lt;todo|in-progress|done|blocked&gt;',
    );
    const todo = await run(harness(), { command: '/todo', text: 'list', user: CAMILLE }, { channel: 1 });
    expect(shownText(todo.channel[0])).toContain('Rien à faire. Ajoutez un élément avec /todo add &lt;titre&gt;.');
    const unknown = await run(harness(), { command: '/plane', text: 'frob', user: CAMILLE }, { ephemeral: 1 });
    expect(unknown.ephemeral[0]!.text).toMatch(
      /^Sous-commande inconnue : "frob" — Usage : \/plane <|^Sous-commande inconnue : "frob" — Usage : \/plane &lt;/,
    );
  });

  it('heads /plane mine and /plane search listings in French for a French requester', async () => {
    const mine = await run(harness(), { command: '/plane', text: 'mine', user: CAMILLE }, { ephemeral: 1 });
    expect(mine.ephemeral[0]!.text).toMatch(/^Vos éléments ouverts dans tous les projets : \d+ éléments?\.$/);
    expect(firstLine(mine.ephemeral[0]!)).toBe(`*${mine.ephemeral[0]!.text}*`);
    const inAcme = await run(harness(), { command: '/plane', text: 'mine ACME', user: CAMILLE }, { ephemeral: 1 });
    expect(inAcme.ephemeral[0]!.text).toMatch(/^Vos éléments ouverts dans ACME : \d+ éléments?\.$/);
    const search = await run(harness(), { command: '/plane', text: 'search ACME login', user: CAMILLE }, { channel: 1 });
    expect(search.channel[0]!.text).toBe('Éléments de ACME correspondant à «\u202flogin\u202f» : 1 élément.');
    expect(shown(search.channel[0]!)).toContain('|ACME-1> · Login button unresponsive on Safari');
  });

  it('answers a Chinese requester in Chinese, and an English one in English in the same channel', async () => {
    const added = await run(harness(), { command: '/todo', text: 'add 写周报 #工作', user: WEI }, { ephemeral: 1 });
    expect(added.ephemeral[0]!.text).toBe('已将第 1 项添加到 #ops 的待办清单');
    const done = await run(harness(), { command: '/todo', text: 'done 1', user: WEI }, { ephemeral: 1 });
    expect(done.ephemeral[0]!.text).toBe('[1] 已标记为已完成');
    const list = await run(harness(), { command: '/todo', text: 'list', user: WEI }, { channel: 1 });
    expect(shownText(list.channel[0])).toContain('#ops 的待办清单');
    expect(shownText(list.channel[0])).toContain('*已完成* (1)');
    const missing = await run(harness(), { command: '/task', text: 'add', user: WEI }, { ephemeral: 1 });
    expect(missing.ephemeral[0]!.text).toBe(
      '缺少标题 — 用法：/task add &lt;标题&gt; [!low|!normal|!high|!critical] [@用户] [due:YYYY-MM-DD] [#标签…]',
    );
    const help = await run(harness(), { command: '/plane', text: 'help', user: WEI }, { ephemeral: 1 });
    expect(shownText(help.ephemeral[0])).toContain('Plane 工作项，无需智能助手。');
    const english = await run(harness(), { command: '/todo', text: 'done 1', user: 'U0ALICE' }, { ephemeral: 1 });
    expect(english.ephemeral[0]!.text).toBe('Nothing changed: [1] is done');
  });

  it('says the Plane kit’s and the task tools’ failures in the requester’s language, with the usage', async () => {
    const failure = async (command: '/plane' | '/task', text: string, user: string) =>
      errorOf((await run(harness(), { command, text, user }, { ephemeral: 1, channel: 0 })).ephemeral[0]!);
    await run(harness(), { command: '/task', text: 'add Ship it', user: CAMILLE }, { ephemeral: 1, channel: 1 });
    expect(await failure('/plane', 'show ACME-999', CAMILLE)).toEqual({
      reason: 'Plane n’a pas d’élément de travail ACME-999 dans l’espace de travail acme (404).',
      usage: expect.stringContaining(usageOf('plane', 'show', translator('fr'))),
    });
    expect((await failure('/plane', 'show ACME-999', WEI)).reason).toBe('Plane 的工作区 acme 中没有工作项 ACME-999（404）。');
    expect((await failure('/plane', 'show ACME-999', 'U0ALICE')).reason).toBe('Plane has no work item ACME-999 in workspace acme (404).');
    expect((await failure('/plane', 'new NOPE Title', CAMILLE)).reason).toBe(
      'Aucun projet «\u202fNOPE\u202f» dans l’espace de travail acme. Projets\u202f: ACME (Website).',
    );
    // The members' error is two phrases, said one after the other.
    expect((await failure('/plane', 'new ACME Title @zoe', WEI)).reason).toMatch(
      /^项目 ACME 中没有可指派的成员“zoe”。 成员(（访客不能被指派）)?：.+。$/,
    );
    expect(await failure('/task', 'status 9 done', CAMILLE)).toEqual({
      reason: 'Pas de tâche d’identifiant «\u202f9\u202f» dans tasks.json. Identifiants valides\u202f: 1.',
      usage: expect.stringContaining(usageOf('task', 'status', translator('fr'))),
    });
    // What could not be done, then why: two phrases.
    expect((await failure('/task', 'sub 9 Title', CAMILLE)).reason).toBe(
      'Impossible d’ajouter la sous-tâche\u202f: Pas de tâche d’identifiant «\u202f9\u202f» dans tasks.json. Identifiants valides\u202f: 1.',
    );
    expect((await failure('/task', 'sub 9 Title', 'U0ALICE')).reason).toBe(
      'Cannot add the subtask: No task with id "9" in tasks.json. Valid ids: 1.',
    );
    expect((await failure('/task', 'status 9 done', WEI)).reason).toBe('tasks.json 中没有 id 为“9”的任务。有效的 id：1。');
    expect((await failure('/task', 'status 9 done', 'U0ALICE')).reason).toBe('No task with id "9" in tasks.json. Valid ids: 1.');
  });
});
