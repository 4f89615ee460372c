/**
 * `/plane digest` and `/plane remind` end to end: the Bolt app over signed requests from the Slack
 * emulator, the demo fake Plane, and the bot's scheduler driven by a clock the test moves.
 */
import { describe, expect, it } from 'vitest';
import { seedDemoDigests } from '../../../src/emulators/plane/index.js';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import type { BotHarness } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { ALICE, OPS, botForTest, expectError, firstLine, run, shown } from './support.js';

const DAY = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A change through the fake Plane's API, as a person in Plane would make it. */
async function patch(h: BotHarness, sequence: number, body: Record<string, unknown>): Promise<void> {
  const item = h.plane.db.workItem(`ACME-${sequence}`);
  const url = `${h.plane.url}/api/v1/workspaces/acme/projects/${h.demo.project.id}/work-items/${item.id}/`;
  const answer = await fetch(url, {
    method: 'PATCH',
    headers: { 'X-Api-Key': h.demo.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

function section(message: SlackMessage, heading: RegExp): string[] {
  const text = shown(message).split('\n');
  const start = text.findIndex((line) => heading.test(line));
  if (start < 0) return [];
  const end = text.findIndex((line, i) => i > start && /^\*/.test(line));
  return text.slice(start + 1, end < 0 ? undefined : end);
}

const keys = (lines: string[]) => lines.map((line) => /ACME-\d+/.exec(line)?.[0]).filter(Boolean);

describe('/plane digest', () => {
  it('digest now: counts, overdue, unassigned urgent/high and stale; after changes, what was done, created and moved since, with the counts’ change; filters applied', async () => {
    const h = await botForTest();
    const { db } = h.plane;
    const today = Date.now();
    db.addWorkItem(h.demo.project.id, {
      name: 'Renew the TLS certificate',
      state: 'In Progress',
      priority: 'medium',
      assignees: [h.demo.users.leo.id],
      target_date: isoDay(today - 3 * DAY),
      labels: ['bug'],
    });
    db.addWorkItem(h.demo.project.id, { name: 'Checkout crashes on empty cart', state: 'Todo', priority: 'urgent', labels: ['bug'] });

    const [first] = (await run(h, { command: '/plane', text: 'digest now ACME' }, { channel: 1 })).channel;
    expect(firstLine(first!)).toBe('Digest of ACME · Website');
    expect(keys(section(first!, /^\*Overdue \(1\)\*/))).toEqual(['ACME-13']);
    expect(section(first!, /^\*Overdue/)[0]).toContain(`due ${isoDay(today - 3 * DAY)}`);
    expect(keys(section(first!, /^\*Urgent or high, nobody assigned \(1\)\*/))).toEqual(['ACME-14']);
    expect(keys(section(first!, /^\*Started, unchanged for 7 days \(1\)\*/))).toEqual(['ACME-5']);
    expect(keys(section(first!, /^\*Created \(2\)\*/)).sort()).toEqual(['ACME-13', 'ACME-14']);
    expect(shown(first!)).toContain('*In progress* 5');
    expect(shown(first!)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Links by key, never ids.
    expect(JSON.stringify(first!.blocks)).toContain(`${h.plane.url}/acme/browse/ACME-5/`);

    // In Plane: ACME-2 is done, ACME-3 started, a new item; the next digest says what changed since.
    await patch(h, 2, { state: h.demo.states.Done!.id });
    await patch(h, 3, { state: h.demo.states['In Progress']!.id });
    db.addWorkItem(h.demo.project.id, { name: 'Add a status page link', state: 'Backlog', priority: 'low' });
    const [second] = (await run(h, { command: '/plane', text: 'digest now ACME' }, { channel: 1 })).channel;
    expect(shown(second!)).toMatch(/^Changes since the last digest/m);
    expect(keys(section(second!, /^\*Done \(1\)\*/))).toEqual(['ACME-2']);
    expect(section(second!, /^\*Moved \(1\)\*/)).toEqual([expect.stringMatching(/ACME-3.* · Backlog → In Progress$/)]);
    expect(keys(section(second!, /^\*Created \(1\)\*/))).toEqual(['ACME-15']);
    expect(shown(second!)).toContain('*Done* 3 (+1)');
    expect(shown(second!)).toContain('*In progress* 6 (+1)');

    // A schedule with filters: only #bug items, listed with the setter's zone (alice: Europe/Paris).
    const [set] = (await run(h, { command: '/plane', text: 'digest ACME weekdays 08:30 #bug stale:3 quiet' }, { ephemeral: 1 })).ephemeral;
    expect(firstLine(set!)).toBe('✓ #ops gets a digest of ACME on weekdays at 08:30 (Europe/Paris)');
    const [listed] = (await run(h, { command: '/plane', text: 'digest list' }, { ephemeral: 1 })).ephemeral;
    expect(shown(listed!)).toContain('ACME: on weekdays at 08:30 (Europe/Paris) · #bug · stale:3 · quiet');
    const [filtered] = (await run(h, { command: '/plane', text: 'digest now ACME' }, { channel: 1 })).channel;
    expect(shown(filtered!)).toContain('Only items matching #bug');
    expect(keys(section(filtered!, /^\*Overdue/))).toEqual(['ACME-13']);
    expect(keys(section(filtered!, /^\*Urgent or high/))).toEqual(['ACME-14']);
    expect(shown(filtered!)).not.toContain('ACME-5');

    const [off] = (await run(h, { command: '/plane', text: 'digest off ACME' }, { ephemeral: 1 })).ephemeral;
    expect(firstLine(off!)).toBe('✓ No more digests of ACME in #ops');
  }, 60_000);

  it('bad input gets the reason and the usage line', async () => {
    const h = await botForTest();
    const usage =
      '/plane digest <PROJECT> [daily|weekdays|weekly <day>] [HH:MM] [#label…] [@member…] [!priority…] [state:<group>…] [stale:<days>] [quiet]';
    for (const [text, reason] of [
      ['digest ACME 25:00', /^"?25:00"? is not a time of day/],
      ['digest ACME weekly someday', /is not a day of the week/],
      ['digest ACME stale:x', /is not a number of days/],
      ['digest ACME hourly', /is neither a schedule/],
    ] as const) {
      const [error] = (await run(h, { command: '/plane', text }, { ephemeral: 1 })).ephemeral;
      expectError(error!, reason, usage);
    }
  }, 30_000);

  it('a scheduled digest posts once at its time in the setter’s zone, and again the next day', async () => {
    let now = Date.now();
    const h = await botForTest({ now: () => now });
    await run(h, { command: '/plane', text: 'digest ACME daily 09:00' }, { ephemeral: 1 });
    const schedule = await h.bot.scheduler.get(`digest:${OPS}:${h.demo.project.id}`);
    const next = h.bot.scheduler.nextRun(schedule!)!.getTime();
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(next)).toBe('09:00');
    const before = h.slack.workspace.messages(OPS).length;
    now = next + 1_000;
    await h.bot.scheduler.tick();
    await h.bot.scheduler.tick();
    const posted = h.slack.workspace.messages(OPS).slice(before);
    expect(posted.map((m) => m.text.split(':')[0])).toEqual(['Digest of ACME · Website']);
    for (const message of posted) assertWithinSlackLimits({ text: message.text, blocks: message.blocks });
    now = next + DAY + 1_000;
    await h.bot.scheduler.tick();
    expect(h.slack.workspace.messages(OPS).length - before).toBe(2);
  }, 30_000);
});

describe('/plane remind', () => {
  it('three people in three time zones get theirs at their 09:00 on a working day; one who turned it off gets none; nothing when nothing is due', async () => {
    // Monday 7 December 2026, 00:30 UTC.
    let now = Date.parse('2026-12-07T00:30:00Z');
    const h = await botForTest({ now: () => now });
    const { db } = h.plane;
    const carol = db.addMember('acme', { email: 'carol@acme.test', first_name: 'Carol', last_name: 'Diaz', display_name: 'carol' });
    const member = (email: string) => db.user(email);
    const add = (name: string, email: string, due: string, state = 'Todo') =>
      db.addWorkItem(h.demo.project.id, { name, state, assignees: [member(email).id], target_date: due });
    add('Alice: send the invoice', 'alice@acme.test', '2026-12-07');
    add('Alice: already done', 'alice@acme.test', '2026-12-07', 'Done');
    add('Bob: review the contract', 'bob@acme.test', '2026-12-08');
    add('Carol: overdue slides', carol.email, '2026-12-01');
    add('Wei: due today too', 'wei@acme.test', '2026-12-07');
    expect(carol.id).toBeTruthy();
    // Wei turns reminders off; camille has nothing due.
    await run(h, { command: '/plane', text: 'remind off', user: 'U0WEI' }, { ephemeral: 1 });
    // The hourly look for people schedules everyone's reminder.
    await h.bot.scheduler.tick();
    expect((await h.bot.scheduler.list('reminder')).length).toBeGreaterThanOrEqual(4);
    const dm = (user: string) => h.slack.workspace.messages(h.slack.workspace.dmWith(user)?.id ?? 'none');
    const at = async (iso: string) => {
      now = Date.parse(iso);
      await h.bot.scheduler.tick();
    };
    await at('2026-12-07T01:00:10Z'); // 09:00 in Shanghai: bob
    expect(dm('U0BOB').map((m) => m.text)).toEqual(['Your Plane items due soon: Due tomorrow (1)']);
    expect(dm(ALICE)).toEqual([]);
    await at('2026-12-07T08:00:10Z'); // 09:00 in Paris: alice (camille: nothing due, nothing sent)
    expect(dm(ALICE).map((m) => m.text)).toEqual(['Your Plane items due soon: Due today (1)']);
    expect(shown(dm(ALICE)[0]!)).toContain('Alice: send the invoice');
    expect(shown(dm(ALICE)[0]!)).not.toContain('already done');
    expect(dm('U0CAMILLE')).toEqual([]);
    await at('2026-12-07T14:00:10Z'); // 09:00 in New York: carol
    expect(dm('U0CAROL').map((m) => m.text)).toEqual(['Your Plane items due soon: Overdue (1)']);
    expect(dm('U0WEI')).toEqual([]);
    // Looking again changes nothing: one each.
    await at('2026-12-07T14:30:00Z');
    expect([dm(ALICE), dm('U0BOB'), dm('U0CAROL')].map((list) => list.length)).toEqual([1, 1, 1]);
    for (const message of [...dm(ALICE), ...dm('U0BOB'), ...dm('U0CAROL')])
      assertWithinSlackLimits({ text: message.text, blocks: message.blocks });
  }, 60_000);

  it('in the sandbox, the demo Plane’s digest shows its overdue, unowned and stale items at once, and remind now sends the DM', async () => {
    const h = await botForTest({ sandbox: true });
    seedDemoDigests(h.plane.db, h.demo);
    h.plane.db.addWorkItem(h.demo.project.id, {
      name: 'Alice: prepare the demo',
      state: 'Todo',
      assignees: [h.plane.db.user('alice@acme.test').id],
      // Alice's today: a reminder reckons days in its reader's time zone (Paris), not in UTC.
      target_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(Date.now()),
    });
    const [digest] = (await run(h, { command: '/plane', text: 'digest now ACME' }, { channel: 1 })).channel;
    expect(keys(section(digest!, /^\*Overdue/))).toContain('ACME-13');
    expect(keys(section(digest!, /^\*Urgent or high, nobody assigned/))).toContain('ACME-16');
    expect(keys(section(digest!, /^\*Started, unchanged/))).toContain('ACME-17');
    const [sent] = (await run(h, { command: '/plane', text: 'remind now' }, { ephemeral: 1 })).ephemeral;
    expect(firstLine(sent!)).toBe('✓ Your reminder was sent to your direct messages with the bot');
    const dm = h.slack.workspace.messages(h.slack.workspace.dmWith(ALICE)!.id);
    expect(dm.map((m) => m.text)).toEqual(['Your Plane items due soon: Due today (1)']);
  }, 30_000);

  it('remind HH:MM moves the time; remind now is the sandbox’s only', async () => {
    const h = await botForTest();
    const [set] = (await run(h, { command: '/plane', text: 'remind 07:45' }, { ephemeral: 1 })).ephemeral;
    expect(firstLine(set!)).toMatch(/^✓ Reminders on: working days at 07:45 \(Europe\/Paris\)/);
    const schedule = await h.bot.scheduler.get(`remind:${ALICE}`);
    expect(schedule).toMatchObject({ cron: '45 7 * * 1-5', timeZone: 'Europe/Paris' });
    const [refused] = (await run(h, { command: '/plane', text: 'remind now' }, { ephemeral: 1 })).ephemeral;
    expectError(refused!, /works only in the sandbox/, '/plane remind <on|off|HH:MM>');
  }, 30_000);
});
