import { expect } from 'vitest';
import type { SlackMessage } from '../../src/emulators/slack/index.js';
import { eventually, type BotHarness } from '../harness/bot.js';
import { assertWithinSlackLimits } from '../slack/blocks/limits.js';
import { expectError, shown } from '../slack/commands-e2e/support.js';

/** The bot's own top-level messages in a channel (cards), each with its thread replies. */
export function cards(harness: BotHarness, channel: string): { card: SlackMessage; replies: SlackMessage[] }[] {
  const { workspace } = harness.slack;
  const botUser = workspace.bot.userId;
  return workspace
    .messages(channel)
    .filter((m) => m.user === botUser && (m.thread_ts === undefined || m.thread_ts === m.ts) && /^[A-Z]+-\d+/.test(m.text))
    .map((card) => ({ card, replies: workspace.thread(channel, card.ts).filter((r) => r.ts !== card.ts) }));
}

/** The card of one work item in a channel, once it is there (and its thread has `replies` lines). */
export async function cardOf(harness: BotHarness, channel: string, key: string, replies = 0, timeoutMs = 10_000) {
  const found = await eventually(
    () => cards(harness, channel).find((c) => c.card.text.startsWith(`${key}:`) && c.replies.length >= replies),
    timeoutMs,
    `the card of ${key} in ${channel} with ${replies} thread lines`,
  );
  for (const message of [found.card, ...found.replies]) assertWithinSlackLimits({ text: message.text, blocks: message.blocks });
  return found;
}

/** The Plane API as a client with the demo key: what a person's script, or the bot, would do. */
export async function planeApi(
  harness: BotHarness,
  method: 'PATCH' | 'POST',
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${harness.plane.url}/api/v1/workspaces/${harness.demo.workspace.slug}/${path}`, {
    method,
    headers: { 'X-Api-Key': harness.demo.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** PATCH a work item by key through the API. */
export function patchItem(harness: BotHarness, key: string, body: Record<string, unknown>) {
  const item = harness.plane.db.workItem(key);
  return planeApi(harness, 'PATCH', `projects/${item.project}/work-items/${item.id}/`, body);
}

export function commentOn(harness: BotHarness, key: string, html: string) {
  const item = harness.plane.db.workItem(key);
  return planeApi(harness, 'POST', `projects/${item.project}/work-items/${item.id}/comments/`, { comment_html: html });
}

export function stateId(harness: BotHarness, name: string): string {
  const state = harness.demo.states[name];
  if (!state) throw new Error(`no demo state ${name}`);
  return state.id;
}

/** What a message shows, entities undone. */
export { expectError, shown };

/** No message shows a UUID. */
export function expectNoUuid(messages: readonly SlackMessage[]): void {
  for (const message of messages)
    expect(`${message.text}\n${JSON.stringify(message.blocks)}`).not.toMatch(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
    );
}
