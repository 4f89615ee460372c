import { expect } from 'vitest';
import type { OpenView, SlackMessage } from '../../../src/emulators/slack/index.js';
import { eventually, type BotHarness } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';

export const ALICE = 'U0ALICE';
export const BOB = 'U0BOB';
export const GENERAL = 'C0GENERAL';

type Json = Record<string, unknown>;

/** alice and bob are members of ACME, so they can be assigned. */
export function joinAcme(harness: BotHarness): void {
  harness.plane.db.addProjectMember('ACME', 'alice@acme.test');
  harness.plane.db.addProjectMember('ACME', 'bob@acme.test');
}

/** The modal on a person's screen once it shows `callbackId` (and, when given, a block). */
export function viewOf(harness: BotHarness, user: string, callbackId: string, blockId?: string): Promise<OpenView> {
  return eventually(
    () => {
      const open = harness.slack.openView(user);
      return open && open.view.callback_id === callbackId && (blockId === undefined || open.view.blocks.some((b) => b.block_id === blockId))
        ? open
        : undefined;
    },
    10_000,
    `${user}'s ${callbackId} modal${blockId ? ` with ${blockId}` : ''}`,
  );
}

export function inputElement(open: OpenView, blockId: string): Json {
  const block = open.view.blocks.find((b) => b.block_id === blockId);
  expect(block, `block ${blockId}`).toBeDefined();
  return block!.element as Json;
}

/** The value of the option whose text starts with `label`. */
export function optionValue(open: OpenView, blockId: string, label: string): string {
  const options = (inputElement(open, blockId).options as { text: { text: string }; value: string }[]) ?? [];
  const found = options.find((o) => o.text.text.startsWith(label));
  expect(found, `option ${label} of ${blockId}`).toBeDefined();
  return found!.value;
}

/** The bot's replies in a thread. */
export function botReplies(harness: BotHarness, channel: string, threadTs: string): SlackMessage[] {
  const bot = harness.slack.workspace.bot.userId;
  return harness.slack.workspace.thread(channel, threadTs).filter((m) => m.ts !== threadTs && m.user === bot);
}

/** Waits for a bot reply in the thread whose text matches, and checks it against Slack's limits. */
export async function botReply(
  harness: BotHarness,
  channel: string,
  threadTs: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<SlackMessage> {
  const reply = await eventually(
    () => botReplies(harness, channel, threadTs).find((m) => pattern.test(m.text)),
    timeoutMs,
    `a reply matching ${pattern}`,
  );
  assertWithinSlackLimits({ text: reply.text, blocks: reply.blocks });
  return reply;
}

/** The ids of the elements of the actions blocks of a message. */
export function actionIds(message: SlackMessage): string[] {
  return (message.blocks ?? []).filter((b) => b.type === 'actions').flatMap((b) => (b.elements as Json[]).map((e) => String(e.action_id)));
}
