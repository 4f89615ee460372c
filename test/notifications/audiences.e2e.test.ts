import { describe, expect, it } from 'vitest';
import { eventually } from '../harness/bot.js';
import { ALICE, BOB, OPS, run, sharedBot } from '../slack/commands-e2e/support.js';
import { cardOf, cards, expectError, expectNoUuid, shown } from './support.js';

const CONDENSE_MS = 300;
const GENERAL = 'C0GENERAL';
const settle = () => new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 4 + 2_500));

describe('who hears about a change: channels by their filters, people by assignment and mention', () => {
  const harness = sharedBot({
    webhooks: true,
    timing: { condenseMs: CONDENSE_MS, postIntervalMs: 20 },
    setUp: async (h) => {
      for (const email of ['alice@acme.test', 'bob@acme.test']) h.plane.db.addProjectMember(h.demo.project.id, email);
      await run(h, { command: '/plane', text: 'subscribe ACME state #bug' }, { ephemeral: 1 });
      await run(h, { command: '/plane', text: 'subscribe ACME comment !urgent', channel: GENERAL }, { ephemeral: 1 });
    },
  });

  it('two channels with different filters get exactly what their filters say', async () => {
    const h = harness();
    const { dana } = h.demo.users;
    const done = h.demo.states.Done!.id;
    // ACME-1: bug, urgent, In Progress. ACME-7: bug, medium, Done. ACME-6: docs, medium.
    h.plane.webApp.updateWorkItem('ACME-1', { state_id: done }, dana.id);
    h.plane.webApp.updateWorkItem('ACME-7', { state_id: h.demo.states.Todo!.id }, dana.id);
    h.plane.webApp.updateWorkItem('ACME-6', { state_id: done }, dana.id);
    h.plane.webApp.addComment('ACME-1', '<p>Fixed in 2.3.1</p>', dana.id);
    h.plane.webApp.addComment('ACME-7', '<p>Not urgent</p>', dana.id);
    const ops1 = await cardOf(h, OPS, 'ACME-1', 1);
    const ops7 = await cardOf(h, OPS, 'ACME-7', 1);
    const general1 = await cardOf(h, GENERAL, 'ACME-1', 1);
    await settle();
    expect(
      cards(h, OPS)
        .map((c) => c.card.text.split(':')[0])
        .sort(),
    ).toEqual(['ACME-1', 'ACME-7']);
    expect(cards(h, GENERAL).map((c) => c.card.text.split(':')[0])).toEqual(['ACME-1']);
    expect(shown(ops1.replies[0]!)).toBe('*dana*: In Progress → Done');
    expect(ops1.replies).toHaveLength(1);
    expect(shown(ops7.replies[0]!)).toBe('*dana*: Done → Todo');
    expect(shown(general1.replies[0]!)).toContain('*dana* commented:\nFixed in 2.3.1');
    expect(general1.replies).toHaveLength(1);
    expectNoUuid([ops1.card, ...ops1.replies, ops7.card, general1.card, ...general1.replies]);
  });

  it('an assignment DMs the assignee, not someone who turned notifications off; a mention DMs the person mentioned', async () => {
    const h = harness();
    const { dana } = h.demo.users;
    await run(h, { command: '/plane', text: 'notify off', user: BOB }, { ephemeral: 1 });
    const alice = h.plane.db.user('alice@acme.test');
    const bob = h.plane.db.user('bob@acme.test');
    h.plane.webApp.updateWorkItem('ACME-8', { assignee_ids: [alice.id, bob.id] }, dana.id);
    const dm = (user: string) => h.slack.workspace.messages(h.slack.workspace.dmWith(user)?.id ?? 'none');
    const [assigned] = await eventually(() => (dm(ALICE).length > 0 ? dm(ALICE) : undefined), 10_000, 'the DM to alice');
    expect(shown(assigned!)).toMatch(/^dana assigned you\nACME-8 /);
    expectNoUuid([assigned!]);
    h.plane.webApp.addComment(
      'ACME-8',
      `<p>Can you look, <mention-component entity_identifier="${bob.id}" entity_name="user_mention"></mention-component> and <mention-component entity_identifier="${alice.id}" entity_name="user_mention"></mention-component>?</p>`,
      dana.id,
    );
    const mentioned = await eventually(() => (dm(ALICE).length > 1 ? dm(ALICE)[1] : undefined), 10_000, 'the mention DM to alice');
    expect(shown(mentioned)).toMatch(/^dana mentioned you: Can you look, @bob and @alice\?/);
    await settle();
    expect(dm(BOB)).toHaveLength(0);
    expect(dm(ALICE)).toHaveLength(2);
    await run(h, { command: '/plane', text: 'notify on', user: BOB }, { ephemeral: 1 });
  });

  it('lists, replaces and removes subscriptions; bad input gets the reason and the usage line', async () => {
    const h = harness();
    const listed = await run(h, { command: '/plane', text: 'subscriptions' }, { ephemeral: 1 });
    expect(shown(listed.ephemeral[0]!)).toContain('ACME: state · #bug');
    const bad = await run(h, { command: '/plane', text: 'subscribe ACME shipped' }, { ephemeral: 1 });
    expectError(
      bad.ephemeral[0]!,
      /"shipped" is neither an event \(created, state, done, comment, assigned, all\) nor a filter/,
      '/plane subscribe <PROJECT> [created|state|done|comment|assigned|all…] [#label…] [@member…] [!priority…] [state:<group>…]',
    );
    const badGroup = await run(h, { command: '/plane', text: 'subscribe ACME state:doing' }, { ephemeral: 1 });
    expect(shown(badGroup.ephemeral[0]!)).toContain('use state:backlog, state:unstarted, state:started, state:completed, state:cancelled');
    const badLabel = await run(h, { command: '/plane', text: 'subscribe ACME #nope' }, { ephemeral: 1 });
    expect(shown(badLabel.ephemeral[0]!)).toMatch(/No label "nope" in project ACME\. Labels: /);
    const badNotify = await run(h, { command: '/plane', text: 'notify maybe' }, { ephemeral: 1 });
    expectError(badNotify.ephemeral[0]!, /"maybe": say on or off/, '/plane notify <on|off>');
    const help = await run(h, { command: '/plane', text: 'help' }, { ephemeral: 1 });
    for (const action of ['subscribe', 'unsubscribe', 'subscriptions', 'notify'])
      expect(shown(help.ephemeral[0]!)).toContain(`/plane ${action}`);
    const removed = await run(h, { command: '/plane', text: 'unsubscribe ACME', channel: GENERAL }, { ephemeral: 1 });
    expect(shown(removed.ephemeral[0]!)).toContain('Unsubscribed #general from ACME');
    const none = await run(h, { command: '/plane', text: 'subscriptions', channel: GENERAL }, { ephemeral: 1 });
    expect(shown(none.ephemeral[0]!)).toContain('#general follows no Plane project');
  });
});
