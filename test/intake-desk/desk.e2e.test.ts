import { describe, expect, it } from 'vitest';
import { eventually } from '../harness/bot.js';
import { run, sharedBot } from '../slack/commands-e2e/support.js';
import { ALICE, BOB, OPS, botLine, botThread, intakeRows, offerButton, offerFor } from './support.js';

/**
 * The intake desk end to end: the Bolt app over signed HTTP, the Slack emulator, the fake Plane
 * with its Intake routes. #ops is an intake channel for ACME; the demo project's items are the
 * duplicates the check may offer.
 */
const bot = sharedBot({
  webhooks: true,
  // Many filings in one file: Plane's 60 a minute would make the later tests wait out the window.
  plane: { rateLimit: { requests: 100_000, windowMs: 60_000 } },
  env: { PLANE_RATE_LIMIT: '100000/minute' },
  timing: { intakePollMs: 300, condenseMs: 200, postIntervalMs: 20 },
});

const rowsNamed = (name: string) => intakeRows(bot()).filter((row) => row.name === name);

describe('the intake desk', () => {
  it('/plane intake sets the channel, says what to do in Plane when the key may not turn Intake on, and shows it', async () => {
    const harness = bot();
    const set = await run(harness, { command: '/plane', text: 'intake ACME' }, { ephemeral: 1 });
    expect(set.ephemeral[0]!.text).toMatch(/#ops is now an intake channel for ACME/);
    expect(JSON.stringify(set.ephemeral[0]!.blocks)).toMatch(/Project settings → Features/);
    // A project admin turns it on in Plane.
    harness.plane.db.project('ACME').intake_view = true;
    const again = await run(harness, { command: '/plane', text: 'intake ACME emoji :ticket:' }, { ephemeral: 1 });
    expect(JSON.stringify(again.ephemeral[0]!.blocks)).toMatch(/Intake is on in ACME/);
    const shown = await run(harness, { command: '/plane', text: 'intake' }, { ephemeral: 1 });
    expect(shown.ephemeral[0]!.text).toMatch(/#ops is an intake channel for ACME: a message is filed when someone adds :ticket:/);
    const bad = await run(harness, { command: '/plane', text: 'intake ACME sometimes' }, { ephemeral: 1 });
    expect(bad.ephemeral[0]!.text).toMatch(/sometimes/);
  });

  it('the emoji files a message with no duplicate at once: Triage, out of lists, the permalink as a link; a retry or a second emoji files nothing more', async () => {
    const harness = bot();
    const text = 'The quarterly invoice mail goes to the old finance address\nCustomer: Initech';
    const ts = await harness.slack.userSays({ user: ALICE, channel: OPS, text, files: ['screenshot.png'] });
    const eventId = await harness.slack.userReacts({ user: ALICE, channel: OPS, ts, name: 'ticket' });
    const card = await botLine(harness, OPS, ts, /Filed as .*ACME-\d+.* \(in triage\) for <@U0ALICE>/);
    const [row] = rowsNamed('The quarterly invoice mail goes to the old finance address');
    expect(row).toMatchObject({ state: 'Triage', status: -2 });
    expect(card.text).toContain(row!.key);
    expect(row!.description).toContain('Customer: Initech');
    expect(row!.description).toContain('screenshot.png');
    const item = harness.plane.db.workItem(row!.key);
    const links = [...harness.plane.db.links.values()].filter((l) => l.issue === item.id);
    expect(links.map((l) => l.url)).toEqual([expect.stringContaining(ts.replace('.', ''))]);
    expect(row!.description).toContain(links[0]!.url);
    // Not in the work-item list until accepted.
    const list = await fetch(`${harness.plane.url}/api/v1/workspaces/acme/projects/${item.project}/work-items/`, {
      headers: { 'X-Api-Key': harness.demo.apiKey },
    });
    expect(((await list.json()) as { results: { id: string }[] }).results.map((r) => r.id)).not.toContain(item.id);

    await harness.slack.redeliver(eventId!, { retryNum: 1, retryReason: 'http_timeout' });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts, name: 'ticket' });
    await harness.slack.userReacts({ user: ALICE, channel: OPS, ts, name: 'eyes' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rowsNamed('The quarterly invoice mail goes to the old finance address')).toHaveLength(1);
    expect(botThread(harness, OPS, ts)).toHaveLength(1);
  });

  it('a mention asking to file: a reply files its thread, a top-level mention files its own words; another mention is the agent’s', async () => {
    const harness = bot();
    const ts = await harness.slack.userSays({ user: BOB, channel: OPS, text: 'Exported PDFs have blank pages since Tuesday' });
    await harness.slack.userSays({ user: ALICE, channel: OPS, threadTs: ts, text: '<@U0BOT> file this please' });
    await botLine(harness, OPS, ts, /Filed as .*for <@U0ALICE>/);
    expect(rowsNamed('Exported PDFs have blank pages since Tuesday')).toHaveLength(1);

    const top = await harness.slack.userSays({ user: BOB, channel: OPS, text: '<@U0BOT> file: Webhook retries hammer the partner API' });
    await botLine(harness, OPS, top, /Filed as .*for <@U0BOB>/);
    expect(rowsNamed('Webhook retries hammer the partner API')).toHaveLength(1);
  });

  it('with auto, each new top-level message of a person is filed; replies and the bot’s own messages are not', async () => {
    const harness = bot();
    await run(harness, { command: '/plane', text: 'intake ACME auto' }, { ephemeral: 1 });
    try {
      const ts = await harness.slack.userSays({ user: BOB, channel: OPS, text: 'SSO metadata URL returns 404 for tenant B' });
      await botLine(harness, OPS, ts, /Filed as .*for <@U0BOB>/);
      await harness.slack.userSays({ user: BOB, channel: OPS, threadTs: ts, text: 'Also the certificate expired yesterday' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(rowsNamed('SSO metadata URL returns 404 for tenant B')).toHaveLength(1);
      expect(rowsNamed('Also the certificate expired yesterday')).toHaveLength(0);
      // The bot's own card (echoed back as a message event) filed nothing.
      expect(intakeRows(harness).filter((row) => row.name.startsWith('Filed as'))).toHaveLength(0);
    } finally {
      await run(harness, { command: '/plane', text: 'intake ACME' }, { ephemeral: 1 });
    }
  });

  it('duplicates are offered to the asker only; "Same as" adds the message to that item and follows it', async () => {
    const harness = bot();
    const ts = await harness.slack.userSays({ user: ALICE, channel: OPS, text: 'Login button is unresponsive in Safari' });
    await harness.slack.userReacts({ user: ALICE, channel: OPS, ts, name: 'ticket' });
    const offer = await offerFor(harness, ALICE);
    expect(offer.text).toMatch(/Before I file this in ACME/);
    expect(JSON.stringify(offer.blocks)).toMatch(/Login button unresponsive on Safari/);
    expect(harness.slack.workspace.ephemeralsFor(OPS, BOB).some((m) => m.ts === offer.ts)).toBe(false);
    const sameAs = offerButton(offer, 'Same as ACME-1');
    // Bob does not see it, so cannot press it.
    await expect(harness.slack.clickButton({ user: BOB, channel: OPS, messageTs: offer.ts, ...sameAs })).rejects.toThrow(/sees no message/);
    await harness.slack.clickButton({ user: ALICE, channel: OPS, messageTs: offer.ts, ...sameAs });
    await botLine(harness, OPS, ts, /<@U0ALICE> says this is ACME-1: .*you will hear here when it moves/);
    const item = harness.plane.db.workItem('ACME-1');
    const comments = [...harness.plane.db.comments.values()].filter((c) => c.issue === item.id && /\+1 from Slack/.test(c.comment_html));
    expect(comments.map((c) => c.comment_html)).toEqual([expect.stringMatching(/^<p>\+1 from Slack/)]);
    expect([...harness.plane.db.links.values()].some((l) => l.issue === item.id && l.url.includes(ts.replace('.', '')))).toBe(true);
    expect(rowsNamed('Login button is unresponsive in Safari')).toHaveLength(0);
    // A second click is the choice already made.
    await harness.slack.clickButton({ user: ALICE, channel: OPS, messageTs: offer.ts, ...sameAs }).catch(() => undefined);
    expect(comments).toHaveLength(1);
    // The item moves: the asker hears it in the thread (the issue webhook).
    const done = harness.plane.db.projectStates(item.project).find((s) => s.group === 'completed')!;
    harness.plane.webApp.updateWorkItem('ACME-1', { state_id: done.id }, harness.demo.users.dana.id);
    await botLine(harness, OPS, ts, /<@U0ALICE> .*ACME-1.* is done \(Done\)/, 15_000);
  });

  it('a paragraph-long message is matched by how much of a title it covers, not cut to its first words', async () => {
    const harness = bot();
    const text =
      'Hello everyone, a customer wrote in this morning: signing up for the newsletter with a plus address (like name+news@example.com) ' +
      'returns a 500 error page, while the same address without the plus works fine.';
    const ts = await harness.slack.userSays({ user: ALICE, channel: OPS, text });
    await harness.slack.userReacts({ user: ALICE, channel: OPS, ts, name: 'ticket' });
    const offer = await offerFor(harness, ALICE);
    const key = `ACME-${[...harness.plane.db.workItems.values()].find((i) => i.name === 'Newsletter sign-up returns 500 for plus addresses')!.sequence_id}`;
    await harness.slack.clickButton({ user: ALICE, channel: OPS, messageTs: offer.ts, ...offerButton(offer, `Same as ${key}`) });
    await botLine(harness, OPS, ts, new RegExp(`<@U0ALICE> says this is ${key}`));
  });

  it('"File it anyway" files, "Cancel" files nothing', async () => {
    const harness = bot();
    const first = await harness.slack.userSays({ user: ALICE, channel: OPS, text: 'Pricing page redesign please' });
    await harness.slack.userReacts({ user: ALICE, channel: OPS, ts: first, name: 'ticket' });
    const offer = await offerFor(harness, ALICE);
    await harness.slack.clickButton({ user: ALICE, channel: OPS, messageTs: offer.ts, ...offerButton(offer, 'File it anyway') });
    await botLine(harness, OPS, first, /Filed as .*\(in triage\)/);
    expect(rowsNamed('Pricing page redesign please')).toHaveLength(1);

    const second = await harness.slack.userSays({ user: ALICE, channel: OPS, text: 'Dark mode toggle in the header' });
    await harness.slack.userReacts({ user: ALICE, channel: OPS, ts: second, name: 'ticket' });
    const next = await eventually(
      () =>
        harness.slack.workspace
          .ephemeralsFor(OPS, ALICE)
          .find((m) => m.ts !== offer.ts && (m.blocks ?? []).some((b) => b.block_id === 'intake_offer')),
      10_000,
      'the second offer',
    );
    await harness.slack.clickButton({ user: ALICE, channel: OPS, messageTs: next.ts, ...offerButton(next, 'Cancel') });
    await botLine(harness, OPS, second, /Not filed: <@U0ALICE> cancelled/);
    expect(rowsNamed('Dark mode toggle in the header')).toHaveLength(0);
  });

  it('the asker hears in the thread, once each, when a project admin snoozes, accepts it, and when it is done', async () => {
    const harness = bot();
    const ts = await harness.slack.userSays({ user: BOB, channel: OPS, text: 'Quokka receipts printer cuts the footer' });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts, name: 'ticket' });
    await botLine(harness, OPS, ts, /Filed as/);
    const item = harness.plane.db.workItem(rowsNamed('Quokka receipts printer cuts the footer')[0]!.key);
    const admin = harness.demo.users.dana.id;
    const snoozedTill = Date.parse('2030-01-07T09:00:00Z');
    harness.plane.webApp.decideIntake(item.id, { status: 0, snoozedTill }, admin);
    await botLine(harness, OPS, ts, new RegExp(`<@U0BOB> .* was snoozed until <!date\\^${snoozedTill / 1000}\\^`));
    harness.plane.webApp.decideIntake(item.id, { status: 1 }, admin);
    await botLine(harness, OPS, ts, /<@U0BOB> .* was accepted: it is in Backlog now/);
    const done = harness.plane.db.projectStates(item.project).find((s) => s.group === 'completed')!;
    harness.plane.webApp.updateWorkItem(item.id, { state_id: done.id }, admin);
    await botLine(harness, OPS, ts, /is done \(Done\)/, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const lines = botThread(harness, OPS, ts).map((m) => m.text);
    expect(lines.filter((l) => /accepted/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /snoozed/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /is done/.test(l))).toHaveLength(1);
  });

  it('a declined request and one marked duplicate reach the thread', async () => {
    const harness = bot();
    const a = await harness.slack.userSays({ user: BOB, channel: OPS, text: 'Zebra calendar drops recurring meetings' });
    const b = await harness.slack.userSays({ user: BOB, channel: OPS, text: 'Yak audit trail download stalls' });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts: a, name: 'ticket' });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts: b, name: 'ticket' });
    await botLine(harness, OPS, a, /Filed as/);
    await botLine(harness, OPS, b, /Filed as/);
    const admin = harness.demo.users.dana.id;
    const itemA = harness.plane.db.workItem(rowsNamed('Zebra calendar drops recurring meetings')[0]!.key);
    const itemB = harness.plane.db.workItem(rowsNamed('Yak audit trail download stalls')[0]!.key);
    harness.plane.webApp.decideIntake(itemA.id, { status: -1 }, admin);
    harness.plane.webApp.decideIntake(itemB.id, { status: 2, duplicateTo: harness.plane.db.workItem('ACME-2').id }, admin);
    await botLine(harness, OPS, a, /was declined/);
    await botLine(harness, OPS, b, /was marked as a duplicate of ACME-2/);
  });
});
