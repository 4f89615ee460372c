import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { startHttpServer, type RunningServer } from '../../src/http/server.js';
import { sandboxPageRoutes } from '../../src/sandbox/page-routes.js';
import { SECRET, startReceiver, TOKEN, waitFor } from '../emulators/slack/helpers.js';
import { collectPageErrors, launchChromium, screenshotFolder } from './browser.js';

/**
 * The sandbox page in a real Chromium, against the Slack emulator alone: the test plays the bot
 * through the emulator's Web API and a receiver that answers Slack's requests.
 */

const SCREENSHOTS = screenshotFolder('sandbox');

let browser: Browser;
let emulator: SlackEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  // The app's answers: a JSON ack for /todo (shown to its user only), an empty 200 for the rest.
  receiver = await startReceiver((received) =>
    received.body.command === '/todo'
      ? { body: JSON.stringify({ text: 'Your todo list is *empty*.' }), contentType: 'application/json' }
      : {},
  );
  emulator = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, requestUrl: receiver.url });
  const routes = sandboxPageRoutes({
    pageApi: emulator.pageApi,
    info: { plane: 'demo', model: false, planeUrl: 'http://127.0.0.1:9/plane' },
    defaultViewer: 'U0ALICE',
  });
  server = await startHttpServer({ port: 0, host: '127.0.0.1', routes });
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
});
afterEach(async () => {
  // The browser's event stream goes first, so the servers have nothing left open.
  await context?.close();
  await emulator?.close();
  await server?.close();
  await receiver?.close();
  expect(pageErrors).toEqual([]);
});

let pageErrors: string[] = [];

/** The bot's side: a Web API call with the bot token, as the app would make it. */
async function bot(method: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.url}${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(args),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (body.ok !== true) throw new Error(`${method}: ${JSON.stringify(body)}`);
  return body;
}

async function open(query = ''): Promise<void> {
  await page.goto(`${server.url}/${query}`);
  await page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
}

const shot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
const message = (text: string) => page.locator('[data-testid="message-list"] [data-testid="message"]', { hasText: text });

async function type(text: string, composer = 'composer'): Promise<void> {
  await page.getByTestId(composer).fill(text);
  await page.getByTestId(composer).press('Enter');
}

const ALL_BLOCKS = [
  { type: 'header', text: { type: 'plain_text', text: 'PROJ-12 Fix the login page' } },
  {
    type: 'section',
    text: { type: 'mrkdwn', text: 'A *bold* claim, _italic_, ~gone~, `code` and <https://plane.example/x|a link> for <@U0ALICE>' },
    accessory: { type: 'button', text: { type: 'plain_text', text: 'Open' }, action_id: 'card_open', value: 'PROJ-12' },
  },
  {
    type: 'section',
    fields: [
      { type: 'mrkdwn', text: '*State*\nIn progress' },
      { type: 'mrkdwn', text: '*Priority*\nHigh' },
    ],
  },
  { type: 'context', elements: [{ type: 'mrkdwn', text: 'Updated <!date^1700000000^{date_short}|Nov 14, 2023>' }] },
  { type: 'divider' },
  {
    type: 'actions',
    elements: [
      { type: 'button', text: { type: 'plain_text', text: 'Approve' }, action_id: 'approve', value: 'run-1', style: 'primary' },
      { type: 'button', text: { type: 'plain_text', text: 'Deny' }, action_id: 'deny', value: 'run-1', style: 'danger' },
    ],
  },
  { type: 'markdown', text: '## Plan\n\n1. **read** the item\n2. write <script>window.pwned = 1</script> [bad](javascript:alert(1))' },
  {
    type: 'rich_text',
    elements: [
      {
        type: 'rich_text_section',
        elements: [
          { type: 'text', text: 'Rich ', style: { bold: true } },
          { type: 'user', user_id: 'U0BOB' },
        ],
      },
      {
        type: 'rich_text_list',
        style: 'bullet',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'first point' }] }],
      },
    ],
  },
  {
    type: 'video',
    title: { type: 'plain_text', text: 'cell-a1' },
    video_url: 'https://video.example/a1',
    thumbnail_url: 'https://video.example/a1.png',
    alt_text: 'a1',
  },
];

describe('the sandbox page', () => {
  it('opens on a channel, with the banners, the people and a live connection', async () => {
    await open();
    expect(await page.getByTestId('channel-title').textContent()).toBe('#general');
    expect(await page.getByTestId('banner-plane').textContent()).toContain('demo Plane');
    expect(await page.getByTestId('banner-model').textContent()).toContain('ANTHROPIC_API_KEY');
    const people = await page.getByTestId('person-switcher').locator('option').allTextContents();
    expect(people).toEqual([
      'Alice Martin (@alice)',
      'Bob Chen (@bob)',
      'Carol Diaz (@carol)',
      'Camille Roux (@camille)',
      'Wei Zhang (@wei)',
    ]);
    const channels = await page.getByTestId('channel-link').allTextContents();
    expect(channels.map((c) => c.replace(/^\W+/u, ''))).toEqual(['general', 'ops', 'planebot']);
    expect(new URL(page.url()).searchParams.get('as')).toBe('U0ALICE');
    await shot('01-loaded');
  });

  it('falls back to the default person when the address names nobody of the workspace', async () => {
    await open('?as=U0NOBODY&channel=C0NOWHERE');
    expect(await page.getByTestId('person-switcher').inputValue()).toBe('U0ALICE');
    expect(await page.getByTestId('channel-title').textContent()).toBe('#general');
    expect(new URL(page.url()).searchParams.get('as')).toBe('U0ALICE');
  });

  it('shows a typed message, sends the bot its mention, and runs a slash command with an ephemeral answer', async () => {
    await open();
    await type('hello @planebot, *please* look');
    const said = message('hello');
    await said.waitFor();
    expect(await said.locator('.mention').textContent()).toBe('@planebot');
    expect(await said.getByTestId('message-author').textContent()).toBe('Alice Martin');
    const mention = await waitFor(() =>
      receiver.received.find((r) => (r.body.event as { type?: string } | undefined)?.type === 'app_mention'),
    );
    expect((mention.body.event as { text: string }).text).toBe('hello <@U0BOT>, *please* look');
    await shot('02-typed-message');

    await type('/todo list');
    const answer = message('Your todo list is');
    await answer.waitFor();
    expect(await answer.getByTestId('ephemeral-note').textContent()).toContain('Only visible to you');
    expect(await answer.locator('strong').textContent()).toBe('empty');
    expect(emulator.deliveries.some((d) => d.kind === 'command' && d.body.command === '/todo' && d.body.text === 'list')).toBe(true);
    await shot('03-slash-command');

    await type('/nope now');
    await page.getByTestId('composer-error').waitFor();
    expect(await page.getByTestId('composer-error').textContent()).toContain('/nope is not a valid command');
    expect(await page.getByTestId('composer').inputValue()).toBe('/nope now');
  });

  it('draws every kind of block a bot sends, shows an unknown one as JSON, and runs no script from it', async () => {
    await open();
    await bot('chat.postMessage', { channel: 'C0GENERAL', text: 'PROJ-12 card', blocks: ALL_BLOCKS });
    const card = message('PROJ-12 Fix the login page');
    await card.waitFor();
    expect(await card.locator('.bk-header').textContent()).toBe('PROJ-12 Fix the login page');
    expect(await card.locator('.bk-badge, .badge').textContent()).toBe('APP');
    expect(await card.locator('.bk-block-section strong').first().textContent()).toBe('bold');
    expect(await card.locator('.bk-block-section a[href="https://plane.example/x"]').textContent()).toBe('a link');
    expect(await card.locator('.mention-self').textContent()).toBe('@alice');
    expect(await card.locator('.bk-field').allTextContents()).toEqual(['State\nIn progress', 'Priority\nHigh']);
    expect(await card.locator('.bk-accessory [data-action-id="card_open"]').textContent()).toBe('Open');
    expect(await card.locator('.bk-context').textContent()).toBe('Updated Nov 14, 2023');
    expect(await card.locator('hr.bk-divider').count()).toBe(1);
    expect(await card.locator('[data-action-id="approve"]').getAttribute('class')).toContain('bk-button-primary');
    expect(await card.locator('[data-action-id="deny"]').getAttribute('class')).toContain('bk-button-danger');
    expect(await card.locator('.bk-markdown h2').textContent()).toBe('Plan');
    expect(await card.locator('.bk-markdown ol li').count()).toBe(2);
    expect(await card.locator('.bk-markdown').textContent()).toContain('<script>window.pwned = 1</script>');
    expect(await card.locator('.bk-markdown a').count()).toBe(0);
    expect(await card.locator('.bk-block-rich_text strong').textContent()).toBe('Rich ');
    expect(await card.locator('.bk-block-rich_text .mention').textContent()).toBe('@bob');
    expect(await card.locator('.bk-block-rich_text ul li').textContent()).toBe('first point');
    const unknown = card.getByTestId('unknown-block');
    expect(await unknown.getAttribute('data-block-type')).toBe('video');
    expect(await unknown.textContent()).toContain('"cell-a1"');
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    await shot('04-blocks');
  });

  it('delivers a button click to the app and shows the bot’s edit live', async () => {
    await open();
    const posted = await bot('chat.postMessage', { channel: 'C0GENERAL', text: 'Approval needed', blocks: ALL_BLOCKS.slice(5, 6) });
    const card = page.locator(`[data-testid="message"][data-ts="${String(posted.ts)}"]`);
    await card.locator('[data-action-id="deny"]').click();
    const click = await waitFor(() => emulator.deliveries.find((d) => d.kind === 'interaction'));
    expect(click.body.type).toBe('block_actions');
    expect((click.body.user as { id: string }).id).toBe('U0ALICE');
    expect((click.body.actions as { action_id: string; value: string }[])[0]).toMatchObject({ action_id: 'deny', value: 'run-1' });
    expect((click.body.message as { ts: string }).ts).toBe(posted.ts);
    await shot('05-button-clicked');

    await bot('chat.update', {
      channel: 'C0GENERAL',
      ts: posted.ts,
      text: 'Denied',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: ':x: Denied by <@U0ALICE>' } }],
    });
    await card.getByTestId('message-edited').waitFor();
    expect(await card.getByTestId('message-content').textContent()).toBe(':x: Denied by @alice');
    expect(await card.locator('[data-action-id]').count()).toBe(0);
    await shot('06-updated-live');
  });

  it('shows an ephemeral message only to its person, and switching person changes what is seen', async () => {
    await open();
    await bot('chat.postMessage', { channel: 'C0GENERAL', text: 'Hello everyone' });
    await bot('chat.postEphemeral', { channel: 'C0GENERAL', user: 'U0ALICE', text: 'Only for *Alice*' });
    const secret = message('Only for Alice');
    await secret.waitFor();
    expect(await secret.getAttribute('data-ephemeral')).toBe('true');
    expect(await secret.getByTestId('ephemeral-note').textContent()).toContain('Only visible to you');
    expect(await message('Hello everyone').getByTestId('ephemeral-note').count()).toBe(0);
    await shot('07-ephemeral-alice');

    await page.getByTestId('person-switcher').selectOption('U0BOB');
    await page.waitForURL(/as=U0BOB/);
    await page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
    await message('Hello everyone').waitFor();
    expect(await secret.count()).toBe(0);
    await type('bob was here');
    expect(await message('bob was here').getByTestId('message-author').textContent()).toBe('Bob Chen');
    expect(emulator.workspace.messages('C0GENERAL').at(-1)).toMatchObject({ user: 'U0BOB', text: 'bob was here' });
    await shot('08-switched-to-bob');
  });

  it('opens a thread, shows the bot’s reply there and sends a reply into it', async () => {
    await open();
    await type('can you help?');
    const parent = message('can you help?');
    await parent.waitFor();
    const ts = (await parent.getAttribute('data-ts'))!;
    await bot('chat.postMessage', { channel: 'C0GENERAL', thread_ts: ts, text: 'Working on it…' });
    await parent.getByTestId('thread-link').waitFor();
    expect(await parent.getByTestId('thread-link').textContent()).toContain('1 reply');
    expect(await message('Working on it').count()).toBe(0);

    await parent.getByTestId('thread-link').click();
    const panel = page.getByTestId('thread-panel');
    await panel.locator('[data-testid="message"]', { hasText: 'Working on it…' }).waitFor();
    expect(await panel.getAttribute('data-thread-ts')).toBe(ts);
    await type('thanks!', 'thread-composer');
    await panel.locator('[data-testid="message"]', { hasText: 'thanks!' }).waitFor();
    expect(emulator.workspace.thread('C0GENERAL', ts).map((m) => m.text)).toEqual(['can you help?', 'Working on it…', 'thanks!']);
    expect(await parent.getByTestId('thread-link').textContent()).toContain('2 replies');
    await shot('09-thread');
  });

  it('draws a native stream as it grows, plan and text, and Slack’s stop control on it sends the app agent_session_stopped', async () => {
    await open();
    const ts = await emulator.userSays({ user: 'U0ALICE', channel: 'C0GENERAL', text: '<@U0BOT> what is open?' });
    const task = (id: string, title: string, status: string) => ({ type: 'task_update', id, title, status });
    const { ts: streamTs } = (await bot('chat.startStream', {
      channel: 'C0GENERAL',
      thread_ts: ts,
      recipient_user_id: 'U0ALICE',
      recipient_team_id: 'T0TEAM',
      task_display_mode: 'plan',
      chunks: [{ type: 'plan_update', title: 'Plan' }, task('s1', 'Read the items', 'in_progress'), task('s2', 'Answer', 'pending')],
    })) as { ts: string };
    await message('what is open?').getByTestId('thread-link').click();
    const streamed = page.locator(`[data-testid="thread-messages"] [data-testid="message"][data-ts="${streamTs}"]`);
    await streamed.locator('[data-testid="task"][data-task-status="in_progress"]', { hasText: 'Read the items' }).waitFor();
    expect(await streamed.getByTestId('stream-stop').count()).toBe(1);

    await bot('chat.appendStream', {
      channel: 'C0GENERAL',
      ts: streamTs,
      markdown_text: 'Three items are open: ',
      chunks: [task('s1', 'Read the items', 'complete'), task('s2', 'Answer', 'in_progress')],
    });
    await streamed.locator('[data-testid="task"][data-task-status="complete"]', { hasText: 'Read the items' }).waitFor();
    await streamed.getByText('Three items are open:').waitFor();
    await bot('chat.appendStream', { channel: 'C0GENERAL', ts: streamTs, markdown_text: 'ACME-1, ACME-4 and' });
    await streamed.getByText('Three items are open: ACME-1, ACME-4 and').waitFor();
    await shot('stream-growing');

    const before = receiver.received.length;
    await streamed.getByTestId('stream-stop').click();
    const stopped = await waitFor(() =>
      receiver.received.slice(before).find((r) => (r.body.event as { type?: string } | undefined)?.type === 'agent_session_stopped'),
    );
    expect(stopped.body.event).toMatchObject({ channel: 'C0GENERAL', user: 'U0ALICE', thread_ts: ts, streaming_message_ts: [streamTs] });
    await streamed.getByTestId('stream-stop').waitFor({ state: 'detached' });
    // What was streamed stays; the stream takes no more.
    expect(await streamed.textContent()).toContain('Three items are open: ACME-1, ACME-4 and');
    await expect(bot('chat.appendStream', { channel: 'C0GENERAL', ts: streamTs, markdown_text: ' ACME-9.' })).rejects.toThrow(
      'stopped_by_user',
    );
    await shot('stream-stopped');
  });

  it('keeps the history, the person, the channel and the open thread across a reload', async () => {
    await open('?as=U0CAROL&channel=C0OPS');
    expect(await page.getByTestId('channel-title').textContent()).toBe('#ops');
    await type('carol in ops');
    const parent = message('carol in ops');
    await parent.waitFor();
    await bot('chat.postMessage', { channel: 'C0OPS', thread_ts: await parent.getAttribute('data-ts'), text: 'noted' });
    await parent.getByTestId('thread-link').click();
    await page.getByTestId('thread-panel').locator('[data-testid="message"]', { hasText: 'noted' }).waitFor();

    await page.reload();
    await page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
    await message('carol in ops').waitFor();
    await page.getByTestId('thread-panel').locator('[data-testid="message"]', { hasText: 'noted' }).waitFor();
    expect(await page.getByTestId('person-switcher').inputValue()).toBe('U0CAROL');
    expect(await page.getByTestId('channel-title').textContent()).toBe('#ops');
    await shot('10-reloaded');
  });

  it('marks another channel unread, and catches up after its event stream drops', async () => {
    await open();
    await bot('chat.postMessage', { channel: 'C0OPS', text: 'news in ops' });
    await page.locator('[data-testid="channel-link"][data-channel-id="C0OPS"].unread').waitFor();
    await page.locator('[data-testid="channel-link"][data-channel-id="C0OPS"]').click();
    await message('news in ops').waitFor();
    expect(await page.getByTestId('channel-title').textContent()).toBe('#ops');

    server.server.closeAllConnections();
    await bot('chat.postMessage', { channel: 'C0OPS', text: 'said while the page was away' });
    await message('said while the page was away').waitFor();
    await page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
    await shot('11-reconnected');
  });
});
