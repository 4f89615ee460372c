import type { Translator } from '../../i18n/index.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { buildListing } from '../blocks/listing.blocks.js';
import { escapeMrkdwn } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

export interface TaskTreeInput {
  /** e.g. "Tasks in #ops". */
  title: string;
  /** The tree as rendered text lines, e.g. `├─ → [1-1] Title [HIGH] (@alice)`. */
  lines: readonly string[];
  /** The value of a previous page's "More" button; absent for the first page. */
  cursor?: string | undefined;
  /** block_id of the "More" button's block: which view of the tasks the page continues. */
  pagerBlockId?: string | undefined;
}

/** The channel's task tree, paged: each page fits every Slack limit and ends with a "More" button. */
export function buildTaskTree(input: TaskTreeInput, t: Translator): SlackMessage {
  return buildListing(
    {
      header: input.title,
      lines: {
        length: input.lines.length,
        // A line break inside a title would break the tree's shape; indentation must stay.
        at: (index) => {
          const line = input.lines.at(index);
          return line === undefined ? undefined : escapeMrkdwn(line.replace(/[\r\n]+/g, ' '));
        },
      },
      cursor: input.cursor,
      code: true,
      moreActionId: ACTION_IDS.taskTreeMore,
      pagerBlockId: input.pagerBlockId,
      empty: t.t('commands.task.empty'),
    },
    t,
  );
}
