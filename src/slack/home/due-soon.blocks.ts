import type { Due, DueLists } from '../../digests/reminders.js';
import type { Translator } from '../../i18n/index.js';
import { buildAppHome, type HomeInput, type HomeView } from './app-home.blocks.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { escapeMrkdwn, mrkdwn } from '../blocks/text.js';
import type { Block } from '../blocks/types.js';
import { itemLine, packLines } from '../digests/lines.blocks.js';

const ORDER: readonly Due[] = ['overdue', 'today', 'tomorrow'];
/** Lines listed before "and N more": the tab is a glance, the morning DM has the lists. */
export const DUE_SOON_SHOWN = 15;

/**
 * The Home tab's "due soon / overdue" section: the person's open items overdue (oldest first), due
 * today and due tomorrow in their time zone, as one list under a heading — two blocks whatever the
 * number, within a section's 3,000 characters, the rest counted.
 */
export function dueSoonBlocks(lists: DueLists, t: Translator): Block[] {
  const all = ORDER.flatMap((due) => lists[due].map((item) => ({ item, due })));
  const heading = `*${escapeMrkdwn(t.t('digests.home.title', { count: all.length }))}*`;
  if (all.length === 0)
    return [
      { type: 'section', text: mrkdwn(heading) },
      { type: 'context', elements: [mrkdwn(escapeMrkdwn(t.t('digests.home.none')))] },
    ];
  const lines = all.slice(0, DUE_SOON_SHOWN).map(({ item, due }) => itemLine(item, t.t('digests.home.due', { due, date: item.due })));
  const more = (count: number) => escapeMrkdwn(t.t('digests.more', { count }));
  return [{ type: 'section', text: mrkdwn(packLines(heading, lines, all.length - lines.length, SLACK_LIMITS.sectionText, more)) }];
}

/** The Home tab's input with the person's due lists (absent when Plane could not be read). */
export type HomeWithDue = HomeInput & { due?: DueLists };

/** The whole Home tab: the "due soon / overdue" section first (what needs doing first), then the rest. */
export function buildHomeView(input: HomeWithDue, t: Translator): HomeView {
  const lead: Block[] = input.items !== undefined && input.due ? [...dueSoonBlocks(input.due, t), { type: 'divider' }] : [];
  return buildAppHome(input, t, lead);
}
