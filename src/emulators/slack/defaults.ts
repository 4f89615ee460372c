import type { Shortcut } from './shortcuts.js';
import type { BotIdentity, Team, WorkspaceSeed } from './workspace.js';

/** A small workspace that is enough for the sandbox and most tests; every part can be replaced. */
export const DEFAULT_TEAM: Team = { id: 'T0TEAM', domain: 'acme', name: 'Acme' };

export const DEFAULT_BOT: BotIdentity = { userId: 'U0BOT', botId: 'B0BOT', appId: 'A0APP', name: 'planebot' };

export const DEFAULT_USERS: WorkspaceSeed['users'] = [
  { id: 'U0ALICE', name: 'alice', real_name: 'Alice Martin', email: 'alice@acme.test', tz: 'Europe/Paris' },
  { id: 'U0BOB', name: 'bob', real_name: 'Bob Chen', email: 'bob@acme.test', tz: 'Asia/Shanghai' },
  { id: 'U0CAROL', name: 'carol', real_name: 'Carol Diaz', email: 'carol@acme.test', tz: 'America/New_York' },
  // Their Slack is in French and in Chinese (users.info with include_locale says so).
  { id: 'U0CAMILLE', name: 'camille', real_name: 'Camille Roux', email: 'camille@acme.test', tz: 'Europe/Paris', locale: 'fr-FR' },
  { id: 'U0WEI', name: 'wei', real_name: 'Wei Zhang', email: 'wei@acme.test', tz: 'Asia/Shanghai', locale: 'zh-CN' },
];

export const DEFAULT_CHANNELS: WorkspaceSeed['channels'] = [
  { id: 'C0GENERAL', name: 'general' },
  { id: 'C0OPS', name: 'ops' },
];

/** The bot scopes of `manifest.yml`, plus the `:read` scopes conversations.info needs. */
export const DEFAULT_SCOPES = [
  'app_mentions:read',
  'channels:history',
  'groups:history',
  'im:history',
  'channels:read',
  'groups:read',
  'im:read',
  'chat:write',
  'files:write',
  'commands',
  'reactions:write',
  'reactions:read',
  'users:read',
  'users:read.email',
  'links:read',
  'links:write',
];

/** The message shortcuts the bot registers (`manifest.yml`). */
export const DEFAULT_SHORTCUTS: Shortcut[] = [
  {
    name: 'Create work item',
    type: 'message',
    callback_id: 'create_work_item',
    description: "A Plane work item from this message; its thread then syncs with the item's comments",
  },
  {
    name: 'Link to a work item',
    type: 'message',
    callback_id: 'link_work_item',
    description: 'Link this thread to a Plane work item; replies and comments then sync',
  },
];

/** The slash commands the bot registers (`manifest.yml`). */
export const DEFAULT_COMMANDS = ['/task', '/todo', '/plane'];
