import { WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { startSlackEmulator, type OpenView } from '../../../src/emulators/slack/index.js';
import { translator } from '../../../src/i18n/index.js';
import { dayIn, nextDayIn } from '../../../src/schedules/occurrences.js';
import { textReply, toolReply } from '../../fakes/anthropic/index.js';
import { BOT_TOKEN, eventually, SIGNING_SECRET, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { slackViewLimitViolations } from '../blocks/limits.js';
import { approvalMessage, BOT, GENERAL } from '../conversations/support.js';

const ALICE = 'U0ALICE';
const BOB = 'U0BOB';
const CAROL = 'U0CAROL';
const EN = translator('en');

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

type Json = Record<string, unknown>;

/** The person opens the Home tab; resolves with the view the bot published for this visit. */
async function openHome(h: BotHarness, user: string): Promise<OpenView> {
  const before = h.slack.homeView(user)?.view.hash;
  const answer = await h.slack.openHome({ user });
  expect(answer.status).toBe(200);
  const home = await eventually(
    () => {
      const shown = h.slack.homeView(user);
      return shown && shown.view.hash !== before ? shown : undefined;
    },
    10_000,
    `${user}'s Home tab`,
  );
  expect(slackViewLimitViolations(home.view)).toEqual([]);
  return home;
}

const shown = (home: OpenView) => JSON.stringify(home.view.blocks);
const dmOf = (h: BotHarness, user: string) => h.slack.workspace.dmWith(user)!.id;

/** The section whose accessory is the button `actionId` with `value`. */
function buttonBlock(home: OpenView, actionId: string, value: string): Json {
  const block = home.view.blocks.find((b) => {
    const accessory = b.accessory as Json | undefined;
    return accessory?.action_id === actionId && accessory.value === value;
  });
  expect(block, `${actionId} ${value}`).toBeDefined();
  return block!;
}

describe('App Home over HTTP, through the emulator', () => {
  it('a person with nothing sees that they have nothing (and one Plane does not know, why); the first visit carries no view, the next one the published view', async () => {
    harness = await startBotHarness();
    const h = harness;
    // Bob is a member of the Plane workspace with nothing assigned.
    const home = await openHome(h, BOB);
    expect(home.view.type).toBe('home');
    expect(shown(home)).toContain(EN.t('home.noItems'));
    expect(shown(home)).toContain(EN.t('home.noApprovals'));
    expect(shown(home)).toContain(EN.t('home.noTasks'));
    expect(shown(home)).not.toContain('home_show_card');
    expect(shown(home)).not.toContain('home_show_tree');

    await openHome(h, BOB);
    const visits = h.slack.deliveries.flatMap((d) => {
      const event = (d.body as { event?: Json }).event;
      return event?.type === 'app_home_opened' ? [event] : [];
    });
    expect(visits).toHaveLength(2);
    expect(visits[0]).toMatchObject({ user: BOB, channel: dmOf(h, BOB), tab: 'home' });
    expect(visits[0]).not.toHaveProperty('view');
    expect(visits[1]).toMatchObject({ view: { id: home.view.id, type: 'home' } });
    const publishes = h.slack.calls.filter((c) => c.method === 'views.publish');
    expect(publishes.map((c) => [c.args.user_id, c.error])).toEqual([
      [BOB, undefined],
      [BOB, undefined],
    ]);

    // Carol is no member of the Plane workspace: her items cannot be told, and the tab says why.
    expect(shown(await openHome(h, CAROL))).toContain('Plane could not be read');
  });

  it('over Socket Mode the visit arrives as an envelope and the tab is published the same way', async () => {
    harness = await startBotHarness({ socketMode: true });
    const h = harness;
    const home = await openHome(h, CAROL);
    expect(h.slack.transport).toBe('socket');
    expect(home.view.callback_id).toBe('planebot_home');
    expect(h.slack.deliveries.some((d) => (d.body as { event?: Json }).event?.type === 'app_home_opened' && d.transport === 'socket')).toBe(
      true,
    );
  });

  it('a person with items, an approval waiting and tasks sees all three, and Show card / Show tree post into their DM', async () => {
    harness = await startBotHarness({
      model: [toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Looks good' } }]), textReply('Commented.')],
    });
    const h = harness;
    const mine = h.plane.db.addWorkItem('ACME', {
      name: 'Fix the SSO redirect',
      state: 'In Progress',
      priority: 'high',
      assignees: ['alice@acme.test'],
    });
    h.plane.db.addWorkItem('ACME', { name: 'Write the release notes', state: 'Backlog', priority: 'low', assignees: ['alice@acme.test'] });
    h.plane.db.addWorkItem('ACME', { name: 'Shipped already', state: 'Done', assignees: ['alice@acme.test'] });
    const task = await h.slack.runCommand({
      user: ALICE,
      channel: GENERAL,
      command: '/task',
      text: 'add Review the launch checklist !high <@U0ALICE|alice>',
    });
    expect(task.status).toBe(200);
    await eventually(() => h.slack.workspace.ephemeralsFor(GENERAL, ALICE).length > 0, 10_000, 'the task’s confirmation');
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> say it looks good on ACME-1` });
    await approvalMessage(h, ts);

    const home = await openHome(h, ALICE);
    const text = shown(home);
    expect(text).toContain('Fix the SSO redirect');
    expect(text).toContain('Write the release notes');
    expect(text).not.toContain('Shipped already');
    expect(text).toContain(EN.t('home.group', { group: 'started', count: 1 }));
    expect(text).toContain(EN.t('home.group', { group: 'backlog', count: 1 }));
    expect(text).toContain(EN.t('home.approvals', { count: 1 }));
    expect(text).toContain('plane_add_comment');
    expect(text).toContain(`<#${GENERAL}>`);
    expect(text).toContain('Review the launch checklist');

    const key = `ACME-${mine.sequence_id}`;
    const card = buttonBlock(home, 'home_show_card', key);
    const click = await h.slack.actInView(ALICE, home.view.id, { blockId: String(card.block_id), actionId: 'home_show_card' });
    expect(click.status).toBe(200);
    const dm = dmOf(h, ALICE);
    const posted = await eventually(
      () => h.slack.workspace.messages(dm).find((m) => JSON.stringify(m.blocks).includes('Fix the SSO redirect')),
      10_000,
      'the card in the DM',
    );
    expect(posted.user).toBe(h.slack.workspace.bot.userId);
    expect(JSON.stringify(posted.blocks)).toContain(key);

    const tree = buttonBlock(home, 'home_show_tree', GENERAL);
    await h.slack.actInView(ALICE, home.view.id, { blockId: String(tree.block_id), actionId: 'home_show_tree' });
    await eventually(
      () => h.slack.workspace.messages(dm).some((m) => JSON.stringify(m.blocks ?? m.text).includes('Review the launch checklist')),
      10_000,
      'the tree in the DM',
    );
    const click2 = h.slack.deliveries.findLast((d) => (d.body as Json).type === 'block_actions')!.body as Json;
    expect(click2).toMatchObject({ container: { type: 'view', view_id: home.view.id }, view: { id: home.view.id, type: 'home' } });
  });

  it('a person sees her open items overdue, due today and due tomorrow by the days of her own zone, first, in her language', async () => {
    harness = await startBotHarness();
    const h = harness;
    // Camille: Paris, French. Her today and tomorrow, whatever the hour in UTC.
    const today = dayIn('Europe/Paris', new Date());
    const tomorrow = nextDayIn('Europe/Paris', new Date());
    const add = (name: string, state: string, target_date?: string) =>
      h.plane.db.addWorkItem('ACME', { name, state, assignees: ['camille@acme.test'], ...(target_date && { target_date }) });
    add('Renew the certificate', 'Todo', '2026-01-15');
    add('Publish the changelog', 'In Progress', today);
    add('Review the cookie policy', 'Backlog', tomorrow);
    add('Someday', 'Todo', '2099-01-01');
    add('No date', 'Todo');
    add('Closed late', 'Done', '2026-01-10');
    const home = await openHome(h, 'U0CAMILLE');
    const fr = translator('fr');
    const section = home.view.blocks[2] as { text: { text: string } };
    const lines = section.text.text.split('\n');
    expect(lines[0]).toBe(`*${fr.t('digests.home.title', { count: 3 })}*`);
    expect(lines[1]).toMatch(new RegExp(`Renew the certificate · ${fr.t('digests.home.due', { due: 'overdue', date: '2026-01-15' })}$`));
    expect(lines[2]).toMatch(new RegExp(`Publish the changelog · ${fr.t('digests.home.due', { due: 'today', date: today })}$`));
    expect(lines[3]).toMatch(new RegExp(`Review the cookie policy · ${fr.t('digests.home.due', { due: 'tomorrow', date: tomorrow })}$`));
    expect(lines).toHaveLength(4);
    // The items also stay in their state groups below.
    expect(shown(home)).toContain('Someday');
  });

  it('finds every open item of hers due soon however many she has: 1,030 more urgent ones come first, over two pages of Plane’s list', async () => {
    harness = await startBotHarness();
    const h = harness;
    // Alice's Slack zone is Paris.
    const today = dayIn('Europe/Paris', new Date());
    h.plane.db.addManyWorkItems('ACME', 1030, (i) => ({
      name: `Urgent work ${i + 1}`,
      state: 'In Progress',
      priority: 'urgent',
      assignees: ['alice@acme.test'],
    }));
    // Least urgent of all (backlog, low): last in her list, far past any cut of it.
    const add = (name: string, target_date: string) =>
      h.plane.db.addWorkItem('ACME', { name, state: 'Backlog', priority: 'low', assignees: ['alice@acme.test'], target_date });
    add('Renew the certificate', '2026-01-15');
    add('Publish the changelog', today);
    h.plane.resetRequests();
    const home = await openHome(h, ALICE);
    const section = home.view.blocks[2] as { text: { text: string } };
    const lines = section.text.text.split('\n');
    expect(lines[0]).toBe(`*${EN.t('digests.home.title', { count: 2 })}*`);
    expect(lines[1]).toMatch(new RegExp(`Renew the certificate · ${EN.t('digests.home.due', { due: 'overdue', date: '2026-01-15' })}$`));
    expect(lines[2]).toMatch(new RegExp(`Publish the changelog · ${EN.t('digests.home.due', { due: 'today', date: today })}$`));
    expect(lines).toHaveLength(3);
    // ACME's list was read to its end: a second page after the first 1,000.
    const acmeId = h.demo.project.id;
    const pages = h.plane.requests.filter((r) => r.path.endsWith(`/projects/${acmeId}/work-items/`));
    expect(pages.map((r) => r.query.cursor ?? 'first')).toEqual(['first', expect.stringMatching(/^1000:1:/)]);
  });

  it('views.publish is refused as Slack refuses it: no user, a modal, over 100 blocks, long metadata, a stale hash, the Home tab off', async () => {
    const slack = await startSlackEmulator({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
    const off = await startSlackEmulator({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, homeTabEnabled: false });
    onTestFinished(async () => {
      await Promise.all([slack.close(), off.close()]);
    });
    const client = new WebClient(BOT_TOKEN, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
    const view = (blocks: number) => ({
      type: 'home' as const,
      blocks: Array.from({ length: blocks }, () => ({ type: 'divider' as const })),
    });
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (error: { data?: { error?: string } }) => error.data?.error,
      );
    expect(await refusal(client.views.publish({ user_id: '', view: view(1) }))).toBe('invalid_arguments');
    expect(
      await refusal(
        client.views.publish({ user_id: ALICE, view: { ...view(1), type: 'modal', title: { type: 'plain_text', text: 'x' } } }),
      ),
    ).toBe('invalid_arguments');
    expect(await refusal(client.views.publish({ user_id: ALICE, view: view(101) }))).toBe('invalid_arguments');
    expect(await refusal(client.views.publish({ user_id: ALICE, view: { ...view(1), private_metadata: 'x'.repeat(3001) } }))).toBe(
      'invalid_arguments',
    );
    expect(await refusal(client.views.publish({ user_id: 'U0NOBODY', view: view(1) }))).toBe('user_not_found');
    const first = await client.views.publish({ user_id: ALICE, view: { ...view(100), private_metadata: 'x'.repeat(3000) } });
    const second = await client.views.publish({ user_id: ALICE, view: view(2), hash: first.view!.hash! });
    expect(second.view!.id).toBe(first.view!.id);
    expect(await refusal(client.views.publish({ user_id: ALICE, view: view(1), hash: first.view!.hash! }))).toBe('hash_conflict');
    expect(slack.homeView(ALICE)!.view.blocks).toHaveLength(2);

    const offClient = new WebClient(BOT_TOKEN, { slackApiUrl: off.url, retryConfig: { retries: 0 } });
    expect(await refusal(offClient.views.publish({ user_id: ALICE, view: view(1) }))).toBe('not_enabled');
    expect(off.homeView(ALICE)).toBeUndefined();
  });
});
