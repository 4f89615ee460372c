/**
 * The intake desk against the real Plane CE: the whole bot (Slack emulator, signed deliveries) with
 * PLANE_BASE_URL on the fixture and the workspace webhook pointed at the bot. ACME has Intake on
 * with ACME-13 pending; OPS has it off, and the bot's key (a member) may not turn it on. Decisions
 * are made as a project admin would, with the admin's key; the asker hears each once in the thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../harness/bot.js';
import { run } from '../slack/commands-e2e/support.js';
import { ALICE, BOB, OPS, botLine, botThread, offerButton, offerFor } from '../intake-desk/support.js';
import { pointWebhook, resetPlaneCe } from './fixture.js';
import { botPlaneEnv, planeRequest, projectRequest, realPlane } from './plane-ce.js';

const plane = realPlane();

interface IntakeRow {
  issue: string;
  status: number;
  snoozed_till: string | null;
  issue_detail?: { id: string; name: string; sequence_id: number; state: { name: string; group: string }; description_html: string };
}

describe.skipIf(!plane)('the intake desk against the real Plane CE', () => {
  let harness: BotHarness;
  const api = (path: string, init?: Parameters<typeof planeRequest>[2]) => planeRequest(plane!, path, init);
  const acme = (path: string, init?: Parameters<typeof api>[1]) => projectRequest(plane!, path, init);
  const intakeRows = async (): Promise<IntakeRow[]> =>
    ((await (await acme('intake-issues/?per_page=100')).json()) as { results: IntakeRow[] }).results;
  const rowNamed = async (name: string) => (await intakeRows()).filter((row) => row.issue_detail?.name === name);
  /** What a project admin does in Plane's Intake view: accept, decline, snooze, mark as duplicate. */
  const decide = async (itemId: string, body: Record<string, unknown>) => {
    const answer = await acme(`intake-issues/${itemId}/`, { method: 'PATCH', body });
    expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(200);
  };
  const fileByEmoji = async (user: string, text: string): Promise<string> => {
    const ts = await harness.slack.userSays({ user, channel: OPS, text });
    await harness.slack.userReacts({ user, channel: OPS, ts, name: 'ticket' });
    return ts;
  };

  beforeAll(async () => {
    resetPlaneCe(plane!.env);
    harness = await startBotHarness({
      timing: { intakePollMs: 500, condenseMs: 200, postIntervalMs: 20 },
      env: { ...botPlaneEnv(plane!), PLANE_WEBHOOK_SECRET: plane!.webhookSecret },
    });
    pointWebhook(plane!.env, `${harness.bot.url}/plane/webhooks`);
  }, 120_000);

  afterAll(async () => {
    pointWebhook(plane!.env, undefined);
    await harness?.close();
  });

  it('/plane intake: ACME’s Intake is on; OPS’s is off and the bot’s key may not turn it on, so it says what to do in Plane', async () => {
    const ops = await run(harness, { command: '/plane', text: 'intake OPS' }, { ephemeral: 1 });
    expect(JSON.stringify(ops.ephemeral[0]!.blocks)).toMatch(/Intake is off in OPS and my Plane key may not turn it on/);
    const project = (await (await api(`projects/${plane!.opsProjectId}/`)).json()) as { intake_view: boolean };
    expect(project.intake_view).toBe(false);
    const set = await run(harness, { command: '/plane', text: 'intake ACME' }, { ephemeral: 1 });
    expect(JSON.stringify(set.ephemeral[0]!.blocks)).toMatch(/Intake is on in ACME/);
  }, 60_000);

  it('a message like the pending ACME-13 is offered as its duplicate; "Same as" adds the permalink and a +1 comment to it', async () => {
    const ts = await fileByEmoji(ALICE, 'Feature request: SAML support for the enterprise login');
    const offer = await offerFor(harness, ALICE);
    expect(JSON.stringify(offer.blocks)).toMatch(/ACME-13.*Feature request: SAML support.*in triage/);
    await harness.slack.clickButton({ user: ALICE, channel: OPS, messageTs: offer.ts, ...offerButton(offer, 'Same as ACME-13') });
    await botLine(harness, OPS, ts, /<@U0ALICE> says this is ACME-13/, 20_000);
    const [pending] = await rowNamed('Feature request: SAML support');
    const links = (await (await acme(`work-items/${pending!.issue}/links/`)).json()) as { results: { url: string }[] };
    expect(links.results.map((l) => l.url)).toContainEqual(expect.stringContaining(ts.replace('.', '')));
    const comments = (await (await acme(`work-items/${pending!.issue}/comments/`)).json()) as { results: { comment_html: string }[] };
    expect(comments.results.filter((c) => c.comment_html.includes('+1 from Slack'))).toHaveLength(1);
    expect(await rowNamed('Feature request: SAML support for the enterprise login')).toHaveLength(0);
  }, 60_000);

  it('the emoji files into Triage, hidden from lists; snoozed, accepted and done by an admin reach the thread once each', async () => {
    const name = 'Quokka receipts printer cuts the footer';
    const ts = await fileByEmoji(BOB, `${name}\nStore 12, since the firmware update.`);
    const card = await botLine(harness, OPS, ts, /Filed as .*ACME-14.* \(in triage\) for <@U0BOB>/, 20_000);
    expect(card.text).toContain(name);
    const [row] = await rowNamed(name);
    expect(row).toMatchObject({ status: -2 });
    // A work item in Triage is no work item to the API yet (its own route answers 404): its intake row holds it.
    expect((await acme(`work-items/${row!.issue}/`)).status).toBe(404);
    const item = row!.issue_detail!;
    expect(item.sequence_id).toBe(14);
    expect(item.state).toMatchObject({ name: 'Triage', group: 'triage' });
    expect(item.description_html).toContain('Store 12');
    expect(item.description_html).toContain(`p${ts.replace('.', '')}`);
    const list = (await (await acme('work-items/?per_page=100')).json()) as { results: { id: string }[] };
    expect(list.results.map((r) => r.id)).not.toContain(row!.issue);
    const links = (await (await acme(`work-items/${row!.issue}/links/`)).json()) as { results: { url: string }[] };
    expect(links.results.map((l) => l.url)).toEqual([expect.stringContaining(ts.replace('.', ''))]);

    await decide(row!.issue, { status: 0, snoozed_till: '2030-01-07T09:00:00Z' });
    await botLine(harness, OPS, ts, /<@U0BOB> .*ACME-14.* was snoozed until <!date\^1894006800\^/, 20_000);
    await decide(row!.issue, { status: 1 });
    await botLine(harness, OPS, ts, /<@U0BOB> .*ACME-14.* was accepted: it is in Backlog now/, 20_000);
    const list2 = (await (await acme('work-items/?per_page=100')).json()) as { results: { id: string }[] };
    expect(list2.results.map((r) => r.id)).toContain(row!.issue);

    // After acceptance the work item's webhooks take over: Done, as moved in Plane by the admin.
    const states = (await (await acme('states/')).json()) as { results: { id: string; name: string; group: string }[] };
    const done = states.results.find((s) => s.group === 'completed')!;
    const moved = await acme(`work-items/${row!.issue}/`, { method: 'PATCH', body: { state: done.id } });
    expect(moved.status).toBe(200);
    await botLine(harness, OPS, ts, /<@U0BOB> .*ACME-14.* is done \(Done\)/, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const lines = botThread(harness, OPS, ts).map((m) => m.text);
    expect(lines.filter((l) => /snoozed/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /accepted/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /is done/.test(l))).toHaveLength(1);
  }, 120_000);

  it('a declined request and one marked duplicate of ACME-2 reach their threads', async () => {
    const a = await fileByEmoji(BOB, 'Zebra calendar drops recurring meetings');
    const b = await fileByEmoji(BOB, 'Yak audit trail download stalls');
    await botLine(harness, OPS, a, /Filed as/, 20_000);
    await botLine(harness, OPS, b, /Filed as/, 20_000);
    const [rowA] = await rowNamed('Zebra calendar drops recurring meetings');
    const [rowB] = await rowNamed('Yak audit trail download stalls');
    const acme2 = (await (await api(`work-items/ACME-2/`)).json()) as { id: string };
    await decide(rowA!.issue, { status: -1 });
    await decide(rowB!.issue, { status: 2, duplicate_to: acme2.id });
    await botLine(harness, OPS, a, /was declined/, 20_000);
    await botLine(harness, OPS, b, /was marked as a duplicate of ACME-2/, 20_000);
  }, 90_000);
});
