import { describe, expect, it } from 'vitest';
import { eventually } from '../harness/bot.js';
import { botForTest, OPS, run } from '../slack/commands-e2e/support.js';
import { cards } from './support.js';
import { peek } from '../helpers/peek.js';

/** Slack's pace in these tests (the emulator refuses faster posts to one channel), and the bot's. */
const SLACK_INTERVAL_MS = 100;
const BOT_INTERVAL_MS = 150;
const CONDENSE_MS = 400;

describe('the outbox: paced, durable', () => {
  it('with chat.postMessage answering ratelimited, a burst of 100 changes over 20 work items loses nothing and never posts faster than Slack allows', async () => {
    const h = await botForTest({
      webhooks: true,
      postMessageIntervalMs: SLACK_INTERVAL_MS,
      timing: { condenseMs: CONDENSE_MS, postIntervalMs: BOT_INTERVAL_MS },
    });
    await run(h, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 });
    const { dana } = h.demo.users;
    const project = h.demo.project;
    const items = Array.from({ length: 20 }, (_, i) =>
      h.plane.db.addWorkItem(project.id, { name: `Burst item ${i + 1}`, state: 'Backlog', priority: 'none' }),
    );
    const callsBefore = h.slack.calls.length;
    // Three answers ratelimited with Retry-After: 1, on top of the emulator's pace rule.
    for (let i = 0; i < 3; i++) h.slack.failNext('chat.postMessage', { status: 429, retryAfter: 1 });
    const labels = Object.values(h.demo.labels);
    for (const [i, item] of items.entries()) {
      // Five changes per item: one delivery each.
      h.plane.webApp.updateWorkItem(
        item.id,
        {
          state_id: h.demo.states['In Progress']!.id,
          priority: 'high',
          name: `Burst item ${i + 1} (renamed)`,
          target_date: '2026-12-24',
          label_ids: [labels[i % labels.length]!.id],
        },
        dana.id,
      );
    }
    const keys = items.map((item) => `ACME-${item.sequence_id}`);
    const done = await eventually(
      () => {
        const posted = cards(h, OPS).filter((c) => keys.includes(c.card.text.split(':')[0]!));
        return posted.length === 20 && posted.every((c) => c.replies.length === 1) ? posted : undefined;
      },
      60_000,
      '20 cards, each with its one line',
    );
    for (const { replies } of done) {
      expect(replies[0]!.text).toMatch(
        /dana: Backlog → In Progress · priority high · labelled \w+ · renamed to “Burst item \d+ \(renamed\)” · due 2026-12-24$/,
      );
    }
    const posts = h.slack.calls.slice(callsBefore).filter((c) => c.method === 'chat.postMessage' && c.args.channel === OPS);
    const refused = posts.filter((c) => c.error === 'http_429');
    // The three scripted ones only: the bot's own pace never ran into Slack's.
    expect(refused).toHaveLength(3);
    const accepted = posts.filter((c) => c.error === undefined).map((c) => c.time);
    expect(accepted).toHaveLength(40);
    for (let i = 1; i < accepted.length; i++) expect(accepted[i]! - accepted[i - 1]!).toBeGreaterThanOrEqual(SLACK_INTERVAL_MS);
    expect(h.plane.webhooks.attempts.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(100);
  }, 90_000);

  it('a restart with notifications still waiting posts them after it', async () => {
    const h = await botForTest({ webhooks: true, timing: { condenseMs: 2_000, postIntervalMs: 20 } });
    await run(h, { command: '/plane', text: 'subscribe ACME' }, { ephemeral: 1 });
    const { dana } = h.demo.users;
    const attempts = h.plane.webhooks.attempts.length;
    h.plane.webApp.updateWorkItem('ACME-2', { priority: 'urgent', state_id: h.demo.states.Done!.id }, dana.id);
    await eventually(
      () => h.plane.webhooks.attempts.slice(attempts).filter((a) => a.status === 200).length === 2,
      5_000,
      'both deliveries answered',
    );
    // Handled (in the outbox) but not yet due: the restart comes inside the 2 s window.
    await eventually(
      async () => ((await peek<unknown[]>(h.bot.store, 'outbox', `heads:${OPS}`))?.length ?? 0) === 1,
      5_000,
      'the notice waiting',
    );
    expect(cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-2:'))).toHaveLength(0);
    await h.restart();
    const posted = await eventually(
      () => cards(h, OPS).find((c) => c.card.text.startsWith('ACME-2:') && c.replies.length === 1),
      15_000,
      'the card and its line after the restart',
    );
    expect(posted.replies[0]!.text).toContain('dana: Todo → Done · priority urgent');
  }, 60_000);
});
