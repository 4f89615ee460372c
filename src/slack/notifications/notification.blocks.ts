import type { Translator } from '../../i18n/index.js';
import type { FieldChange, ItemSnapshot } from '../../notifications/notices.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from '../blocks/limits.js';
import { escapeTruncated, mrkdwn, oneLine, truncate, truncateMrkdwn } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';
import { buildWorkItemCard } from '../work-items/work-item-card.blocks.js';

/** How much of a name or value one piece of a line shows. */
const PART_MAX = 120;
/** A comment's text in the thread; the card's link leads to the rest. */
export const COMMENT_EXCERPT_MAX = 2_500;

const part = (text: string) => escapeTruncated(oneLine(text), PART_MAX);
const list = (names: readonly string[]) => names.map(part).join(', ');

function difference(a: readonly string[], b: readonly string[]): string[] {
  const rest = [...b];
  return a.filter((name) => {
    const at = rest.indexOf(name);
    if (at < 0) return true;
    rest.splice(at, 1);
    return false;
  });
}

/** One change in a few words, in `t`'s language: "Todo → In Progress", "priority high", "assigned bob". */
export function describeChange(change: FieldChange, t: Translator): string {
  const to = change.to[0] ?? '';
  switch (change.field) {
    case 'state':
      return `${part(change.from[0] ?? t.t('notify.noState'))} → ${part(to || t.t('notify.noState'))}`;
    case 'priority':
      return t.t('notify.priority', { priority: to ? t.t('workItem.priorityName', { priority: part(to) }) : t.t('notify.none') });
    case 'assignees':
    case 'labels': {
      const [plus, minus] =
        change.field === 'assignees'
          ? (['notify.assigned', 'notify.unassigned'] as const)
          : (['notify.labelled', 'notify.unlabelled'] as const);
      const gained = difference(change.to, change.from);
      const lost = difference(change.from, change.to);
      const words = [
        gained.length > 0 ? t.t(plus, { names: list(gained) }) : '',
        lost.length > 0 ? t.t(minus, { names: list(lost) }) : '',
      ].filter(Boolean);
      return words.length > 0 ? words.join(' · ') : t.t('notify.reordered', { field: change.field });
    }
    case 'name':
      return t.t('notify.renamed', { title: part(to) });
    case 'target_date':
      return to ? t.t('notify.due', { date: part(to) }) : t.t('notify.dueRemoved');
    case 'start_date':
      return to ? t.t('notify.starts', { date: part(to) }) : t.t('notify.startRemoved');
    case 'description_html':
      return t.t('notify.editedDescription');
    default:
      return t.t('notify.changed', { field: part(change.field.replace(/_/g, ' ')) });
  }
}

/** Deliveries come in any order; a line always reads in this one. */
const FIELD_ORDER = ['state', 'priority', 'assignees', 'labels', 'name', 'start_date', 'target_date', 'description_html'];
const rank = (field: string) => {
  const at = FIELD_ORDER.indexOf(field);
  return at < 0 ? FIELD_ORDER.length : at;
};

/**
 * The thread line of a burst of changes: per person, their changes joined by " · "
 * ("alice: Todo → In Progress · priority high · assigned bob"); people separated by "; ".
 */
export function buildChangeLine(item: Pick<ItemSnapshot, 'key'>, changes: readonly FieldChange[], t: Translator): SlackMessage {
  const byActor = new Map<string, string[]>();
  const ordered = [...changes].sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field));
  for (const change of ordered) byActor.set(change.actor, [...(byActor.get(change.actor) ?? []), describeChange(change, t)]);
  const line = truncate(
    [...byActor].map(([actor, words]) => `*${part(actor)}*: ${words.join(' · ')}`).join('; '),
    SLACK_LIMITS.sectionText,
  );
  const fallback = `${part(item.key)}: ${line.replace(/\*/g, '')}`;
  return { text: truncate(fallback, FALLBACK_TEXT_MAX), blocks: [{ type: 'section', text: mrkdwn(line) }] };
}

/**
 * A Plane comment in the item's thread: its author, then its text; `mrkdwn` is the comment as Slack
 * formatting (Plane's rich text rendered), shown when there is one, else the plain text.
 */
export function buildCommentMessage(
  item: Pick<ItemSnapshot, 'key'>,
  author: string,
  comment: { text: string; mrkdwn?: string | undefined },
  t: Translator,
): SlackMessage {
  const { text } = comment;
  const rich = comment.mrkdwn?.trim();
  const body = rich
    ? truncateMrkdwn(rich, COMMENT_EXCERPT_MAX)
    : text.trim() === ''
      ? t.t('notify.noText')
      : escapeTruncated(text.trim(), COMMENT_EXCERPT_MAX);
  const heading = t.t('notify.commented', { author: part(author) });
  return {
    text: escapeTruncated(
      t.t('notify.commentedText', { key: oneLine(item.key), author: oneLine(author), text: oneLine(text) }),
      FALLBACK_TEXT_MAX,
    ),
    blocks: [
      { type: 'section', text: mrkdwn(heading) },
      { type: 'section', text: mrkdwn(body) },
    ],
  };
}

/** The card a subscribed channel (or a DM) shows for a work item, in `t`'s language; `createdBy` names who created it. */
export function buildNotificationCard(item: ItemSnapshot, t: Translator, createdBy?: string): SlackMessage {
  return buildWorkItemCard(
    {
      key: item.key,
      title: item.title,
      url: item.url,
      state: item.state,
      stateGroup: item.stateGroup,
      priority: item.priority,
      assignees: item.assignees,
      labels: item.labels,
      ...(createdBy !== undefined && { note: t.t('notify.createdBy', { who: createdBy }) }),
    },
    t,
    { states: item.states ?? [], state: item.state },
  );
}

/** A personal notification: why the person gets it, then the item's card. */
export function buildDirectNotice(item: ItemSnapshot, reason: string, t: Translator): SlackMessage {
  const card = buildNotificationCard(item, t);
  const why = escapeTruncated(oneLine(reason), 500);
  return {
    text: truncate(`${why} — ${card.text}`, FALLBACK_TEXT_MAX),
    blocks: [{ type: 'section', text: mrkdwn(why) }, ...card.blocks],
  };
}
