import type { Locale } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { FileLocks } from '../files/file-lock.js';
import type { StateStore } from '../state/store.js';
import type { PlaneEnv } from './commands/run-plane.js';
import type { TaskEnv } from './commands/run-task.js';
import type { ThreadLinks } from '../notifications/thread-links.js';
import type { Conversations } from './conversations/conversations.js';
import type { IntakeDesk } from '../intake-desk/desk.js';
import type { UndoEnv } from '../undo/journal.js';

/** What every listener may use: the shared store, the log, the folder of each channel's files, the default language. */
export interface ListenerDeps {
  store: StateStore;
  logger: Logger;
  /** Each channel's todo and task files live in a folder under it. */
  dataDir: string;
  /** The process's locks on those files, shared with the agent's tools. */
  fileLocks: FileLocks;
  /** PLANEBOT_LOCALE: for people whose Slack language the bot does not write (`translatorFor`). */
  locale: Locale;
}

/** The slash commands run the tools the agent uses, on Plane and the channel's files. */
export type CommandDeps = ListenerDeps & PlaneEnv & TaskEnv;

/** Mentions, replies, DMs, `/task <text>`, approvals and Retry: the agent, or its stand-in when it is off. */
export interface ConversationDeps {
  conversations: Conversations;
}

/** What start-up gives the Slack app, once; each listener takes the part it needs. */
export type SlackDeps = CommandDeps & ConversationDeps & { links: ThreadLinks; desk?: IntakeDesk; undo: UndoEnv };
