import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, expect, onTestFinished } from 'vitest';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { channelFilesDir } from '../../../src/files/channel-files.js';
import { eventually, startBotHarness, type BotHarness, type BotHarnessOptions } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';

export const ALICE = 'U0ALICE';
export const BOB = 'U0BOB';
export const OPS = 'C0OPS';

export interface SharedBotOptions extends BotHarnessOptions {
  /** Runs once the bot is up, before the first test (seeding Plane, first commands…). */
  setUp?: (harness: BotHarness) => Promise<unknown> | unknown;
  /** Each test starts with no channel files in #ops (no tasks, no todos). */
  freshChannelFiles?: boolean;
}

/**
 * One bot for the tests of the file (or of the describe block it is called in): started before
 * them, closed after them. Returns a getter for it.
 */
export function sharedBot(options: SharedBotOptions = {}): () => BotHarness {
  const { setUp, freshChannelFiles, ...harnessOptions } = options;
  let harness: BotHarness | undefined;
  const current = () => {
    if (!harness) throw new Error('the shared bot is not running: use it inside a test');
    return harness;
  };
  beforeAll(async () => {
    harness = await startBotHarness(harnessOptions);
    await setUp?.(harness);
  });
  afterAll(async () => {
    await harness?.close();
    harness = undefined;
  });
  if (freshChannelFiles) beforeEach(() => rm(channelFilesDir(current().dataDir, OPS), { recursive: true, force: true }));
  return current;
}

/** A bot for the running test alone, closed when the test ends. */
export async function botForTest(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const harness = await startBotHarness(options);
  onTestFinished(() => harness.close());
  return harness;
}

export interface CommandRun {
  command: '/task' | '/todo' | '/plane';
  text: string;
  user?: string;
  channel?: string;
}

/** How many messages a command is expected to produce in each place. */
export interface Expected {
  /** Messages only the person sees. */
  ephemeral?: number;
  /** Messages everyone sees in the channel (a tree, a card, a task event line…), thread replies included. */
  channel?: number;
}

export interface CommandResult {
  ephemeral: SlackMessage[];
  channel: SlackMessage[];
}

/**
 * Runs a slash command as Slack would (signed form post), checks that the app acknowledged at once
 * with an empty body (all work happens after the ack), and waits for the messages it produces.
 * Every message is checked against Slack's limits.
 */
export async function run(harness: BotHarness, command: CommandRun, expected: Expected): Promise<CommandResult> {
  const user = command.user ?? ALICE;
  const channel = command.channel ?? OPS;
  const { workspace } = harness.slack;
  const ephemeralBefore = workspace.ephemeralsFor(channel, user).length;
  const channelBefore = workspace.messages(channel).length;
  const answer = await harness.slack.runCommand({ user, channel, command: command.command, text: command.text });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(200);
  expect(answer.body).toBe('');
  const wanted = { ephemeral: expected.ephemeral ?? 0, channel: expected.channel ?? 0 };
  const result = await eventually(
    () => {
      const ephemeral = workspace.ephemeralsFor(channel, user).slice(ephemeralBefore);
      const posted = workspace.messages(channel).slice(channelBefore);
      return ephemeral.length >= wanted.ephemeral && posted.length >= wanted.channel ? { ephemeral, channel: posted } : undefined;
    },
    10_000,
    `${command.command} ${command.text}: ${wanted.ephemeral} ephemeral and ${wanted.channel} channel messages`,
  );
  expect(result.ephemeral.length, 'ephemeral messages').toBe(wanted.ephemeral);
  expect(result.channel.length, 'channel messages').toBe(wanted.channel);
  for (const message of [...result.ephemeral, ...result.channel]) assertWithinSlackLimits({ text: message.text, blocks: message.blocks });
  return result;
}

type Json = Record<string, unknown>;

/** Every piece of text of a message's blocks, in order, as Slack would show it (mrkdwn undone). */
export function blockTexts(message: SlackMessage): string[] {
  const texts: string[] = [];
  for (const block of (message.blocks ?? []) as Json[]) {
    const text = block.text as Json | undefined;
    if (typeof text?.text === 'string') texts.push(text.text);
    for (const field of (block.fields ?? []) as Json[]) if (typeof field.text === 'string') texts.push(field.text);
    for (const element of (block.elements ?? []) as Json[]) {
      const inner = element.text as Json | string | undefined;
      if (typeof inner === 'string') texts.push(inner);
      else if (typeof inner?.text === 'string') texts.push(inner.text);
    }
  }
  return texts.map(unescape);
}

/** All of a message's block text joined by new lines. */
export function shown(message: SlackMessage): string {
  return blockTexts(message).join('\n');
}

/** The first line of what a message shows (a confirmation's summary, a list's heading). */
export function firstLine(message: SlackMessage): string {
  return shown(message).split('\n')[0]!;
}

/** A private confirmation of a change: its summary line and the changed lines as the list shows them. */
export function confirmation(message: SlackMessage): { summary: string; lines: string[] } {
  return { summary: firstLine(message), lines: codeLines(message) };
}

/** The lines inside the code blocks of a message (how a tree is shown). */
export function codeLines(message: SlackMessage): string[] {
  return blockTexts(message)
    .filter((text) => text.startsWith('```'))
    .flatMap((text) =>
      text
        .replace(/^```\n/, '')
        .replace(/\n```$/, '')
        .split('\n'),
    );
}

function unescape(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The buttons of a message. */
export function buttons(message: SlackMessage): Json[] {
  return ((message.blocks ?? []) as Json[]).filter((block) => block.type === 'actions').flatMap((block) => block.elements as Json[]);
}

/** An error reply: the one-line reason and the usage line it carries. */
export function errorOf(message: SlackMessage): { reason: string; usage: string | undefined } {
  const [reason = '', usage] = blockTexts(message);
  expect(reason.startsWith('⚠️ ')).toBe(true);
  expect(reason).not.toContain('\n');
  return { reason: reason.slice('⚠️ '.length), usage: usage?.replace(/^Usage: `/, '').replace(/`$/, '') };
}

/** An error reply whose reason matches `reason` and that carries the usage line `usage`. */
export function expectError(message: SlackMessage, reason: RegExp, usage: string): void {
  const error = errorOf(message);
  expect(error.reason).toMatch(reason);
  expect(error.usage).toBe(usage);
}
