import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { expect, it, onTestFinished } from 'vitest';
import { startPlanebot } from '../../../src/compose.js';
import { silentLogger } from '../../../src/log.js';
import { tokenDigest } from '../../../src/plane/credential.js';
import { eventually, startBotHarness } from '../../harness/bot.js';
import { startRedisServer } from '../../helpers/redis-server.js';

const ALICE = 'U0ALICE';
const OPS = 'C0OPS';

it('two replicas on one real Redis share a connection and its limiter; Redis never holds the token in the clear', async () => {
  const redis = await startRedisServer();
  onTestFinished(() => redis.stop());
  const token = `plane_api_${randomBytes(16).toString('hex')}`;
  const a = await startBotHarness({ env: { REDIS_URL: redis.url, PLANEBOT_SECRET_KEY: randomBytes(32).toString('base64') } });
  onTestFinished(() => a.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-identity-b-'));
  const b = await startPlanebot({ ...a.config, dataDir }, { logger: silentLogger, host: '127.0.0.1' });
  onTestFinished(async () => {
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  a.plane.db.addProjectMember('ACME', 'alice@acme.test');
  a.plane.db.addApiKey(token, 'alice@acme.test');
  const alice = a.plane.db.findUser('alice@acme.test')!.id;
  const created = (title: string) =>
    eventually(() => [...a.plane.db.workItems.values()].find((item) => item.name === title), 10_000, title);

  // Connected through replica A…
  await a.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'connect' });
  const modal = await eventually(
    () => (a.slack.openView(ALICE)?.view.callback_id === 'plane_connect_form' ? a.slack.openView(ALICE) : undefined),
    10_000,
    'the modal',
  );
  expect((await a.slack.submitView(ALICE, modal.view.id, { plane_token: { token } })).outcome).toBe('closed');

  // …acts as alice on replica B.
  a.slack.setRequestUrl(`${b.url}/slack/events`);
  await a.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'new ACME Made through replica B' });
  expect((await created('Made through replica B')).created_by).toBe(alice);
  const sentWith = a.plane.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/work-items/')).map((r) => r.apiKey);
  expect(sentWith).toEqual([token]);

  // Disconnected on B: A acts with the bot's key again.
  await a.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'disconnect' });
  await eventually(
    () => a.slack.workspace.ephemeralsFor(OPS, ALICE).find((m) => m.text.startsWith('Disconnected')),
    10_000,
    'the disconnection',
  );
  a.slack.setRequestUrl(`${a.bot.url}/slack/events`);
  await a.slack.runCommand({ user: ALICE, channel: OPS, command: '/plane', text: 'new ACME Made through replica A afterwards' });
  expect((await created('Made through replica A afterwards')).created_by).not.toBe(alice);

  // The token's limiter lives in Redis under a digest of the token, shared by both replicas; the token itself is nowhere.
  const admin = new Redis(redis.url);
  onTestFinished(() => void admin.disconnect());
  const keys = await admin.keys('*');
  expect(keys.some((key) => key.includes(tokenDigest(token)))).toBe(true);
  const values = await Promise.all(keys.map((key) => readAny(admin, key)));
  const everything = [...keys, ...values].join('\n');
  expect(everything).not.toContain(token);
  expect(everything).not.toContain(token.slice(-12));
}, 60_000);

async function readAny(redis: Redis, key: string): Promise<string> {
  switch (await redis.type(key)) {
    case 'string':
      return (await redis.get(key)) ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return (await redis.lrange(key, 0, -1)).join('\n');
    case 'set':
      return (await redis.smembers(key)).join('\n');
    case 'zset':
      return (await redis.zrange(key, '0', '-1')).join('\n');
    default:
      return '';
  }
}
