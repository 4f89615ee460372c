import type { FieldChange, ItemSnapshot } from '../../notifications/notices.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from './limits.js';
import { escapeTruncated, mrkdwn, oneLine, truncate } from './text.js';
import type { SlackMessage } from './types.js';
import { buildWorkItemCard } from './work-item-card.js';

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

/** One change in a few words: "Todo → In Progress", "priority high", "assigned bob". */
export function describeChange(change: FieldChange): string {
  const to = change.to[0] ?? '';
  switch (change.field) {
    case 'state':
      return `${part(change.from[0] ?? 'no state')} → ${part(to || 'no state')}`;
    case 'priority':
      return `priority ${part(to || 'none')}`;
    case 'assignees':
    case 'labels': {
      const [plus, minus] = change.field === 'assignees' ? ['assigned', 'unassigned'] : ['labelled', 'unlabelled'];
      const gained = difference(change.to, change.from);
      const lost = difference(change.from, change.to);
      const words = [gained.length > 0 ? `${plus} ${list(gained)}` : '', lost.length > 0 ? `${minus} ${list(lost)}` : ''].filter(Boolean);
      return words.length > 0 ? words.join(' · ') : `reordered the ${change.field}`;
    }
    case 'name':
      return `renamed to “${part(to)}”`;
    case 'target_date':
      return to ? `due ${part(to)}` : 'due date removed';
    case 'start_date':
      return to ? `starts ${part(to)}` : 'start date removed';
    case 'description_html':
      return 'edited the description';
    default:
      return `changed the ${part(change.field.replace(/_/g, ' '))}`;
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
export function buildChangeLine(item: Pick<ItemSnapshot, 'key'>, changes: readonly FieldChange[]): SlackMessage {
  const byActor = new Map<string, string[]>();
  const ordered = [...changes].sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field));
  for (const change of ordered) byActor.set(change.actor, [...(byActor.get(change.actor) ?? []), describeChange(change)]);
  const line = truncate(
    [...byActor].map(([actor, words]) => `*${part(actor)}*: ${words.join(' · ')}`).join('; '),
    SLACK_LIMITS.sectionText,
  );
  const fallback = `${part(item.key)}: ${line.replace(/\*/g, '')}`;
  return { text: truncate(fallback, FALLBACK_TEXT_MAX), blocks: [{ type: 'section', text: mrkdwn(line) }] };
}

/** A Plane comment in the item's thread: its author, then its text. */
export function buildCommentMessage(item: Pick<ItemSnapshot, 'key'>, author: string, text: string): SlackMessage {
  const body = text.trim() === '' ? '(no text)' : escapeTruncated(text.trim(), COMMENT_EXCERPT_MAX);
  const heading = `*${part(author)}* commented:`;
  return {
    text: escapeTruncated(`${oneLine(item.key)}: ${oneLine(author)} commented: ${oneLine(text)}`, FALLBACK_TEXT_MAX),
    blocks: [
      { type: 'section', text: mrkdwn(heading) },
      { type: 'section', text: mrkdwn(body) },
    ],
  };
}

/** The card a subscribed channel (or a DM) shows for a work item; `note` says who created it. */
export function buildNotificationCard(item: ItemSnapshot, note?: string): SlackMessage {
  return buildWorkItemCard({
    key: item.key,
    title: item.title,
    url: item.url,
    state: item.state,
    stateGroup: item.stateGroup,
    priority: item.priority,
    assignees: item.assignees,
    labels: item.labels,
    note,
  }, { states: item.states ?? [], state: item.state });
}

/** A personal notification: why the person gets it, then the item's card. */
export function buildDirectNotice(item: ItemSnapshot, reason: string): SlackMessage {
  const card = buildNotificationCard(item);
  const why = escapeTruncated(oneLine(reason), 500);
  return {
    text: truncate(`${why} — ${card.text}`, FALLBACK_TEXT_MAX),
    blocks: [{ type: 'section', text: mrkdwn(why) }, ...card.blocks],
  };
}
