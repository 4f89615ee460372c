import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { BOT_TOKEN, eventually, SIGNING_SECRET, startBotHarness, WEBHOOK_SECRET, type BotHarness } from '../harness/bot.js';
import { ALICE, approvalMessage, BOT, finalStatus, GENERAL } from '../slack/conversations/support.js';
import { patchItem } from '../notifications/support.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const PERSON_TOKEN = `plane_api_${randomBytes(16).toString('hex')}`;
/** What people wrote: none of it may reach a metric. */
const USER_TEXTS = ['zebra-umbrella-4242', 'unicorn-pineapple-7777', 'Quokka Lighthouse'];

let harness: BotHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const scrape = (h: BotHarness, authorization?: string) =>
  fetch(`${h.bot.url}/metrics`, { headers: authorization === undefined ? {} : { Authorization: authorization } });

/** The value of one sample, by its name and labels as the exposition writes them. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts a whole flow (run, approval, tools, model, Plane, Slack, webhook, outbox) and carries no user text, key or token', async () => {
    harness = await startBotHarness({
      model: [
        toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: USER_TEXTS[0] } }]),
        textReply(`Commented ${USER_TEXTS[0]}.`),
      ],
      webhooks: true,
      timing: { condenseMs: 100, postIntervalMs: 20 },
      env: { PLANEBOT_METRICS_TOKEN: METRICS_TOKEN, PLANEBOT_SECRET_KEY: randomBytes(32).toString('base64') },
    });
    const h = harness;
    // Alice acts through her own Plane token: it must reach no metric either.
    h.plane.db.addProjectMember('ACME', 'alice@acme.test');
    h.plane.db.addApiKey(PERSON_TOKEN, 'alice@acme.test');
    await h.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/plane', text: 'connect' });
    const modal = await eventually(
      () => (h.slack.openView(ALICE)?.view.callback_id === 'plane_connect_form' ? h.slack.openView(ALICE) : undefined),
      10_000,
      'the connect modal',
    );
    expect((await h.slack.submitView(ALICE, modal.view.id, { plane_token: { token: PERSON_TOKEN } })).outcome).toBe('closed');
    expect((await h.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/plane', text: 'subscribe ACME' })).status).toBe(200);
    expect((await h.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/todo', text: `add ${USER_TEXTS[1]}` })).status).toBe(200);
    const ts = await h.slack.userSays({ user: ALICE, channel: GENERAL, text: `<@${BOT}> comment ${USER_TEXTS[0]} on ACME-1` });
    const approval = await approvalMessage(h, ts);
    await h.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await finalStatus(h, ts);
    await patchItem(h, 'ACME-2', { name: USER_TEXTS[2] });

    expect(h.plane.requests.some((r) => r.apiKey === PERSON_TOKEN)).toBe(true);

    expect((await scrape(h)).status).toBe(401);
    expect((await scrape(h, 'Bearer not-the-metrics-token-000')).status).toBe(401);
    const text = await eventually(
      async () => {
        const answer = await scrape(h, `Bearer ${METRICS_TOKEN}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toContain('text/plain');
        const body = await answer.text();
        return (sample(body, 'planebot_webhook_handling_lag_seconds_count') ?? 0) >= 1 ? body : undefined;
      },
      10_000,
      'the webhook delivery handled',
    );

    expect(sample(text, 'planebot_agent_runs_total{outcome="done"}')).toBe(1);
    expect(sample(text, 'planebot_agent_runs_total{outcome="waiting"}')).toBe(1);
    expect(sample(text, 'planebot_model_requests_total{outcome="ok"}')).toBe(2);
    expect(sample(text, 'planebot_model_tokens_total{kind="output"}')).toBeGreaterThan(0);
    expect(sample(text, 'planebot_tool_calls_total{tool="plane_add_comment",outcome="ok"}')).toBe(1);
    expect(sample(text, 'planebot_approval_wait_seconds_count{decision="approve"}')).toBe(1);
    expect(sample(text, 'planebot_plane_requests_total{status="200"}')).toBeGreaterThan(0);
    expect(sample(text, 'planebot_plane_limiter_wait_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'planebot_slack_calls_total{method="chat.postMessage",error="none"}')).toBeGreaterThan(0);
    expect(sample(text, 'planebot_webhook_deliveries_total{outcome="accepted"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'planebot_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'planebot_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('planebot_process_cpu_seconds_total');

    const secrets = [BOT_TOKEN, SIGNING_SECRET, WEBHOOK_SECRET, h.demo.apiKey, METRICS_TOKEN, PERSON_TOKEN, PERSON_TOKEN.slice(-12)];
    for (const secret of [...secrets, ...USER_TEXTS]) expect(text).not.toContain(secret);
    // Every label value is a word of a closed vocabulary: no free text got through.
    for (const [, value] of text.matchAll(/="([^"]*)"/g)) expect(value).toMatch(/^[A-Za-z0-9_.:+ -]{0,64}$/);
  });
});
