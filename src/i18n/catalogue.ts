import type { Locale } from './locales.js';
import { commonMessages } from './messages/common.js';
import { storeMessages } from './messages/store.js';
import { subAgentMessages } from './messages/sub-agents.js';
import { taskSyncMessages } from './messages/task-sync.js';

/**
 * Every area's messages, merged. An area is one file of `messages/`, its keys prefixed with its
 * name (`task.…`); docs/i18n.md says how to add one.
 */
const AREAS = [commonMessages, storeMessages, subAgentMessages, taskSyncMessages] as const;

export type English = (typeof AREAS)[number]['en'] extends infer E ? UnionToIntersection<E> : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

export type MessageKey = keyof English & string;

export const CATALOGUES = Object.fromEntries(
  (['en', 'fr', 'zh-CN'] as const).map((locale) => [locale, Object.assign({}, ...AREAS.map((area) => area[locale])) as Record<MessageKey, string>]),
) as Record<Locale, Record<MessageKey, string>>;

/** The areas, for the test that every key of every area is in every language. */
export const MESSAGE_AREAS: readonly { [L in Locale]: Record<string, string> }[] = AREAS;
