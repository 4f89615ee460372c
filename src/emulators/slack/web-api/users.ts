import type { WorkspaceUser } from '../workspace.js';
import { flag, requiredString, type Args, type ApiContext, type MethodSpec } from './args.js';
import { SlackApiError } from './errors.js';

/**
 * The user object of users.info; `profile.email` needs the users:read.email scope, `locale` is
 * there only when asked for with `include_locale`.
 */
function describe(user: WorkspaceUser, context: ApiContext, args: Args): Record<string, unknown> {
  const { team, bot } = context.workspace;
  const withEmail = context.scopes.has('users:read.email') && user.email !== undefined;
  return {
    id: user.id,
    team_id: team.id,
    name: user.name,
    deleted: false,
    color: '9f69e7',
    real_name: user.real_name,
    tz: user.tz,
    tz_label: user.tz,
    tz_offset: 0,
    ...(flag(args, 'include_locale') ? { locale: user.locale ?? 'en-US' } : {}),
    profile: {
      real_name: user.real_name,
      real_name_normalized: user.real_name,
      display_name: user.is_bot ? '' : user.name,
      display_name_normalized: user.is_bot ? '' : user.name,
      title: '',
      status_text: '',
      status_emoji: '',
      image_72: `https://avatars.example/${user.id}_72.png`,
      team: team.id,
      ...(withEmail ? { email: user.email } : {}),
      ...(user.is_bot ? { bot_id: bot.botId, api_app_id: bot.appId, always_active: true } : {}),
    },
    is_admin: false,
    is_owner: false,
    is_primary_owner: false,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: user.is_bot,
    is_app_user: false,
    updated: 1_700_000_000,
  };
}

const info: MethodSpec = {
  scope: () => 'users:read',
  run(args, context) {
    const user = context.workspace.user(requiredString(args, 'user'));
    if (!user) throw new SlackApiError('user_not_found');
    return { user: describe(user, context, args) };
  },
};

/** Tier 3; needs users:read.email: the e-mail compared without case. */
const lookupByEmail: MethodSpec = {
  scope: () => 'users:read.email',
  run(args, context) {
    const email = requiredString(args, 'email').toLowerCase();
    const user = context.workspace.users().find((u) => !u.is_bot && u.email?.toLowerCase() === email);
    if (!user) throw new SlackApiError('users_not_found');
    return { user: describe(user, context, args) };
  },
};

export const userMethods: Record<string, MethodSpec> = { 'users.info': info, 'users.lookupByEmail': lookupByEmail };
