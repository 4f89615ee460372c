import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import type { Reply, Step } from '../../fakes/anthropic/index.js';
import { eventually, type BotHarness } from '../../harness/bot.js';

export const BOT = 'U0BOT';
export const ALICE = 'U0ALICE';
export const BOB = 'U0BOB';
export const CAROL = 'U0CAROL';
export const GENERAL = 'C0GENERAL';

/** A model reply held back until the test releases it: the request is recorded, its answer waits. */
export function heldReply(reply: Reply): { step: Step; requested: Promise<void>; release(): void } {
  let release!: () => void;
  let requested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  return {
    step: async () => {
      requested();
      await released;
      return reply;
    },
    requested: asked,
    release,
  };
}

/** Every message the bot wrote in the thread, oldest first. */
export function botMessages(harness: BotHarness, threadTs: string, channel = GENERAL): SlackMessage[] {
  return harness.slack.workspace.thread(channel, threadTs).filter((m) => m.user === BOT);
}

/** The run's status message: the bot's first message in the thread. */
export function statusMessage(harness: BotHarness, threadTs: string, channel = GENERAL): Promise<SlackMessage> {
  return eventually(() => botMessages(harness, threadTs, channel)[0], 5_000, 'the status message');
}

/** All the text of a message's blocks, for assertions on what people see. */
export function shownText(message: { text?: string; blocks?: Record<string, unknown>[] } | undefined): string {
  return JSON.stringify(message?.blocks ?? message?.text ?? '');
}

/** Waits until the status message says the run is over, and returns it. */
export function finalStatus(harness: BotHarness, threadTs: string, channel = GENERAL, timeoutMs = 8_000): Promise<SlackMessage> {
  return eventually(
    () => {
      const status = botMessages(harness, threadTs, channel)[0];
      const text = shownText(status);
      return status && (text.includes('Done in') || text.includes('Failed:')) ? status : undefined;
    },
    timeoutMs,
    'the final status',
  );
}

/** The approval message of the thread, once posted. */
export function approvalMessage(harness: BotHarness, threadTs: string, channel = GENERAL, index = 0): Promise<SlackMessage> {
  return eventually(
    () => botMessages(harness, threadTs, channel).filter((m) => shownText(m).includes('approval_approve'))[index],
    5_000,
    'the approval message',
  );
}

/** The text of every user turn the model received in one request, joined. */
export function userTurnsText(harness: BotHarness, requestIndex: number): string {
  return JSON.stringify(harness.model!.requests[requestIndex]?.body.messages ?? []);
}
