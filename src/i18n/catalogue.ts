import type { Locale } from './locales.js';
import { commandMessages } from './messages/commands.js';
import { commonMessages } from './messages/common.js';
import { homeMessages } from './messages/home.js';
import { runMessages } from './messages/run.js';
import { runControlMessages } from './messages/run-control.js';
import { storeMessages } from './messages/store.js';
import { subAgentMessages } from './messages/sub-agents.js';
import { taskSyncMessages } from './messages/task-sync.js';
import { approvalMessages } from './messages/approvals.js';
import { toolMessages } from './messages/tools.js';
import { workItemMessages } from './messages/work-items.js';
import { notificationMessages } from './messages/notifications.js';
import { runEndMessages } from './messages/run-end.js';
import { planeErrorMessages } from './messages/plane-errors.js';
import { taskErrorMessages } from './messages/task-errors.js';
import { intakeDeskMessages } from './messages/intake-desk.js';
import { digestMessages } from './messages/digests.js';
import { cycleMessages } from './messages/cycles.js';
import { channelConfigMessages } from './messages/channel-config.js';
import { identityMessages } from './messages/identity.js';
import { undoMessages } from './messages/undo.js';

/**
 * Every area's messages, merged. An area is one file of `messages/`, its keys prefixed with its
 * name (`task.…`); docs/i18n.md says how to add one. One area a line, so that areas added at the
 * same time merge without a conflict.
 */
const AREAS = [
  commonMessages,
  storeMessages,
  subAgentMessages,
  commandMessages,
  runMessages,
  taskSyncMessages,
  homeMessages,
  runControlMessages,
  approvalMessages,
  toolMessages,
  workItemMessages,
  notificationMessages,
  runEndMessages,
  planeErrorMessages,
  taskErrorMessages,
  intakeDeskMessages,
  digestMessages,
  cycleMessages,
  channelConfigMessages,
  identityMessages,
  undoMessages,
] as const;

export type English = (typeof AREAS)[number]['en'] extends infer E ? UnionToIntersection<E> : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

export type MessageKey = keyof English & string;

export const CATALOGUES = Object.fromEntries(
  (['en', 'fr', 'zh-CN'] as const).map((locale) => [
    locale,
    Object.assign({}, ...AREAS.map((area) => area[locale])) as Record<MessageKey, string>,
  ]),
) as Record<Locale, Record<MessageKey, string>>;

/** The areas, for the test that every key of every area is in every language. */
export const MESSAGE_AREAS: readonly { [L in Locale]: Record<string, string> }[] = AREAS;
