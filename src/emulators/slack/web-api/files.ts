import { optionalString, requiredString, type MethodSpec } from './args.js';
import { explained, SlackApiError } from './errors.js';

/** files.uploadV2's two Web API steps (the bytes go to the upload URL in between; see files.ts). */

const getUploadURLExternal: MethodSpec = {
  scope: () => 'files:write',
  run(args, context) {
    const filename = requiredString(args, 'filename');
    const length = Number(requiredString(args, 'length'));
    if (!Number.isInteger(length) || length <= 0) throw explained('invalid_arguments', ['[ERROR] length must be a positive integer']);
    const altText = optionalString(args, 'alt_txt') ?? optionalString(args, 'alt_text');
    return context.files.reserve({ filename, length, user: context.workspace.bot.userId, ...(altText && { altText }) });
  },
};

const completeUploadExternal: MethodSpec = {
  scope: () => 'files:write',
  run(args, context) {
    const list = args.files;
    if (!Array.isArray(list) || list.length === 0) throw explained('invalid_arguments', ['[ERROR] missing required field: files']);
    const channel = optionalString(args, 'channel_id');
    if (channel !== undefined && !context.workspace.channel(channel)) throw new SlackApiError('channel_not_found');
    const files = list.map((entry) => {
      const { id, title } = (entry ?? {}) as { id?: unknown; title?: unknown };
      const file = typeof id === 'string' ? context.files.complete(id, typeof title === 'string' ? title : undefined, channel) : undefined;
      if (!file) throw new SlackApiError('file_not_found');
      return context.files.describe(file);
    });
    if (channel !== undefined) {
      const threadTs = optionalString(args, 'thread_ts');
      context.botWriter.post(channel, {
        user: context.workspace.bot.userId,
        text: optionalString(args, 'initial_comment') ?? '',
        files,
        ...(threadTs && { thread_ts: threadTs }),
      });
    }
    return { files };
  },
};

export const fileMethods: Record<string, MethodSpec> = {
  'files.getUploadURLExternal': getUploadURLExternal,
  'files.completeUploadExternal': completeUploadExternal,
};
