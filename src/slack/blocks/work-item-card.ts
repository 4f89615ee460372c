import { ACTION_IDS } from './action-ids.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from './limits.js';
import { button, escapeTruncated, isLinkableUrl, mrkdwn, oneLine, plainText } from './text.js';
import type { Block, MrkdwnObject, SlackMessage } from './types.js';

export interface WorkItemView {
  key: string;
  title: string;
  url: string;
  state: string;
  /** backlog, unstarted, started, completed or cancelled. */
  stateGroup: string;
  /** urgent, high, medium, low or none. */
  priority: string;
  assignees: readonly string[];
  labels: readonly string[];
  startDate?: string | undefined;
  targetDate?: string | undefined;
  /** Plain text (Plane's HTML already converted). */
  description?: string | undefined;
  /** A short plain-text line under the fields, e.g. who created it (notifications). */
  note?: string | undefined;
}

/** How much of the description a card shows; the link leads to the rest. */
export const DESCRIPTION_EXCERPT_MAX = 600;
const NOTE_MAX = 300;
/** Per field (Slack allows 2000): six full fields would pass the message's text budget. */
const FIELD_VALUE_MAX = 500;

const STATE_ICONS: Record<string, string> = {
  backlog: '◌',
  unstarted: '○',
  started: '→',
  completed: '✓',
  cancelled: '✗',
};

function field(label: string, value: string): MrkdwnObject {
  const body = value.trim() === '' ? '—' : value;
  return mrkdwn(`*${label}*\n${escapeTruncated(body, FIELD_VALUE_MAX)}`);
}

/** A Plane work item as a card: title, the main fields, a description excerpt and a link to Plane. */
export function buildWorkItemCard(item: WorkItemView): SlackMessage {
  const key = oneLine(item.key);
  const title = oneLine(item.title);
  const icon = STATE_ICONS[item.stateGroup] ?? '○';
  const fields = [
    field('State', `${icon} ${oneLine(item.state)}`),
    field('Priority', oneLine(item.priority)),
    field('Assignees', item.assignees.map(oneLine).join(', ')),
    field('Labels', item.labels.map(oneLine).join(', ')),
  ];
  if (item.startDate) fields.push(field('Start', oneLine(item.startDate)));
  if (item.targetDate) fields.push(field('Target', oneLine(item.targetDate)));

  const blocks: Block[] = [
    { type: 'header', text: plainText(`${key} ${title}`, SLACK_LIMITS.headerText) },
    { type: 'section', fields },
  ];
  const description = item.description?.trim();
  if (description) {
    blocks.push({ type: 'section', text: mrkdwn(escapeTruncated(description, DESCRIPTION_EXCERPT_MAX)) });
  }
  const note = item.note === undefined ? '' : oneLine(item.note);
  if (note !== '') blocks.push({ type: 'context', elements: [mrkdwn(escapeTruncated(note, NOTE_MAX))] });
  if (isLinkableUrl(item.url)) {
    blocks.push({
      type: 'actions',
      elements: [button({ text: 'Open in Plane', actionId: ACTION_IDS.workItemOpen, url: item.url })],
    });
  }
  return { text: escapeTruncated(`${key}: ${title} (${oneLine(item.state)})`, FALLBACK_TEXT_MAX), blocks };
}
