import type { App } from '@slack/bolt';
import type { Locale, Translator } from '../../i18n/index.js';
import type { IntakeDesk } from '../../intake-desk/desk.js';
import type { Ask, IntakeChannel } from '../../intake-desk/records.js';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import { readableFailure } from '../../tools/index.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';
import { buildDuplicateOffer, buildFiledCard } from './intake-desk.blocks.js';

type WebClient = App['client'];

/** What the intake desk's Slack part needs. */
export interface IntakeDeskDeps {
  store: StateStore;
  logger: Logger;
  locale: Locale;
  /** Undefined without Plane: nothing is an intake channel then. */
  desk?: IntakeDesk;
}

/** What made a message an ask: who asked (the reactor, the mention's author or the message's). */
export interface IntakeTrigger {
  channel: string;
  messageTs: string;
  userId: string;
  /** The text to file instead of the message's own (a top-level mention: its words after "file"). */
  text?: string;
}

/** A mention that asks the bot to file something: "file this", "ticket", "déposer", "提交"… */
const FILE_WORDS =
  /^(?:please\s+|merci\s+de\s+|请)?(?:file|ticket|intake|déposer|deposer|enregistrer|提交|登记|立项)\b\s*(?:it|this|that|ça|ceci|cela)?[\s:,.!-]*/iu;

/** The rest of the mention after the words asking to file, or undefined when it asks something else. */
export function fileRequest(text: string): string | undefined {
  const match = FILE_WORDS.exec(text.trim());
  return match ? text.trim().slice(match[0].length).trim() : undefined;
}

interface SlackFile {
  name?: string;
  title?: string;
  permalink?: string;
}

interface ReadMessage {
  ts: string;
  thread_ts?: string;
  user?: string;
  text?: string;
  files?: SlackFile[];
}

/** The message as Slack has it now (a reaction names only its channel and ts). */
async function readMessage(client: WebClient, channel: string, ts: string): Promise<ReadMessage | undefined> {
  const answer = await client.conversations.replies({ channel, ts, limit: 1, inclusive: true, latest: ts, oldest: ts });
  return (answer.messages as ReadMessage[] | undefined)?.find((m) => m.ts === ts);
}

/**
 * Files a message of an intake channel: claimed once (a retried event, a second trigger or another
 * replica does nothing), looked for in Plane, then either offered to the asker as a possible
 * duplicate or filed at once with a card in the message's thread.
 */
export async function fileMessage(client: WebClient, deps: IntakeDeskDeps, setting: IntakeChannel, trigger: IntakeTrigger): Promise<void> {
  const { desk } = deps;
  if (!desk) return;
  if (!(await desk.claim(trigger.channel, trigger.messageTs))) return;
  const requester = await requesterFor(client, deps.store, trigger.userId);
  const t = translatorFor(requester, deps.locale);
  let ask: Ask | undefined;
  try {
    const message = await readMessage(client, trigger.channel, trigger.messageTs);
    if (!message) {
      await desk.release(trigger.channel, trigger.messageTs);
      return;
    }
    const author = message.user ? await requesterFor(client, deps.store, message.user) : requester;
    const { permalink } = await client.chat.getPermalink({ channel: trigger.channel, message_ts: trigger.messageTs });
    ask = {
      channel: trigger.channel,
      messageTs: trigger.messageTs,
      threadTs: message.thread_ts ?? message.ts,
      askerId: trigger.userId,
      askerName: author.name ?? author.id,
      locale: t.locale,
      text: trigger.text || message.text || '',
      permalink: permalink ?? '',
      files: (message.files ?? []).map((f) => ({ name: f.name ?? f.title ?? 'file', ...(f.permalink ? { url: f.permalink } : {}) })),
    };
    const title = await desk.draftTitle(ask.text);
    if (title !== undefined) ask.title = title;
    const candidates = await desk.duplicates(setting, { text: ask.text, title });
    if (candidates.length > 0) {
      const offerId = await desk.offer(ask, setting, candidates);
      await client.chat.postEphemeral({
        channel: ask.channel,
        user: ask.askerId,
        thread_ts: ask.threadTs,
        ...buildDuplicateOffer(offerId, setting.project, candidates, t),
      });
      return;
    }
    await fileNow(client, desk, ask, setting.projectId, t);
  } catch (error) {
    await desk.release(trigger.channel, trigger.messageTs).catch(() => undefined);
    await tellFailure(client, deps.logger, { channel: trigger.channel, userId: trigger.userId, threadTs: ask?.threadTs }, error, t);
  }
}

/** Files the ask and posts the card in its thread. */
export async function fileNow(client: WebClient, desk: IntakeDesk, ask: Ask, projectId: string, t: Translator): Promise<void> {
  const filed = await desk.file(ask, projectId);
  await client.chat.postMessage({
    channel: ask.channel,
    thread_ts: ask.threadTs,
    unfurl_links: false,
    ...buildFiledCard(filed, ask.askerId, t),
  });
}

/** A failure the asker can read (Plane's Intake off, a project gone), said only to them. */
export async function tellFailure(
  client: WebClient,
  logger: Logger,
  where: { channel: string; userId: string; threadTs?: string | undefined },
  error: unknown,
  t: Translator,
): Promise<void> {
  logger.warn({ err: error, channel: where.channel }, 'an intake request could not be filed');
  await client.chat
    .postEphemeral({
      channel: where.channel,
      user: where.userId,
      ...(where.threadTs ? { thread_ts: where.threadTs } : {}),
      text: t.t('intake.failed', { reason: readableFailure(error, t) ?? (error instanceof Error ? error.message : String(error)) }),
    })
    .catch(() => undefined);
}
