import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSandbox } from '../../src/sandbox/start.js';
import { collectPageErrors, launchChromium, screenshotFolder } from './browser.js';

/**
 * The sandbox's intake desk, as a newcomer tries it with no Slack and no Plane: #support files a
 * message given 🎫 into the demo Plane's Intake, asks first when it looks like an existing item,
 * and the sidebar's stand-in for Plane's Intake view accepts or declines as a project admin would.
 */
const SCREENSHOTS = screenshotFolder('sandbox-intake');
const PRIYA = 'U0PRIYA';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const live = (page: Page) => page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
const inChannel = (page: Page, text: string | RegExp) =>
  page.locator('[data-testid="message-list"] [data-testid="message"]', { hasText: text });
const inThread = (page: Page, text: string | RegExp) =>
  page.locator('[data-testid="thread-messages"] [data-testid="message"]', { hasText: text });

it('#support: 🎫 files a request (or asks first about a likely duplicate); Accept and Decline in the demo Intake reach the asker’s thread', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-sandbox-intake-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const bot = await startSandbox(loadConfig({ PORT: '0', PLANEBOT_DATA_DIR: dataDir }), { logger: silentLogger });
  onTestFinished(() => bot.close());
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = collectPageErrors(page);
  await page.goto(`${bot.url}/?as=${PRIYA}&channel=C0SUPPORT`);
  await live(page);
  await page.getByTestId('intake-empty').waitFor();
  await inChannel(page, '#support is an intake desk for ACME').waitFor();

  // Priya's seeded ask looks like ACME's "Login button unresponsive on Safari": only she is asked.
  const seeded = inChannel(page, 'The login button does nothing on Safari');
  await seeded.hover();
  await seeded.getByTestId('add-ticket').click();
  await seeded.getByTestId('thread-link').click();
  const offer = inThread(page, 'Before I file this in ACME');
  await offer.waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}1-duplicate-offer.png` });
  await offer.locator('[data-testid="block-button"]', { hasText: 'File it anyway' }).click();
  await inThread(page, /Filed as ACME-\d+ \(in triage\)/).waitFor();

  // A request of her own, filed at once; the demo Intake lists both.
  await page.getByTestId('composer').fill('Quokka receipts printer cuts the footer');
  await page.getByTestId('composer').press('Enter');
  const own = inChannel(page, 'Quokka receipts printer cuts the footer');
  await own.hover();
  await own.getByTestId('add-ticket').click();
  const requests = page.getByTestId('intake-request');
  await expect.poll(() => requests.count(), { timeout: 15_000 }).toBe(2);

  // As a Plane admin: accept the first, decline the second; each asker hears it in the thread.
  await requests.filter({ hasText: 'The login button' }).getByTestId('intake-decide').filter({ hasText: 'Accept' }).click();
  await requests.filter({ hasText: 'Quokka' }).getByTestId('intake-decide').filter({ hasText: 'Decline' }).click();
  await inThread(page, /was accepted: it is in \w+ now/).waitFor();
  await own.getByTestId('thread-link').click();
  await inThread(page, /Filed as ACME-\d+ \(in triage\)/).waitFor();
  await inThread(page, /was declined/).waitFor();
  await page.getByTestId('intake-empty').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}2-decided.png` });
  expect(errors).toEqual([]);
}, 90_000);
