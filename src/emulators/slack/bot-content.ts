import { newBlockId } from './ids.js';
import type { NewMessage, Workspace } from './workspace.js';

/** The content arguments shared by chat.postMessage, chat.update, chat.postEphemeral and response_url. */
export interface ContentArgs {
  text?: unknown;
  blocks?: unknown;
  attachments?: unknown;
  metadata?: unknown;
  markdown_text?: unknown;
}

/**
 * Turns checked content arguments into the stored fields of a bot message. Only the fields given
 * are returned, so an edit keeps the rest. Slack fills in missing `block_id`s and turns
 * `markdown_text` into a markdown block.
 */
export function contentFields(args: ContentArgs): Partial<NewMessage> {
  if (typeof args.markdown_text === 'string') {
    return { text: args.markdown_text, blocks: [{ type: 'markdown', text: args.markdown_text, block_id: newBlockId() }] };
  }
  const fields: Partial<NewMessage> = {};
  if (typeof args.text === 'string') fields.text = args.text;
  if (Array.isArray(args.blocks)) {
    fields.blocks = (args.blocks as Record<string, unknown>[]).map((block) => ({ block_id: newBlockId(), ...block }));
  }
  if (Array.isArray(args.attachments)) fields.attachments = args.attachments;
  if (args.metadata !== undefined) fields.metadata = args.metadata;
  return fields;
}

/** Who a bot message is from, as Slack stamps it. */
export function botAuthor(workspace: Workspace): Pick<NewMessage, 'user' | 'bot_id' | 'app_id' | 'bot_profile'> {
  const { bot, team } = workspace;
  return {
    user: bot.userId,
    bot_id: bot.botId,
    app_id: bot.appId,
    bot_profile: { id: bot.botId, app_id: bot.appId, name: bot.name, deleted: false, team_id: team.id, icons: {} },
  };
}

/** A new bot message: author, content, and an empty text when only blocks were sent. */
export function newBotMessage(workspace: Workspace, args: ContentArgs, threadTs?: string): NewMessage {
  return { ...botAuthor(workspace), text: '', ...contentFields(args), ...(threadTs ? { thread_ts: threadTs } : {}) };
}
