import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { startSandbox } from '../../src/sandbox/start.js';
import { eventually } from '../harness/bot.js';

interface PageMessage {
  ts: string;
  text: string;
  ephemeral?: true;
}

it('the sandbox: a subscription in #general shows the card of a work item created with /plane new (the demo Plane sends its webhook)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-sandbox-notify-'));
  const bot = await startSandbox(loadConfig({ PORT: '0', PLANEBOT_DATA_DIR: dataDir }), { logger: silentLogger });
  onTestFinished(async () => {
    await bot.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const say = async (text: string) => {
    const answer = await fetch(`${bot.url}/sandbox/api/channels/C0GENERAL/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ as: 'U0DANA', text }),
    });
    expect(answer.status).toBe(200);
  };
  const messages = async () => {
    const answer = await fetch(`${bot.url}/sandbox/api/channels/C0GENERAL/messages?as=U0DANA`);
    return ((await answer.json()) as { messages: PageMessage[] }).messages;
  };
  await say('/plane subscribe ACME');
  await say('/plane new ACME Try notifications !high');
  const card = await eventually(
    async () => (await messages()).find((m) => !m.ephemeral && /^ACME-\d+: Try notifications/.test(m.text)),
    25_000,
    'the card of the new work item in #general',
  );
  expect(card.text).toContain('(Backlog)');
  // The sandbox serves /metrics too: the demo Plane's delivery is counted, what was typed is not there.
  const metrics = await (await fetch(`${bot.url}/metrics`)).text();
  expect(metrics).toMatch(/planebot_webhook_deliveries_total\{outcome="accepted"\} [1-9]/);
  expect(metrics).not.toContain('Try notifications');
});
