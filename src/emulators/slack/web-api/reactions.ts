import { channelById, requireBotMember, requiredString, type MethodSpec } from './args.js';
import { SlackApiError } from './errors.js';

const add: MethodSpec = {
  scope: () => 'reactions:write',
  run(args, context) {
    const { workspace } = context;
    const channel = channelById(context, args);
    requireBotMember(context, channel);
    // The message is named by `timestamp`, not `ts`.
    const ts = requiredString(args, 'timestamp');
    const name = requiredString(args, 'name').replace(/^:|:$/g, '');
    if (name === '') throw new SlackApiError('invalid_name');
    if (!workspace.message(channel.id, ts)) throw new SlackApiError('message_not_found');
    if (!workspace.addReaction(channel.id, ts, name, workspace.bot.userId)) throw new SlackApiError('already_reacted');
    return {};
  },
};

export const reactionMethods: Record<string, MethodSpec> = { 'reactions.add': add };
