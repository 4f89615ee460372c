import { describe, expect, it } from 'vitest';
import { errorReply, textReply, type RecordedRequest } from '../fakes/anthropic/index.js';
import { run, sharedBot } from '../slack/commands-e2e/support.js';
import { BOB, OPS, botLine, intakeRows } from './support.js';

/**
 * With the agent on, the intake request's title is drafted by the model: one small request to the
 * (fake) Messages API, no tools, the message as data; its answer is the title, cut at 80 characters.
 * A model that fails leaves the first line as the title, and the request is filed all the same.
 */
const bot = sharedBot({
  model: [],
  plane: { rateLimit: { requests: 100_000, windowMs: 60_000 } },
  env: { PLANE_RATE_LIMIT: '100000/minute' },
  timing: { intakePollMs: 60_000, postIntervalMs: 20 },
  setUp: async (harness) => {
    harness.plane.db.project('ACME').intake_view = true;
    await run(harness, { command: '/plane', text: 'intake ACME' }, { ephemeral: 1 });
  },
});

const draftRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => typeof r.body.system === 'string' && r.body.system.includes('title of a work item'));

describe('the model-drafted intake title', () => {
  it('files under the title the model drafted in the message’s language, from one request with no tools', async () => {
    const harness = bot();
    const model = harness.model!;
    const before = model.requests.length;
    model.script(textReply('  Les factures trimestrielles partent\nà l’ancienne adresse  '));
    const text =
      'Bonjour ! Depuis lundi, les factures trimestrielles sont envoyées à l’ancienne adresse du service financier.\nClient : Initech';
    const ts = await harness.slack.userSays({ user: BOB, channel: OPS, text });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts, name: 'ticket' });
    await botLine(harness, OPS, ts, /Filed as .*Les factures trimestrielles partent à l’ancienne adresse/);
    const asked = draftRequests(model.requests.slice(before));
    expect(asked).toHaveLength(1);
    const body = asked[0]!.body;
    expect(body.tools ?? []).toEqual([]);
    expect(body.max_tokens).toBeLessThanOrEqual(100);
    expect(body.stream ?? false).toBe(false);
    expect(JSON.stringify(body.messages)).toContain('Client : Initech');
    expect(body.system).toMatch(/at most 80 characters, in the language of the request/);
    const [row] = intakeRows(harness).filter((r) => r.name === 'Les factures trimestrielles partent à l’ancienne adresse');
    expect(row).toMatchObject({ state: 'Triage' });
    // The description keeps the whole message, whatever the title.
    expect(row!.description).toContain('Initech');
  });

  it('cuts a long drafted title at 80 characters', async () => {
    const harness = bot();
    harness.model!.script(textReply(`Warehouse scanner ${'x'.repeat(200)}`));
    const ts = await harness.slack.userSays({
      user: BOB,
      channel: OPS,
      text: 'The warehouse scanner app freezes when a pallet label is smudged',
    });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts, name: 'ticket' });
    await botLine(harness, OPS, ts, /Filed as .*Warehouse scanner x+/);
    const [row] = intakeRows(harness).filter((r) => r.name.startsWith('Warehouse scanner x'));
    expect(row!.name).toHaveLength(80);
  });

  it('a model that refuses leaves the first line as the title', async () => {
    const harness = bot();
    harness.model!.script(errorReply(400, 'invalid_request_error', 'prompt is too long'));
    const ts = await harness.slack.userSays({ user: BOB, channel: OPS, text: 'Gecko kiosk prints receipts twice\nSince the 2.3 update.' });
    await harness.slack.userReacts({ user: BOB, channel: OPS, ts, name: 'ticket' });
    await botLine(harness, OPS, ts, /Filed as .*Gecko kiosk prints receipts twice/);
    expect(intakeRows(harness).filter((r) => r.name === 'Gecko kiosk prints receipts twice')).toHaveLength(1);
  });
});
