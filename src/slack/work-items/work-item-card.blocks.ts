import type { Translator } from '../../i18n/index.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, isLinkableUrl, mrkdwn, oneLine, plainText, truncateMrkdwn } from '../blocks/text.js';
import type { ActionsBlock, Block, MrkdwnObject, SlackMessage, StaticSelectElement } from '../blocks/types.js';
import type { WorkItemDetails } from '../../tools/index.js';

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
  /** Plain text (Plane's HTML already converted), shown when there is no `descriptionMrkdwn`. */
  description?: string | undefined;
  /** The description as Slack formatting (Plane's rich text rendered, render/plane-html.ts). */
  descriptionMrkdwn?: string | undefined;
  /** A short plain-text line under the fields, e.g. who created it (notifications). */
  note?: string | undefined;
}

/** What a card offers besides its link: Assign to me, a state menu, Comment, and Stop syncing in a linked thread. */
export interface CardActions {
  /**
   * The project's state names in board order. The menu's option values are the names (unique in a
   * project), so that no message carries an id.
   */
  states: readonly string[];
  /** The item's state, shown as the menu's choice. */
  state?: string | undefined;
  /** The card is in a thread linked to the item. */
  linked?: boolean;
}

/** The actions block of a card names its work item: `work_item:<KEY>`. */
const ACTIONS_BLOCK_PREFIX = 'work_item:';
const KEY_SHAPE = /^[A-Z0-9_]{1,12}-\d{1,10}$/;

/** The work item key a card's actions block names, if it is one of ours. */
export function cardKeyOfBlock(blockId: string | undefined): string | undefined {
  const key = blockId?.startsWith(ACTIONS_BLOCK_PREFIX) ? blockId.slice(ACTIONS_BLOCK_PREFIX.length) : undefined;
  return key !== undefined && KEY_SHAPE.test(key) ? key : undefined;
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

/**
 * A Plane work item as a card: title, the main fields, a description excerpt and a link to Plane;
 * with `actions`, the buttons and state menu anyone may use on it. Every card of the app is this one
 * (`/plane show`, notifications, unfurls, confirmations), with the options each needs. Its words are
 * in `t`'s language; Plane's names (states, people, labels) are Plane's.
 */
export function buildWorkItemCard(item: WorkItemView, t: Translator, actions?: CardActions): SlackMessage {
  const key = oneLine(item.key);
  const title = oneLine(item.title);
  const icon = STATE_ICONS[item.stateGroup] ?? '○';
  const fields = [
    field(t.t('workItem.state'), `${icon} ${oneLine(item.state)}`),
    field(t.t('workItem.priority'), t.t('workItem.priorityName', { priority: oneLine(item.priority) })),
    field(t.t('workItem.assignees'), item.assignees.map(oneLine).join(', ')),
    field(t.t('workItem.labels'), item.labels.map(oneLine).join(', ')),
  ];
  if (item.startDate) fields.push(field(t.t('workItem.start'), oneLine(item.startDate)));
  if (item.targetDate) fields.push(field(t.t('workItem.target'), oneLine(item.targetDate)));

  const blocks: Block[] = [
    { type: 'header', text: plainText(`${key} ${title}`, SLACK_LIMITS.headerText) },
    { type: 'section', fields },
  ];
  const rich = item.descriptionMrkdwn?.trim();
  const description = rich
    ? truncateMrkdwn(rich, DESCRIPTION_EXCERPT_MAX)
    : item.description?.trim()
      ? escapeTruncated(item.description.trim(), DESCRIPTION_EXCERPT_MAX)
      : '';
  if (description) blocks.push({ type: 'section', text: mrkdwn(description) });
  const note = item.note === undefined ? '' : oneLine(item.note);
  if (note !== '') blocks.push({ type: 'context', elements: [mrkdwn(escapeTruncated(note, NOTE_MAX))] });
  const elements: ActionsBlock['elements'] = [];
  if (isLinkableUrl(item.url)) elements.push(button({ text: t.t('workItem.open'), actionId: ACTION_IDS.workItemOpen, url: item.url }));
  const actionable = actions !== undefined && KEY_SHAPE.test(key);
  if (actionable) elements.push(...cardActionElements(key, actions, t));
  if (elements.length > 0) blocks.push({ type: 'actions', ...(actionable && { block_id: `${ACTIONS_BLOCK_PREFIX}${key}` }), elements });
  return { text: escapeTruncated(`${key}: ${title} (${oneLine(item.state)})`, FALLBACK_TEXT_MAX), blocks };
}

function cardActionElements(key: string, actions: CardActions, t: Translator): ActionsBlock['elements'] {
  const elements: ActionsBlock['elements'] = [
    button({ text: t.t('workItem.assignMe'), actionId: ACTION_IDS.workItemAssignMe, value: key }),
  ];
  // Slack refuses a menu with a repeated value; a name given twice is offered once.
  const options = [...new Set(actions.states)]
    .filter((name) => name.trim().length > 0 && name.length <= SLACK_LIMITS.optionValue)
    .slice(0, SLACK_LIMITS.options)
    .map((name) => ({ text: plainText(name, SLACK_LIMITS.optionText), value: name }));
  if (options.length > 0) {
    const current = options.find((option) => option.value === actions.state);
    const menu: StaticSelectElement = {
      type: 'static_select',
      action_id: ACTION_IDS.workItemState,
      placeholder: plainText(t.t('workItem.moveTo'), SLACK_LIMITS.placeholder),
      options,
      ...(current && { initial_option: current }),
    };
    elements.push(menu);
  }
  elements.push(button({ text: t.t('workItem.comment'), actionId: ACTION_IDS.workItemComment, value: key }));
  if (actions.linked) elements.push(button({ text: t.t('workItem.stopSync'), actionId: ACTION_IDS.workItemStopSync, value: key }));
  return elements;
}

/**
 * The card of a work item as the Plane tools answer it (`/plane show`, a confirmation, an unfurl);
 * `descriptionMrkdwn`, its description as Slack formatting, else the tool's plain text is shown.
 */
export function buildDetailsCard(
  item: WorkItemDetails,
  t: Translator,
  actions?: CardActions,
  note?: string,
  descriptionMrkdwn?: string,
): SlackMessage {
  return buildWorkItemCard(
    {
      key: item.key,
      title: item.title,
      url: item.url,
      state: item.state?.name ?? t.t('workItem.noState'),
      stateGroup: item.state?.group ?? '',
      priority: item.priority,
      assignees: item.assignees,
      labels: item.labels,
      startDate: item.startDate ?? undefined,
      targetDate: item.targetDate ?? undefined,
      description: item.description,
      descriptionMrkdwn,
      note,
    },
    t,
    actions,
  );
}
