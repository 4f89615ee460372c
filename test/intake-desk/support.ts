import { expect } from 'vitest';
import type { SlackMessage } from '../../src/emulators/slack/index.js';
import { eventually, type BotHarness } from '../harness/bot.js';
import { assertWithinSlackLimits } from '../slack/blocks/limits.js';

export const ALICE = 'U0ALICE';
export const BOB = 'U0BOB';
export const OPS = 'C0OPS';

/** The bot's messages in a thread (the parent excluded), each checked against Slack's limits. */
export function botThread(harness: BotHarness, channel: string, threadTs: string): SlackMessage[] {
  const bot = harness.slack.workspace.bot.userId;
  const replies = harness.slack.workspace.thread(channel, threadTs).filter((m) => m.ts !== threadTs && m.user === bot);
  for (const reply of replies) assertWithinSlackLimits({ text: reply.text, blocks: reply.blocks });
  return replies;
}

export function botLine(
  harness: BotHarness,
  channel: string,
  threadTs: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<SlackMessage> {
  return eventually(
    () => botThread(harness, channel, threadTs).find((m) => pattern.test(m.text)),
    timeoutMs,
    `a bot line matching ${pattern}`,
  );
}

/** The duplicate offer only `user` sees in the thread. */
export function offerFor(harness: BotHarness, user: string, channel = OPS): Promise<SlackMessage> {
  return eventually(
    () => harness.slack.workspace.ephemeralsFor(channel, user).find((m) => (m.blocks ?? []).some((b) => b.block_id === 'intake_offer')),
    10_000,
    `the duplicate offer shown to ${user}`,
  );
}

/** The button of an offer whose text starts with `label`: its action_id and value. */
export function offerButton(offer: SlackMessage, label: string): { actionId: string; value: string } {
  const actions = (offer.blocks ?? []).find((b) => b.block_id === 'intake_offer');
  const elements = (actions?.elements ?? []) as { action_id: string; value: string; text: { text: string } }[];
  const found = elements.find((e) => e.text.text.startsWith(label));
  expect(found, `button ${label}`).toBeDefined();
  return { actionId: found!.action_id, value: found!.value };
}

/** The fake Plane's intake rows of a project with their items' keys and state names. */
export function intakeRows(
  harness: BotHarness,
  project = 'ACME',
): { key: string; name: string; state: string; status: number; description: string }[] {
  const { db } = harness.plane;
  const p = db.project(project);
  return [...db.intake.values()]
    .filter((row) => row.project === p.id)
    .map((row) => {
      const item = db.workItems.get(row.issue)!;
      return {
        key: `${p.identifier}-${item.sequence_id}`,
        name: item.name,
        state: db.states.get(item.state ?? '')?.name ?? '',
        status: row.status,
        description: item.description_html,
      };
    });
}
