import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { channelFilesDir } from '../../files/channel-files.js';
import type { CommandContext, Person } from './context.js';
import { deliver } from './deliver.js';
import { errorReply, type Reply } from './reply.js';
import type { CommandName, ParseResult, UserRef } from './types.js';
import { usageOf } from './usage.js';
import type { ListenerDeps } from '../deps.js';
import { requesterFor, slackUserByEmail } from '../people.js';
import { isStateUnavailable } from '../../state/store.js';
import { translatorFor } from '../locale.js';
import type { Translator } from '../../i18n/index.js';
import { uploadPicture } from '../cycles/upload.js';
import { readableFailure, type Requester } from '../../tools/index.js';
import { openModal } from './open-modal.js';

export type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/**
 * The life of a slash command: acknowledged already (in HTTP mode by the receiver, before Bolt sees
 * it), parse, run, and send the reply where it belongs. Bad input and failures the user can fix (an unknown id, project or label;
 * Plane off) come back as one ephemeral line with the sub-command's usage.
 */
export async function answerCommand<C extends { action: string }>(
  args: CommandArgs,
  deps: ListenerDeps,
  name: CommandName,
  parse: (text: string) => ParseResult<C>,
  execute: (command: C, context: CommandContext) => Promise<Reply>,
): Promise<void> {
  await args.ack();
  const { command, client, respond } = args;
  // Every reply is in the person's language, so who they are is looked up first (cached an hour).
  const requester = await requesterFor(client, deps.store, command.user_id);
  const t = translatorFor(requester, deps.locale);
  const parsed = parse(command.text);
  let reply: Reply;
  if (!parsed.ok) {
    reply = errorReply(parsed.error, t);
  } else {
    try {
      reply = await execute(parsed.command, commandContext(args, deps, requester, t));
    } catch (error) {
      // The store-unreachable middleware tells the person, in their language, what to try.
      if (isStateUnavailable(error)) throw error;
      reply = failureReply(error, name, parsed.command.action, deps, t);
    }
  }
  deps.logger.info(
    { command: command.command, action: parsed.ok ? parsed.command.action : undefined, channel: command.channel_id, user: command.user_id },
    'slash command',
  );
  const destination = { client, respond, channel: command.channel_id, store: deps.store, logger: deps.logger };
  try {
    await deliver(reply, destination);
  } catch (error) {
    if (isStateUnavailable(error)) throw error;
    deps.logger.error({ err: error, command: command.command }, 'could not deliver a slash command reply');
    await deliver(failureReply(error, name, parsed.ok ? parsed.command.action : undefined, deps, t), destination).catch(() => undefined);
  }
}

function failureReply(error: unknown, name: CommandName, action: string | undefined, deps: ListenerDeps, t: Translator): Reply {
  const readable = readableFailure(error, t);
  if (readable !== undefined) return errorReply({ reason: readable, usage: usageOf(name, action, t) }, t);
  deps.logger.error({ err: error, command: name, action }, 'slash command failed');
  return errorReply({ reason: t.t('commands.error.failed', { command: `/${name}${action ? ` ${action}` : ''}` }) }, t);
}

function commandContext(args: CommandArgs, deps: ListenerDeps, requester: Requester, t: Translator): CommandContext {
  const { command, client } = args;
  return {
    channel: { id: command.channel_id, name: command.channel_name },
    requester: async () => requester,
    t,
    filesDir: channelFilesDir(deps.dataDir, command.channel_id),
    fileLocks: deps.fileLocks,
    userByEmail: (email) => slackUserByEmail(client, deps.store, email),
    uploadPicture: (bytes, upload) => uploadPicture(client, bytes, upload),
    openModal: (view, loading) => openModal(client, command.trigger_id, view, loading),
    async person(ref: UserRef): Promise<Person> {
      if (ref.kind === 'name') return { name: ref.name };
      const known = await requesterFor(client, deps.store, ref.userId);
      return { name: known.name ?? ref.label ?? ref.userId, ...(known.email && { email: known.email }) };
    },
  };
}
