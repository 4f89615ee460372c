import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlanebot } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSandbox } from '../../src/sandbox/start.js';
import { collectPageErrors, launchChromium, screenshotFolder } from './browser.js';

/** How long the page may take to show what the bot sent, on a loaded machine (expect.poll's own default is 1 s). */
const UI_WAIT = { timeout: 10_000 };

/**
 * A newcomer in the sandbox (`npm start`, no Slack, the demo Plane) turns a message into a Plane
 * work item through the message's "…" menu and the modal, and sees the confirmation in the thread.
 */

const SCREENSHOTS = screenshotFolder('sandbox-work-items');

let browser: Browser;
let bot: RunningPlanebot;
let dataDir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dataDir = await mkdtemp(join(tmpdir(), 'planebot-sandbox-items-'));
  bot = await startSandbox(loadConfig({ PORT: '0', PLANEBOT_DATA_DIR: dataDir }), { logger: silentLogger });
});
afterAll(async () => {
  await bot?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png` });

describe('the sandbox: a work item from a message', () => {
  it('creates it through the "…" menu and the modal, a bad title answered in the modal, shows the confirmation in the thread, and undoes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${bot.url}/`);
      await page.locator('[data-testid="connection-status"][data-state="live"]').waitFor();
      await page.getByTestId('composer').fill('CSV export times out on big projects\nIt stops after 30 s with a blank file.');
      await page.getByTestId('composer').press('Enter');
      const message = page.locator('[data-testid="message-list"] [data-testid="message"]', { hasText: 'CSV export times out' });
      await message.hover();
      await message.getByTestId('message-actions').click();
      await page.getByTestId('shortcut-menu').getByText('Create work item').click();

      const modal = page.getByTestId('modal');
      await expect.poll(() => modal.getByTestId('modal-title').textContent(), UI_WAIT).toBe('Create work item');
      await expect
        .poll(() => modal.locator('[data-block-id="title"] input').inputValue(), UI_WAIT)
        .toBe('CSV export times out on big projects');
      await modal.locator('select[data-block-id="project"]').selectOption({ label: 'ACME · Website' });
      await modal.locator('[data-testid="modal-field"][data-block-id="state"]').waitFor();
      await shot(page, '01-modal');
      await modal.locator('[data-block-id="title"] input').fill('  ');
      await modal.getByTestId('modal-submit').click();
      await expect
        .poll(() => modal.locator('[data-testid="modal-error"][data-block-id="title"]').textContent(), UI_WAIT)
        .toBe('Give the work item a title.');
      await shot(page, '02-error');
      await modal.locator('[data-block-id="title"] input').fill('CSV export times out on big projects');
      await modal.locator('select[data-block-id="priority"]').selectOption({ label: 'High' });
      await modal.getByTestId('modal-submit').click();
      await modal.waitFor({ state: 'hidden' });

      await message.getByTestId('thread-link').click();
      const confirmation = page.locator('[data-testid="thread-messages"] [data-testid="message"]', {
        hasText: /Dana Kim created ACME-\d+ from this message|dana created ACME-\d+ from this message/,
      });
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toContain('CSV export times out on big projects');
      await expect.poll(() => confirmation.locator('[data-testid="block-select"]').count(), UI_WAIT).toBe(1);
      await shot(page, '03-confirmation');

      // Undo: the item moves to Cancelled, the thread is told, and the button becomes who undid it.
      await confirmation.locator('[data-testid="block-button"][data-action-id="undo_write"]').click();
      const undone = page.locator('[data-testid="thread-messages"] [data-testid="message"]', { hasText: /undid the creation of ACME-\d+/ });
      await undone.waitFor();
      expect(await undone.textContent()).toContain('it was moved to Cancelled (nothing was deleted)');
      await expect.poll(() => confirmation.locator('[data-action-id="undo_write"]').count(), UI_WAIT).toBe(0);
      expect(await confirmation.textContent()).toContain('Undone by');
      await shot(page, '04-undone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
