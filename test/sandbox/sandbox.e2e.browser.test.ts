import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlanebot } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSandbox } from '../../src/sandbox/start.js';
import { startFakeMessagesApi, textReply, toolReply, type FakeMessagesApi, type RecordedRequest } from '../fakes/anthropic/index.js';
import { eventually } from '../harness/bot.js';
import { collectPageErrors, launchChromium, screenshotFolder } from './browser.js';

/**
 * The local sandbox end to end, as `npm start` runs it with no Slack: the real bot
 * (the same composition, Bolt app, listeners, agent and tools) behind the embedded Slack emulator
 * and the demo Plane, driven only through the page in a real Chromium, as a newcomer would.
 */

const SCREENSHOTS = screenshotFolder('sandbox-e2e');
const DANA = 'U0DANA';
const LEO = 'U0LEO';
const CAMILLE = 'U0CAMILLE';
/** What the fetched page says; the model's answer quotes it, so the answer is seen to use the fetch. */
const SECRET_PHRASE = 'the kettle is on at half past four';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

let closers: (() => Promise<void>)[] = [];
let shown: Page | undefined;
let pageErrors: string[] = [];
afterEach(async ({ task }) => {
  // What the page showed when a step failed, to see why.
  if (task.result?.errors?.length)
    await shown?.screenshot({ path: `${SCREENSHOTS}failed-${task.name.slice(0, 24).replace(/\W+/g, '-')}.png` });
  const errors = pageErrors;
  shown = undefined;
  pageErrors = [];
  // Newest first: the browser's event stream before the bot, the bot before its fakes; each one runs.
  const failures: unknown[] = [];
  for (const close of closers.reverse()) await close().catch((error: unknown) => failures.push(error));
  closers = [];
  if (failures.length > 0) throw failures[0];
  expect(errors).toEqual([]);
});

/** `startSandbox` as `npm start` calls it, with these variables, and a browser page on it. */
async function openSandbox(env: Record<string, string>): Promise<{ bot: RunningPlanebot; page: Page }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-sandbox-e2e-'));
  closers.push(() => rm(dataDir, { recursive: true, force: true }));
  const bot = await startSandbox(loadConfig({ PORT: '0', PLANEBOT_DATA_DIR: dataDir, ...env }), { logger: silentLogger });
  closers.push(() => bot.close());
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  closers.push(() => context.close());
  const page = await context.newPage();
  // A step that never shows fails within the test's time, naming what it waited for.
  page.setDefaultTimeout(10_000);
  shown = page;
  pageErrors = collectPageErrors(page);
  await page.goto(`${bot.url}/`);
  await live(page);
  return { bot, page };
}

/** A page on 127.0.0.1 for WebFetch to read. */
async function startLocalSite(): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Team notes</title></head><body><h1>Team notes</h1><p>Reminder: ${SECRET_PHRASE}.</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notes`, hits };
}

async function startModel(siteUrl: string): Promise<FakeMessagesApi> {
  const model = await startFakeMessagesApi({
    script: [
      toolReply([{ name: 'WebFetch', input: { url: siteUrl } }], 'Let me read that page.'),
      // Quotes the fetched page back: only a tool result that really holds the page has the phrase.
      (request) => {
        const found = /Reminder: ([^.]+)\./.exec(toolResultText(request))?.[1];
        return textReply(found ? `The page says: *“${found}”*.` : 'The fetch gave me nothing to read.');
      },
    ],
  });
  closers.push(() => model.close());
  return model;
}

/** The text of the tool results in the request's last user turn. */
function toolResultText(request: RecordedRequest): string {
  const last = request.body.messages.at(-1);
  if (!last || typeof last.content === 'string') return '';
  return last.content
    .flatMap((block) =>
      block.type === 'tool_result' ? [typeof block.content === 'string' ? block.content : JSON.stringify(block.content)] : [],
    )
    .join('\n');
}

// ---- what a person does and sees -------------------------------------------------------------

const live = (page: Page) => page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png` });

async function type(page: Page, text: string, composer = 'composer'): Promise<void> {
  await page.getByTestId(composer).fill(text);
  await page.getByTestId(composer).press('Enter');
}

/** Messages of the channel (not of the open thread) holding this text. */
const inChannel = (page: Page, text: string | RegExp) =>
  page.locator('[data-testid="message-list"] [data-testid="message"]', { hasText: text });
const inThread = (page: Page, text: string | RegExp) =>
  page.locator('[data-testid="thread-messages"] [data-testid="message"]', { hasText: text });
const button = (message: Locator, actionId: string) => message.locator(`[data-testid="block-button"][data-action-id="${actionId}"]`);

async function switchPerson(page: Page, user: string): Promise<void> {
  await page.getByTestId('person-switcher').selectOption(user);
  await page.waitForURL(new RegExp(`as=${user}`));
  await live(page);
}

describe('the sandbox in a browser, with the real bot behind it', () => {
  it('runs the commands, shows a demo work item, and takes an agent run through an approval to its answer', async () => {
    const site = await startLocalSite();
    const model = await startModel(site.url);
    const { page } = await openSandbox({
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_BASE_URL: model.url,
      PLANEBOT_WEBFETCH_ALLOW: '127.0.0.1',
    });

    // 1. The page: a channel, acting as Dana, with the demo-Plane banner and no agent-off one.
    expect(await page.getByTestId('channel-title').textContent()).toBe('#general');
    expect(await page.getByTestId('person-switcher').inputValue()).toBe(DANA);
    expect(await page.getByTestId('banner-plane').textContent()).toContain('demo Plane');
    expect(await page.getByTestId('banner-model').count()).toBe(0);
    await shot(page, '01-loaded');

    // 2. A task, then the tree, posted in the channel.
    await type(page, '/task add Ship the sandbox !high @dana due:2026-12-24 #demo');
    const confirmation = inChannel(page, 'Added task 1');
    await confirmation.waitFor();
    expect(await confirmation.getByTestId('ephemeral-note').textContent()).toContain('Only visible to you');
    await type(page, '/task tree');
    const tree = page.locator('[data-testid="message-list"] [data-testid="message"]:not([data-ephemeral])', {
      hasText: 'Task tree of #general',
    });
    await tree.waitFor();
    const treeText = (await tree.getByTestId('message-content').textContent()) ?? '';
    expect(treeText).toContain('○ [1] Ship the sandbox [HIGH] (@dana)');
    await shot(page, '02-task-tree');

    // 3. A demo work item's card.
    await type(page, '/plane show ACME-1');
    const card = inChannel(page, 'Login button unresponsive on Safari').filter({ has: page.locator('.bk-header') });
    await card.waitFor();
    expect(await card.locator('.bk-header').textContent()).toContain('ACME-1');
    expect(await card.locator('.bk-header').textContent()).toContain('Login button unresponsive on Safari');
    expect(await card.locator('.bk-field').count()).toBeGreaterThan(0);
    expect(await card.getByTestId('message-content').textContent()).toContain('In Progress');
    // The link goes to the demo Plane, on this machine.
    const open = card.locator('a[data-testid="block-button"]', { hasText: 'Open in Plane' });
    expect(await open.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/acme\//);
    await shot(page, '03-plane-card');

    // 4. A mention: the run's status in the thread, then the approval of the fetch.
    await type(page, `@planebot fetch ${site.url} and tell me what it says`);
    const question = inChannel(page, 'and tell me what it says');
    await question.getByTestId('thread-link').waitFor();
    await question.getByTestId('thread-link').click();
    const approval = inThread(page, 'asked to run').filter({ has: page.locator('[data-action-id="approval_approve"]') });
    await approval.waitFor();
    expect(await approval.textContent()).toContain(site.url);
    expect(await approval.getByTestId('block-button').allTextContents()).toEqual(['Approve', 'Approve for this thread', 'Deny']);
    const status = page.getByTestId('thread-messages').getByTestId('message').nth(1);
    expect(await status.getAttribute('data-user')).toBe('U0BOT');
    await eventually(
      async () => ((await status.textContent()) ?? '').includes('Waiting for approval'),
      10_000,
      'the status to say it waits',
    );
    expect(site.hits).toEqual([]);
    await shot(page, '04-approval-asked');

    // 5. Someone else may not decide: told privately; the request still waits.
    await switchPerson(page, LEO);
    await approval.waitFor();
    await button(approval, 'approval_approve').click();
    const refusal = page.locator('[data-testid="message"][data-ephemeral="true"]', { hasText: 'Only the person who made the request' });
    await refusal.waitFor();
    expect(await refusal.getByTestId('ephemeral-note').textContent()).toContain('Only visible to you');
    expect(await button(approval, 'approval_approve').count()).toBe(1);
    expect(model.requests).toHaveLength(1);
    expect(site.hits).toEqual([]);
    await shot(page, '05-refused-to-leo');

    // 6. Dana approves: the decision is recorded, the page is fetched and the answer quotes it.
    await switchPerson(page, DANA);
    await button(approval, 'approval_approve').waitFor();
    expect(await refusal.count()).toBe(0);
    await button(approval, 'approval_approve').click();
    const decided = inThread(page, 'Approved by');
    await decided.waitFor();
    expect(await decided.textContent()).toContain('@dana');
    expect(await decided.locator('[data-action-id]').count()).toBe(0);
    const answer = inThread(page, SECRET_PHRASE);
    await answer.waitFor({ timeout: 15_000 });
    expect(await answer.getAttribute('data-user')).toBe('U0BOT');
    expect(site.hits).toEqual(['/notes']);
    await eventually(async () => ((await status.textContent()) ?? '').includes('Done in'), 10_000, 'the status to say the run is done');
    expect(model.pending()).toBe(0);
    await shot(page, '06-approved-and-answered');

    // 7. A reload keeps it all: the person, the open thread with the answer, the tree.
    await page.reload();
    await live(page);
    await inThread(page, SECRET_PHRASE).waitFor();
    await inThread(page, 'Approved by').waitFor();
    expect(await page.getByTestId('person-switcher').inputValue()).toBe(DANA);
    await tree.waitFor();
    await card.waitFor();
    await shot(page, '07-reloaded');
  }, 90_000);

  it('opens the bot’s Home tab: Léo’s open items, the approval waiting for him and his task; Show card and Show tree post into his DM', async () => {
    const model = await startFakeMessagesApi({
      script: [toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'The fix is deployed.' } }]), textReply('Commented.')],
    });
    closers.push(() => model.close());
    const { page } = await openSandbox({ ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: model.url });
    await switchPerson(page, LEO);
    await type(page, '/task add Check the Safari fix on staging !high @leo');
    await inChannel(page, 'Added task 1').waitFor();
    await type(page, '@planebot say on ACME-1 that the fix is deployed');
    const question = inChannel(page, 'that the fix is deployed');
    await question.getByTestId('thread-link').click();
    await inThread(page, 'asked to run')
      .filter({ has: page.locator('[data-action-id="approval_approve"]') })
      .waitFor();

    await page.getByTestId('home-link').click();
    const home = page.getByTestId('home-view');
    await home.getByText('Approvals waiting for you (1)').waitFor();
    expect(await page.getByTestId('channel-title').textContent()).toBe('planebot · Home');
    expect(await page.getByTestId('composer-form').isVisible()).toBe(false);
    const text = (await home.textContent()) ?? '';
    expect(text).toContain('Your work');
    // First, what is due: the demo's changelog is Léo's and due today (the demo dates its due items by Paris days).
    expect(text).toMatch(/Due soon \/ overdue \(\d+\)/);
    expect(text).toContain('Publish the December changelog');
    expect(text).toContain('Login button unresponsive on Safari');
    expect(text).toContain('plane_add_comment');
    expect(text).toContain('Check the Safari fix on staging');
    // Done and cancelled items are not open: the demo's done ACME item of Léo's is not listed.
    expect(await home.locator('[data-action-id="home_show_card"]').count()).toBeGreaterThan(0);
    // docs/images/app-home.png is this screenshot.
    await shot(page, '09-app-home');

    await home
      .locator('[data-testid="block"]', { hasText: /ACME-1(?!\d)/ })
      .locator('[data-action-id="home_show_card"]')
      .click();
    const dm = page.locator(`[data-testid="channel-link"][data-channel-id="D0LEO"]`);
    await eventually(async () => ((await dm.getAttribute('class')) ?? '').includes('unread'), 10_000, 'the DM marked unread');
    await dm.click();
    expect(await page.getByTestId('home').isVisible()).toBe(false);
    const card = inChannel(page, 'Login button unresponsive on Safari').filter({ has: page.locator('.bk-header') });
    await card.waitFor();
    expect(await card.getAttribute('data-user')).toBe('U0BOT');
    await shot(page, '10-card-in-dm');

    // Show tree: #general's tree, in the DM too.
    await page.getByTestId('home-link').click();
    await home.locator('[data-action-id="home_show_tree"]').click();
    await dm.click();
    const tree = inChannel(page, 'Check the Safari fix on staging').filter({ hasText: 'Task tree' });
    await tree.waitFor();
    expect(await tree.getAttribute('data-user')).toBe('U0BOT');

    // A reload on the Home tab comes back to it, the tab published afresh.
    await page.getByTestId('home-link').click();
    await home.waitFor();
    await page.reload();
    await live(page);
    await page.getByTestId('home-view').getByText('Approvals waiting for you (1)').waitFor();
  }, 60_000);

  it('without a model key: a mention says how to turn the agent on, and /todo works', async () => {
    const { page } = await openSandbox({});
    expect(await page.getByTestId('banner-model').textContent()).toContain('ANTHROPIC_API_KEY');

    await type(page, '@planebot what can you do?');
    const question = inChannel(page, 'what can you do?');
    await question.getByTestId('thread-link').waitFor();
    await question.getByTestId('thread-link').click();
    const off = inThread(page, 'The agent is off');
    await off.waitFor();
    expect(await off.getAttribute('data-user')).toBe('U0BOT');
    expect(await off.textContent()).toContain('ANTHROPIC_API_KEY');

    await type(page, '/todo add Water the plants');
    const added = inChannel(page, 'Added item 1');
    await added.waitFor();
    expect(await added.getAttribute('data-ephemeral')).toBe('true');
    await type(page, '/todo list');
    const list = page.locator('[data-testid="message-list"] [data-testid="message"]:not([data-ephemeral])', {
      hasText: 'Todo list of #general',
    });
    await list.waitFor();
    expect(await list.getByTestId('message-content').textContent()).toContain('○ [1] Water the plants');
    await shot(page, '08-agent-off-and-todo');
  });

  it('shows the demo cycle’s report with its burn-up picture, read from the file the bot uploaded', async () => {
    const { page } = await openSandbox({});
    await type(page, '/plane cycle ACME');
    const report = inChannel(page, 'Sprint 14').filter({ has: page.locator('.bk-header') });
    await report.waitFor();
    expect(await report.locator('.bk-header').textContent()).toBe('ACME · Sprint 14');
    expect(await report.getByTestId('message-content').textContent()).toContain('2 of 8 work items done');
    const picture = report.locator('img.bk-img');
    expect(await picture.getAttribute('src')).toMatch(/^\/sandbox\/api\/files\/F[0-9A-Z]+$/);
    // Loaded from the emulator's copy of the upload, at the size the bot drew it.
    type Img = { complete: boolean; naturalWidth: number; naturalHeight: number };
    await page.waitForFunction(
      (img) => (img as unknown as Img).complete && (img as unknown as Img).naturalWidth > 0,
      await picture.elementHandle(),
    );
    expect(await picture.evaluate((img) => [(img as unknown as Img).naturalWidth, (img as unknown as Img).naturalHeight])).toEqual([
      800, 360,
    ]);
    await report.scrollIntoViewIfNeeded();
    // docs/images/sandbox-cycle.png is this screenshot.
    await shot(page, '10-cycle-report');
  });

  it('speaks French to Camille, picked in the person switcher: her run’s approval request and status', async () => {
    const model = await startFakeMessagesApi({
      script: [toolReply([{ name: 'plane_add_comment', input: { key: 'ACME-1', text: 'Corrigé en 1.4' } }]), textReply('C’est fait.')],
    });
    closers.push(() => model.close());
    const { page } = await openSandbox({ ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: model.url });
    await switchPerson(page, CAMILLE);

    await type(page, '@planebot commente ACME-1');
    const question = inChannel(page, 'commente ACME-1');
    await question.getByTestId('thread-link').waitFor();
    await question.getByTestId('thread-link').click();
    const approval = inThread(page, 'Approbation requise').filter({ has: page.locator('[data-action-id="approval_approve"]') });
    await approval.waitFor();
    expect(await approval.textContent()).toContain('a demandé d’exécuter');
    expect(await approval.textContent()).toContain('Ajouter un commentaire à ACME-1');
    expect(await approval.getByTestId('block-button').allTextContents()).toEqual(['Approuver', 'Approuver pour ce fil', 'Refuser']);
    const status = page.getByTestId('thread-messages').getByTestId('message').nth(1);
    await eventually(
      async () => ((await status.textContent()) ?? '').includes('En attente d’approbation…'),
      10_000,
      'the status to say, in French, that it waits',
    );
    await shot(page, '09-french-approval');

    await button(approval, 'approval_approve').click();
    await inThread(page, 'Approuvé par').waitFor();
    await inThread(page, 'C’est fait.').waitFor({ timeout: 15_000 });
    await eventually(
      async () => ((await status.textContent()) ?? '').includes('Terminé en'),
      10_000,
      'the status to say, in French, that the run is done',
    );
    expect(await status.textContent()).toContain('1 appel d’outil');
    await shot(page, '10-french-done');
  }, 60_000);
});
