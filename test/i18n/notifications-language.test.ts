import { describe, expect, it } from 'vitest';
import { eventually } from '../harness/bot.js';
import { cardOf, shown } from '../notifications/support.js';
import { ALICE, OPS, run, sharedBot } from '../slack/commands-e2e/support.js';

/** Plane notifications are posts nobody asked for: they speak PLANEBOT_LOCALE, here Chinese. */
describe('Plane notifications in PLANEBOT_LOCALE', () => {
  const harness = sharedBot({
    webhooks: true,
    env: { PLANEBOT_LOCALE: 'zh-CN' },
    timing: { condenseMs: 300, postIntervalMs: 20 },
    setUp: async (h) => {
      h.plane.db.addProjectMember(h.demo.project.id, 'alice@acme.test');
      await run(h, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 });
    },
  });

  it('writes the card, the change line and the assignment DM in Chinese; Plane’s names stay Plane’s', async () => {
    const h = harness();
    const { dana } = h.demo.users;
    h.plane.webApp.updateWorkItem('ACME-7', { state_id: h.demo.states.Todo!.id, priority: 'high' }, dana.id);
    const { card, replies } = await cardOf(h, OPS, 'ACME-7', 1);
    for (const words of ['*状态*', '*优先级*', '*负责人*', '在 Plane 中打开', '分配给我', '评论']) expect(shown(card)).toContain(words);
    expect(JSON.stringify(card.blocks)).toContain('"移至…"');
    expect(shown(replies[0]!)).toMatch(/^\*dana\*: Done → Todo · 优先级 高$/);

    h.plane.webApp.updateWorkItem('ACME-7', { assignee_ids: [h.plane.db.user('alice@acme.test').id] }, dana.id);
    const dm = () => h.slack.workspace.messages(h.slack.workspace.dmWith(ALICE)?.id ?? 'none');
    const [assigned] = await eventually(() => (dm().length > 0 ? dm() : undefined), 10_000, 'the DM to alice');
    expect(shown(assigned!)).toMatch(/^dana 将你设为负责人\nACME-7 /);
  });
});
