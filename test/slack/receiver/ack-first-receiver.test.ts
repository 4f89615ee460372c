import { App } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { encodeRequest, signRequest, type RequestKind } from '../../../src/emulators/slack/index.js';
import { startHttpServer } from '../../../src/http/server.js';
import { AckFirstReceiver } from '../../../src/slack/receiver/ack-first-receiver.js';
import type { AppSelf } from '../../../src/slack/receiver/own-events.js';
import { captureLogger } from '../../helpers/logs.js';
import { serversClosedAfterEach } from '../../helpers/servers.js';

const SECRET = 'receiver-test-signing-secret';

interface Answer {
  status: number;
  body: string;
}

/** A real Bolt App on the receiver, mounted on our server as the bot mounts it. */
async function startApp(self?: AppSelf) {
  const logs = captureLogger();
  const receiver = new AckFirstReceiver({ signingSecret: SECRET, logger: logs.logger, ...(self && { self }) });
  const app = new App({
    receiver,
    authorize: async () => ({ botToken: 'xoxb-test', botId: 'B0BOT', botUserId: 'U0BOT' }),
  });
  const server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [{ method: '*', path: '/slack/events', handler: receiver.handler }],
  });
  servers.push(server);
  const url = `${server.url}/slack/events`;
  const post = async (rawBody: string, headers: Record<string, string>): Promise<Answer> => {
    const response = await fetch(url, { method: 'POST', headers, body: rawBody });
    return { status: response.status, body: await response.text() };
  };
  return {
    app,
    receiver,
    logs,
    post,
    send(kind: RequestKind, data: Record<string, unknown>, extraHeaders: Record<string, string> = {}): Promise<Answer> {
      const { rawBody, contentType } = encodeRequest(kind, data);
      return post(rawBody, { ...signRequest(SECRET, rawBody, contentType), ...extraHeaders });
    },
  };
}

const command = (text: string) => ({
  command: '/todo',
  text,
  team_id: 'T0TEAM',
  channel_id: 'C0CHAN',
  user_id: 'U0ALICE',
  response_url: 'http://127.0.0.1:9/r',
  trigger_id: 't',
});

/** A gate the listeners wait on, so a test can see the ack arrive before the work. */
function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const servers = serversClosedAfterEach();

describe('AckFirstReceiver', () => {
  it('answers a verified slash command with an empty 200 before Bolt runs its listener', async () => {
    const { app, send, receiver } = await startApp();
    const work = gate();
    const seen: string[] = [];
    app.command('/todo', async ({ ack, command: received }) => {
      await ack();
      seen.push(received.text);
      await work.opened;
      seen.push('done');
    });

    const answer = await send('command', command('list'));
    expect(answer).toEqual({ status: 200, body: '' });
    // Acked while the listener is still held: idle() waits for it.
    let idle = false;
    const whenIdle = receiver.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['list']);
    expect(idle).toBe(false);
    work.open();
    await whenIdle;
    expect(seen).toEqual(['list', 'done']);
  });

  it('hands events and button clicks to Bolt after their ack, with Slack’s retry headers', async () => {
    const { app, send, receiver } = await startApp();
    const events: unknown[] = [];
    app.event(
      'app_mention',
      async ({ event, context }) => void events.push({ text: event.text, retryNum: context.retryNum, retryReason: context.retryReason }),
    );
    app.action('approve', async ({ ack, action }) => {
      await ack();
      events.push({ action: (action as { action_id: string }).action_id });
    });

    const mention = {
      type: 'event_callback',
      team_id: 'T0TEAM',
      api_app_id: 'A0APP',
      event_id: 'Ev1',
      event_time: 1,
      event: { type: 'app_mention', user: 'U0ALICE', text: 'hi', channel: 'C0CHAN', ts: '1.1' },
    };
    expect(await send('event', mention, { 'X-Slack-Retry-Num': '1', 'X-Slack-Retry-Reason': 'http_timeout' })).toEqual({
      status: 200,
      body: '',
    });
    const click = {
      type: 'block_actions',
      team: { id: 'T0TEAM' },
      user: { id: 'U0ALICE' },
      api_app_id: 'A0APP',
      actions: [{ type: 'button', action_id: 'approve', block_id: 'b', action_ts: '1' }],
      channel: { id: 'C0CHAN' },
      container: {},
      trigger_id: 't',
      response_url: 'http://127.0.0.1:9/r',
    };
    expect(await send('interaction', click)).toEqual({ status: 200, body: '' });

    await receiver.idle();
    expect(events).toEqual([{ text: 'hi', retryNum: 1, retryReason: 'http_timeout' }, { action: 'approve' }]);
  });

  it("acks the echoes of the app's own posts and does not hand them to Bolt; others' messages go on", async () => {
    const { app, send, receiver } = await startApp({ botId: 'B0BOT', botUserId: 'U0BOT' });
    const seen: string[] = [];
    // Bolt's own ignoreSelf would stop the echo too, inside processEvent: what matters is that it never gets there.
    const processEvent = app.processEvent.bind(app);
    app.processEvent = (event) => {
      seen.push(`Bolt ${(event.body as { event_id: string }).event_id}`);
      return processEvent(event);
    };
    app.event('message', async ({ event }) => void seen.push(`message ${(event as { text: string }).text}`));
    const message = (eventId: string, event: Record<string, unknown>) => ({
      type: 'event_callback',
      team_id: 'T0TEAM',
      api_app_id: 'A0APP',
      event_id: eventId,
      event_time: 1,
      event: { type: 'message', channel: 'C0CHAN', ...event },
    });

    const answers = [
      await send('event', message('Ev1', { user: 'U0BOT', bot_id: 'B0BOT', text: 'the todo list', ts: '1.1' })),
      await send('event', message('Ev2', { user: 'U0ALICE', text: 'thanks', ts: '1.2' })),
      await send('event', message('Ev3', { user: 'U0OTHER', bot_id: 'B0OTHER', text: 'another bot', ts: '1.3' })),
    ];
    await receiver.idle();

    expect(answers).toEqual(Array(3).fill({ status: 200, body: '' }));
    expect(seen).toEqual(['Bolt Ev2', 'message thanks', 'Bolt Ev3', 'message another bot']);
  });

  it('refuses a request with a wrong signature or an old timestamp (401), and a body it cannot parse (400); no listener runs', async () => {
    const { app, post, receiver, logs } = await startApp();
    const ran: string[] = [];
    app.command('/todo', async ({ ack }) => {
      await ack();
      ran.push('listener');
    });
    const { rawBody, contentType } = encodeRequest('command', command('list'));

    expect((await post(rawBody, signRequest('another-secret', rawBody, contentType))).status).toBe(401);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await post(rawBody, signRequest(SECRET, rawBody, contentType, tenMinutesAgo))).status).toBe(401);
    const broken = '{"type": "event_callback",';
    expect((await post(broken, signRequest(SECRET, broken, 'application/json'))).status).toBe(400);

    await receiver.idle();
    expect(ran).toEqual([]);
    expect(logs.lines.map((line) => line.msg)).toEqual([
      'Slack request failed verification',
      'Slack request failed verification',
      'malformed Slack request body',
    ]);
  });

  it('refuses a body over 4 MB with 413 before reading the rest of it, as Bolt does', async () => {
    const { app, send, receiver, logs } = await startApp();
    const ran: string[] = [];
    app.command('/todo', async ({ ack }) => {
      await ack();
      ran.push('listener');
    });
    const answer = await send('command', command('x'.repeat(4 * 1024 * 1024)));
    expect(answer.status).toBe(413);
    await receiver.idle();
    expect(ran).toEqual([]);
    expect(logs.lines.map((line) => line.msg)).toEqual(['Slack request body too large']);
  });

  it("answers Slack's url_verification and ssl_check itself", async () => {
    const { send } = await startApp();
    const verification = await send('event', { type: 'url_verification', token: 'x', challenge: 'the-challenge' });
    expect(verification.status).toBe(200);
    expect(JSON.parse(verification.body)).toEqual({ challenge: 'the-challenge' });
    const check = await send('command', { ssl_check: '1', token: 'x' });
    expect(check).toEqual({ status: 200, body: '' });
  });

  it('answers an unsigned ssl_check, as Slack sends it, and runs nothing smuggled in its body', async () => {
    const { app, post, receiver } = await startApp();
    const ran: string[] = [];
    app.command('/todo', async ({ ack }) => {
      await ack();
      ran.push('listener');
    });
    const { rawBody, contentType } = encodeRequest('command', { ssl_check: '1', ...command('list') });
    expect(await post(rawBody, { 'Content-Type': contentType })).toEqual({ status: 200, body: '' });
    // Anything else unsigned is refused.
    const { rawBody: unsigned } = encodeRequest('command', command('list'));
    expect((await post(unsigned, { 'Content-Type': contentType })).status).toBe(401);
    await receiver.idle();
    expect(ran).toEqual([]);
  });

  it('logs a listener that acks with content, which cannot be sent once the request is answered', async () => {
    const { app, send, receiver, logs } = await startApp();
    app.command('/todo', async ({ ack }) => ack({ text: 'too late' }));

    expect(await send('command', command('list'))).toEqual({ status: 200, body: '' });
    await receiver.idle();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ msg: expect.stringContaining('acked with content after the early ack'), command: '/todo' }),
    );
  });
});
