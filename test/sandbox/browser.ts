import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (CI installs it in `.ci/run`); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing of the browser's own reaches the network: the tests talk to 127.0.0.1 only. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Chromium through playwright-core, or fails saying how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The sandbox browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** `test-output/<name>/`, created; where a browser test saves its screenshots. */
export function screenshotFolder(name: string): string {
  const folder = fileURLToPath(new URL(`../../test-output/${name}/`, import.meta.url));
  mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * Collects the page's own errors (uncaught exceptions, console errors). A refused request or a
 * dropped stream is logged by the browser itself as "Failed to load resource" and is not the page's.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}
