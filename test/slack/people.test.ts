import { afterEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createLogger } from '../../src/log.js';
import { slackWebClient } from '../../src/slack/app.js';
import { knownPerson, RecentPeople, requesterFor, slackUserByEmail } from '../../src/slack/people.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { countingReads } from '../helpers/counting-store.js';

const TOKEN = 'xoxb-people';
let slack: SlackEmulator | undefined;
afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

async function setUp() {
  slack = await startSlackEmulator({ signingSecret: 's', botToken: TOKEN });
  const { store, reads } = countingReads(createMemoryStore(), 'slack:people');
  const client = slackWebClient({ botToken: TOKEN, apiUrl: slack.url }, store, createLogger({ level: 'silent' }));
  const emulator = slack;
  const asked = (method = 'users.info') => emulator.calls.filter((call) => call.method === method).length;
  return { store, reads, client, emulator, asked };
}

describe('the person behind a request', () => {
  it('asks users.info once for twenty requests of the same person arriving together, and gives each her name and language', async () => {
    const { store, client, asked } = await setUp();
    const people = await Promise.all(Array.from({ length: 20 }, () => requesterFor(client, store, 'U0CAMILLE')));
    expect(asked()).toBe(1);
    expect(new Set(people.map((person) => `${person.name} ${person.locale} ${person.email}`))).toEqual(
      new Set(['camille fr-FR camille@acme.test']),
    );
  });

  it('reads the store once for a person’s requests within a minute, and no request can change what the next one reads', async () => {
    const { store, reads, client, asked } = await setUp();
    const first = await requesterFor(client, store, 'U0ALICE');
    for (let i = 0; i < 5; i++) await requesterFor(client, store, 'U0ALICE');
    expect(await knownPerson(store, 'U0ALICE')).toEqual(first);
    expect(reads()).toBe(1);
    expect(asked()).toBe(1);
    expect(() => {
      (first as { name?: string }).name = 'someone else';
    }).toThrow(TypeError);
    expect((await requesterFor(client, store, 'U0ALICE')).name).toBe('alice');
  });

  it('another process’s copy is read from the store it shares: a fresh process asks Slack no more', async () => {
    const { store, client, asked } = await setUp();
    await requesterFor(client, store, 'U0BOB');
    // A second replica: the same shared store seen through an object of its own, so nothing recent.
    const { store: replica, reads } = countingReads(store, 'slack:people');
    expect((await requesterFor(client, replica, 'U0BOB')).name).toBe('bob');
    expect(reads()).toBe(1);
    expect(asked()).toBe(1);
  });

  it('does not remember a failed users.info: the person is the bare id until the next request asks again', async () => {
    const { store, client, emulator, asked } = await setUp();
    emulator.failNext('users.info', { error: 'fatal_error' });
    expect(await requesterFor(client, store, 'U0WEI')).toEqual({ id: 'U0WEI' });
    expect(await knownPerson(store, 'U0WEI')).toBeUndefined();
    const wei = await requesterFor(client, store, 'U0WEI');
    expect(wei).toMatchObject({ id: 'U0WEI', name: 'wei', locale: 'zh-CN' });
    expect(asked()).toBe(2);
  });
});

describe('the Slack user with an e-mail', () => {
  it('is asked once for ten look-ups of one e-mail arriving together, written however, and once for one nobody has', async () => {
    const { store, client, asked } = await setUp();
    const found = await Promise.all(
      Array.from({ length: 10 }, (_, i) => slackUserByEmail(client, store, i % 2 ? ' Alice@ACME.test' : 'alice@acme.test')),
    );
    expect(new Set(found)).toEqual(new Set(['U0ALICE']));
    const nobody = await Promise.all(Array.from({ length: 10 }, () => slackUserByEmail(client, store, 'nobody@acme.test')));
    expect(new Set(nobody)).toEqual(new Set([undefined]));
    expect(asked('users.lookupByEmail')).toBe(2);
    expect(await slackUserByEmail(client, store, 'alice@acme.test')).toBe('U0ALICE');
    expect(asked('users.lookupByEmail')).toBe(2);
  });
});

describe('RecentPeople', () => {
  it('forgets a person after a minute, and the oldest first past a thousand people', () => {
    let now = 0;
    const recent = new RecentPeople(() => now);
    recent.remember({ id: 'U0', name: 'first' });
    now = 59_999;
    expect(recent.get('U0')?.name).toBe('first');
    now = 60_000;
    expect(recent.get('U0')).toBeUndefined();
    for (let i = 0; i <= 1_000; i++) recent.remember({ id: `U${i}` });
    expect(recent.get('U0')).toBeUndefined();
    expect(recent.get('U1')).toEqual({ id: 'U1' });
    expect(recent.get('U1000')).toEqual({ id: 'U1000' });
  });

  it('shares one look-up between the callers that ask meanwhile, and starts a new one after it ends', async () => {
    const recent = new RecentPeople();
    let lookUps = 0;
    const lookUp = async () => ({ id: 'U0', name: `look-up ${++lookUps}` });
    const together = await Promise.all([recent.once('U0', lookUp), recent.once('U0', lookUp), recent.once('U0', lookUp)]);
    expect(together.map((person) => person.name)).toEqual(['look-up 1', 'look-up 1', 'look-up 1']);
    expect((await recent.once('U0', lookUp)).name).toBe('look-up 2');
  });
});
