import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { startProxy, type Proxy } from '../fixtures/proxy.js';
import { ALICE, approvalMessage, botSays, GENERAL, shownText, startFakeServices, type FakeServices } from '../fixtures/services.js';
import { eventually } from '../harness/bot.js';
import { FIXTURE_ENTRY, startBotProcess, testTiming, type BotProcess } from '../harness/process.js';
import { heldReply } from '../slack/conversations/support.js';

/**
 * Graceful restarts: a real process with the embedded store gets SIGTERM, stops
 * taking work, finishes or saves what it took, exits 0; the next process on the same data folder
 * carries on.
 */

let services: FakeServices | undefined;
let proxy: Proxy | undefined;
let bots: BotProcess[] = [];

afterEach(async () => {
  await Promise.all(bots.map((bot) => bot.stop('SIGTERM').catch(() => bot.kill())));
  bots = [];
  await proxy?.close();
  proxy = undefined;
  await services?.close();
  services = undefined;
});

async function start(env: Record<string, string | undefined>, name: string, entry?: string): Promise<BotProcess> {
  const bot = await startBotProcess({ name, env, entry });
  bots.push(bot);
  services!.slack.setRequestUrl(bot.requestUrl);
  return bot;
}

describe('SIGTERM', () => {
  it('saves the run that waits, finishes the command in flight, refuses new connections, exits 0; the next process resumes the run', async () => {
    services = await startFakeServices({
      model: [
        toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Approved across a restart' } }]),
        textReply('Commented after the restart.'),
      ],
    });
    const s = services;
    // Plane behind a proxy that can hold requests: the command's Plane call is in flight at SIGTERM.
    proxy = await startProxy({ target: s.plane.url });
    const env = s.env(await s.dataDir(), { PLANE_BASE_URL: proxy.url });
    const first = await start(env, 'first');

    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> say it is approved on ACME-1' });
    const approval = await approvalMessage(s.slack, ts);
    const waiting = await first.waitForLog((line) => line.msg === 'run waits for approval', 10_000, 'the run to wait');

    proxy.hold();
    const ack = await s.slack.runCommand({ user: ALICE, channel: GENERAL, command: '/plane', text: 'show ACME-2' });
    expect(ack.status).toBe(200);
    await eventually(() => proxy!.held() > 0, 10_000, 'the command to reach Plane');

    const stopped = first.stop('SIGTERM');
    await first.waitForLog((line) => line.msg === 'shutting down', 10_000, 'the shutdown to begin');
    // Draining: the process is still there (the command waits on Plane), but takes no new connection.
    await eventually(
      () =>
        fetch(`${first.url}/healthz`).then(
          () => false,
          () => true,
        ),
      5_000,
      'new connections to be refused',
    );
    expect(await Promise.race([first.exited.then(() => 'exited'), Promise.resolve('running')])).toBe('running');

    proxy.release();
    expect(await stopped).toBe(0);
    // The reply was posted before the process exited: nothing can post for it afterwards.
    expect(
      s.slack.workspace.messages(GENERAL).some((m) => m.user === 'U0BOT' && m.thread_ts === undefined && shownText(m).includes('ACME-2')),
    ).toBe(true);
    expect(first.logs().some((line) => line.msg === 'work still running at shutdown is left for another process')).toBe(false);
    expect(first.logs().at(-1)?.msg).toBe('planebot stopped');

    const second = await start(env, 'second');
    await s.slack.clickButton({ user: ALICE, channel: GENERAL, messageTs: approval.ts, actionId: 'approval_approve' });
    await botSays(s.slack, ts, 'Commented after the restart.');
    await second.waitForLog((line) => line.msg === 'run finished' && line.runId === waiting.runId, 10_000, 'the run to finish');
    expect([...s.plane.db.comments.values()].some((c) => c.comment_html.includes('Approved across a restart'))).toBe(true);
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 90_000);

  it('does not wait forever for a run stuck in the model: exits 0 after the drain limit, and the next process finishes the run', async () => {
    const held = heldReply(textReply('never delivered: the process stopped'));
    services = await startFakeServices({ model: [held.step, textReply('Answered by the next process.')] });
    const s = services;
    const env = s.env(await s.dataDir(), testTiming({ runLeaseMs: 2_000, drainLimitMs: 2_000 }));
    const first = await start(env, 'first', FIXTURE_ENTRY);
    const ts = await s.slack.userSays({ user: ALICE, channel: GENERAL, text: '<@U0BOT> think hard' });
    await held.requested;
    const started = await first.waitForLog((line) => line.msg === 'run started', 5_000, 'the run to start');

    expect(await first.stop('SIGTERM', 20_000)).toBe(0);
    expect(first.logs().some((line) => line.msg === 'work still running at shutdown is left for another process')).toBe(true);

    const second = await start(env, 'second', FIXTURE_ENTRY);
    await botSays(s.slack, ts, 'Answered by the next process.', 20_000);
    await second.waitForLog((line) => line.msg === 'run finished' && line.runId === started.runId, 10_000, 'the run to finish');
    expect(s.model!.requests).toHaveLength(2);
    held.release();
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 90_000);
});
