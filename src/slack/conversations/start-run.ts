import type { App } from '@slack/bolt';
import type { Translator } from '../../i18n/index.js';
import { buildError } from '../blocks/error.blocks.js';
import { channelFilesDir } from '../../files/channel-files.js';
import { slackErrorCode } from '../web-api-errors.js';
import { knownPerson, requesterFor } from '../people.js';
import { translatorFor } from '../locale.js';
import { queuedStatus, workingStatus } from '../progress/status-views.js';
import { claimMessage, isBotThread, markBotThread, releaseMessage } from './claims.js';
import type { ConversationAgent, ConversationEnv } from './ports.js';
import { readEarlierMessages } from './earlier-messages.js';
import { threadKey, type RunState } from '../progress/run-state.js';
import type { Requester } from '../../tools/index.js';
import { channelSettingsOf } from '../../intake-desk/channel-settings.js';

export interface StartRunInput {
  channel: string;
  /** The thread everything about the run goes in (the parent's ts). */
  threadTs: string;
  /** The person's message; claimed so that it starts one run only. */
  messageTs: string;
  userId: string;
  /** The request, without the mention of the bot. */
  text: string;
  /** Whether the bot already holds a conversation in the thread, when the caller has read it; read here otherwise. */
  inBotThread?: boolean;
  /** The person who asked, when the caller has looked them up already; looked up here otherwise. */
  requester?: Requester;
}

/**
 * Everything after intake: claims the message, posts the status message in the thread at once,
 * finds out who asked and hands the request to the agent. A request that waits behind the thread's
 * run says so in its status message.
 */
export async function startRun(client: App['client'], agent: ConversationAgent, env: ConversationEnv, input: StartRunInput): Promise<void> {
  const { store, logger } = env;
  const { channel, threadTs, messageTs } = input;
  if (!(await claimMessage(store, channel, messageTs))) return;
  // In their language when they are known already; a first-timer's run speaks it from its first step.
  const known = translatorFor(input.requester ?? (await knownPerson(store, input.userId)), env.locale);
  let statusTs: string;
  try {
    statusTs = (await client.chat.postMessage({ channel, thread_ts: threadTs, ...workingStatus(known) })).ts!;
  } catch (error) {
    await releaseMessage(store, channel, messageTs);
    // Without a status message the person would hear nothing at all: they are told privately.
    await client.chat
      .postEphemeral({
        channel,
        user: input.userId,
        ...(threadTs !== messageTs && { thread_ts: threadTs }),
        text: statusRefused(slackErrorCode(error), known),
      })
      .catch((notice: unknown) =>
        logger.warn({ err: notice, channel }, 'could not tell the requester that the status message was refused'),
      );
    throw error;
  }
  // A thread the bot joins late is read once for context; a new thread has nothing earlier in it.
  const readEarlier = threadTs !== messageTs && !(input.inBotThread ?? (await isBotThread(store, channel, threadTs)));
  await markBotThread(store, channel, threadTs);
  const requester = input.requester ?? (await requesterFor(client, store, input.userId));
  const [earlierMessages, planeMember, settings] = await Promise.all([
    readEarlier
      ? readEarlierMessages(client, store, { channel, threadTs, beforeTs: messageTs }).catch((error: unknown) => {
          logger.warn({ err: error, channel, threadTs }, 'could not read the thread for context');
          return undefined;
        })
      : undefined,
    env.planeMemberOf(requester),
    channelSettingsOf(store, channel),
  ]);
  const state: RunState = { channel, threadTs, statusTs, startPending: true };
  try {
    const submission = await agent.submit({
      threadKey: threadKey(channel, threadTs),
      requester,
      text: input.text,
      context: {
        filesDir: channelFilesDir(env.dataDir, channel),
        scope: channel,
        thread: { channel, threadTs },
        channel: placeName(channel),
        planeMember,
        // The channel's settings (/plane config) as guidance: permissions stay the agent's own.
        ...(settings.defaultProject && { defaultProject: settings.defaultProject }),
        ...(settings.instruction && { instruction: settings.instruction }),
      },
      frontEndState: state,
      ...(earlierMessages ? { earlierMessages } : {}),
    });
    logger.info(
      { runId: submission.runId, channel, threadTs, messageTs, user: input.userId, submission: submission.status },
      'message received',
    );
    if (submission.status === 'queued')
      await client.chat.update({ channel, ts: statusTs, ...queuedStatus(submission.position, translatorFor(requester, env.locale)) });
  } catch (error) {
    const t = translatorFor(requester, env.locale);
    await client.chat.update({ channel, ts: statusTs, ...buildError({ reason: t.t('run.notStarted', { error: String(error) }) }, t) });
    throw error;
  }
}

function statusRefused(code: string | undefined, t: Translator): string {
  if (code === 'not_in_channel' || code === 'channel_not_found') return t.t('run.cannotPost', { code });
  return t.t('run.replyRefused', { code: code ?? 'unknown_error' });
}

/** How the prompt names the place; channel names would need another scope, and ids are unambiguous. */
function placeName(channel: string): string {
  return channel.startsWith('D') ? 'a direct message with the bot' : `Slack channel ${channel}`;
}
