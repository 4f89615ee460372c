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
  blocks?: { block_id?: string; elements?: { action_id?: string }[] }[];
}
interface PageView {
  id: string;
  callback_id: string;
}

it('the sandbox: dana connects her demo token, and her comment from a card is hers in the demo Plane; the page never shows the token', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-sandbox-identity-'));
  const bot = await startSandbox(loadConfig({ PORT: '0', PLANEBOT_DATA_DIR: dataDir }), { logger: silentLogger });
  onTestFinished(async () => {
    await bot.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const token = bot.demo!.tokens['dana@acme.io']!;
  const api = (path: string, body?: unknown) =>
    fetch(`${bot.url}/sandbox/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).then(async (answer) => {
      expect(answer.status, path).toBe(200);
      return answer.text();
    });
  const as = 'U0DANA';
  const say = (text: string) => api('/channels/C0GENERAL/messages', { as, text });
  const messages = async () => (JSON.parse(await api(`/channels/C0GENERAL/messages?as=${as}`)) as { messages: PageMessage[] }).messages;
  const modal = (callbackId: string) =>
    eventually(
      async () => {
        const { view } = JSON.parse(await api(`/views?as=${as}`)) as { view: PageView | null };
        return view?.callback_id === callbackId ? view : undefined;
      },
      15_000,
      `the ${callbackId} modal`,
    );

  await say('/plane connect');
  const connect = await modal('plane_connect_form');
  const submitted = await api(`/views/${connect.id}/submit`, { as, values: { plane_token: { token: token } } });
  expect(JSON.parse(submitted)).toMatchObject({ ok: true, answer: { outcome: 'closed' } });

  await say('/plane show ACME-1');
  const card = await eventually(
    async () => (await messages()).find((m) => !m.ephemeral && m.text.startsWith('ACME-1')),
    15_000,
    'the card',
  );
  const commentBlock = card.blocks!.find((b) => b.elements?.some((e) => e.action_id === 'work_item_comment'))!;
  await api('/channels/C0GENERAL/actions', { as, message_ts: card.ts, action_id: 'work_item_comment', block_id: commentBlock.block_id });
  const form = await modal('work_item_comment_form');
  await api(`/views/${form.id}/submit`, { as, values: { comment: { value: 'Looks fixed to me' } } });

  // The demo Plane's own record: the comment's actor is dana.
  const plane = (path: string) => fetch(`${bot.demo!.planeUrl}${path}`, { headers: { 'x-api-key': token } }).then((r) => r.json());
  const dana = (await plane('/api/v1/users/me/')) as { id: string };
  const item = (await plane('/api/v1/workspaces/acme/work-items/ACME-1/')) as { id: string; project: string };
  const comment = await eventually(
    async () => {
      const { results } = (await plane(`/api/v1/workspaces/acme/projects/${item.project}/work-items/${item.id}/comments/`)) as {
        results: { comment_html: string; actor: string }[];
      };
      return results.find((c) => c.comment_html.includes('Looks fixed to me'));
    },
    15_000,
    'the comment',
  );
  expect(comment.actor).toBe(dana.id);

  // Nothing the page is served holds the token: the channel, the Home tab, the modal.
  await api('/home/open', { as });
  const home = await eventually(
    async () => {
      const text = await api(`/home?as=${as}`);
      return text.includes('Your Plane identity') ? text : undefined;
    },
    15_000,
    'the Home tab',
  );
  expect(home).toContain('as *dana* (dana@acme.io)');
  const served = [
    await api(`/channels/C0GENERAL/messages?as=${as}`),
    home,
    await api(`/views?as=${as}`),
    await api(`/workspace?as=${as}`),
  ].join('\n');
  expect(served).not.toContain(token);
});
