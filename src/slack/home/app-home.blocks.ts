import type { HomeApproval } from '../approvals/awaiting.js';
import type { Translator } from '../../i18n/index.js';
import type { StateGroup } from '../../plane/types.js';
import type { TaskPriority, TaskStatus } from '../../tasks/format.js';
import { STATUS_MARKS } from '../../tasks/render.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeMrkdwn, escapeTruncated, isLinkableUrl, mrkdwn, oneLine, plainText, truncate } from '../blocks/text.js';
import type { Block } from '../blocks/types.js';

/** A Plane work item of the person, open (its state in backlog, unstarted or started). */
export interface HomeItem {
  key: string;
  title: string;
  url: string;
  state: string;
  group: StateGroup;
  priority: string;
}

/** A task of a channel's tree assigned to the person. */
export interface HomeTask {
  channel: string;
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
}

export interface HomeInput {
  /** Open items, most urgent first; `undefined` when Plane could not be read (`planeProblem` says why). */
  items?: readonly HomeItem[];
  planeProblem?: string;
  approvals: readonly HomeApproval[];
  tasks: readonly HomeTask[];
  now: number;
  /** The person's time zone (users.info `tz`), for the times shown. */
  timeZone?: string;
  /** Whom Plane sees when the person acts through the bot, and its button (slack/identity/identity.blocks.ts). */
  identity?: readonly Block[];
}

/** Slack's `views.publish`: a Home tab holds at most 100 blocks. */
export const HOME_BLOCKS_MAX = 100;
const APPROVALS_SHOWN = 10;
const CHANNELS_SHOWN = 10;
const TASKS_PER_CHANNEL = 15;
const LINE_MAX = 200;
const DESCRIPTION_MAX = 600;
/** The state groups shown, in the order a person works through them. */
const GROUPS: readonly StateGroup[] = ['started', 'unstarted', 'backlog'];

export interface HomeView {
  type: 'home';
  callback_id: string;
  blocks: Block[];
}

export const HOME_CALLBACK_ID = 'planebot_home';

/**
 * The person's Home tab: their open Plane items by state group (after the `lead` blocks: the "due
 * soon / overdue" section, slack/home), the approvals waiting for them and
 * the tasks channels' trees assign to them, with buttons that post an item's card or a channel's
 * tree in their DM with the bot. Whatever the numbers, it stays within the 100 blocks of a view:
 * approvals and channels are capped, items fill what is left, and every cut says how many more.
 */
export function buildAppHome(input: HomeInput, t: Translator, lead: readonly Block[] = []): HomeView {
  const time = (at: number) =>
    new Intl.DateTimeFormat(t.locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(input.timeZone && { timeZone: safeZone(input.timeZone) }),
    }).format(at);
  const head: Block[] = [
    { type: 'header', text: plainText(t.t('home.title'), SLACK_LIMITS.headerText) },
    { type: 'context', elements: [mrkdwn(escapeMrkdwn(t.t('home.updated', { time: time(input.now) })))] },
  ];
  // Whom Plane sees comes after what is due: the tab opens on what needs doing.
  const identity: Block[] = input.identity?.length ? [...input.identity, { type: 'divider' }] : [];
  const approvals = approvalBlocks(input.approvals, t, time);
  const tasks = taskBlocks(input.tasks, t);
  // Items take what the rest leaves: the header, two dividers, the Plane heading and, per group, a heading and a "more" line.
  const room = HOME_BLOCKS_MAX - head.length - lead.length - identity.length - approvals.length - tasks.length - 2 - 1 - GROUPS.length * 2;
  const plane = planeBlocks(input, t, room);
  return {
    type: 'home',
    callback_id: HOME_CALLBACK_ID,
    blocks: [...head, ...lead, ...identity, ...plane, { type: 'divider' }, ...approvals, { type: 'divider' }, ...tasks],
  };
}

function section(text: string): Block {
  return { type: 'section', text: mrkdwn(text) };
}

function context(text: string): Block {
  return { type: 'context', elements: [mrkdwn(text)] };
}

function planeBlocks(input: HomeInput, t: Translator, room: number): Block[] {
  const blocks: Block[] = [section(`*${escapeMrkdwn(t.t('home.plane'))}*`)];
  if (input.items === undefined)
    return [...blocks, context(escapeTruncated(t.t('home.planeUnavailable', { reason: oneLine(input.planeProblem ?? '') }), 1000))];
  if (input.items.length === 0) return [...blocks, context(escapeMrkdwn(t.t('home.noItems')))];
  let left = room;
  for (const group of GROUPS) {
    const items = input.items.filter((item) => item.group === group);
    if (items.length === 0) continue;
    blocks.push(section(`*${escapeMrkdwn(t.t('home.group', { group, count: items.length }))}*`));
    const shown = items.slice(0, Math.max(0, left));
    left -= shown.length;
    for (const item of shown) blocks.push(itemBlock(item, t));
    if (shown.length < items.length) blocks.push(context(escapeMrkdwn(t.t('home.moreItems', { count: items.length - shown.length }))));
  }
  return blocks;
}

function itemBlock(item: HomeItem, t: Translator): Block {
  const key = escapeMrkdwn(oneLine(item.key));
  const link = isLinkableUrl(item.url) && !/[|<>]/.test(item.url) ? `<${item.url}|${key}>` : key;
  const title = truncate(escapeMrkdwn(oneLine(item.title)), LINE_MAX);
  const details = escapeTruncated(`${oneLine(item.state)} · ${oneLine(item.priority)}`, 100);
  return {
    type: 'section',
    text: mrkdwn(`${link} ${title}\n${details}`),
    accessory: button({
      text: t.t('home.showCard'),
      actionId: ACTION_IDS.homeShowCard,
      value: item.key.slice(0, SLACK_LIMITS.buttonValue),
    }),
  };
}

function approvalBlocks(approvals: readonly HomeApproval[], t: Translator, time: (at: number) => string): Block[] {
  const blocks: Block[] = [section(`*${escapeMrkdwn(t.t('home.approvals', { count: approvals.length }))}*`)];
  if (approvals.length === 0) return [...blocks, context(escapeMrkdwn(t.t('home.noApprovals')))];
  for (const approval of approvals.slice(0, APPROVALS_SHOWN)) {
    const text = t.t('home.approval', {
      tool: escapeTruncated(oneLine(approval.tool), 100),
      requester: escapeTruncated(oneLine(approval.requester), 100),
      // A channel reference (<#C123>) as the front end wrote it; anything else is shown as text.
      place: /^<#[A-Z0-9]+>$/.test(approval.place) ? approval.place : escapeTruncated(oneLine(approval.place), 100),
      description: escapeTruncated(oneLine(approval.description), DESCRIPTION_MAX),
    });
    blocks.push(section(text), context(escapeMrkdwn(t.t('home.approvalDeadline', { time: time(approval.deadline) }))));
  }
  if (approvals.length > APPROVALS_SHOWN)
    blocks.push(context(escapeMrkdwn(t.t('home.moreApprovals', { count: approvals.length - APPROVALS_SHOWN }))));
  return blocks;
}

function taskBlocks(tasks: readonly HomeTask[], t: Translator): Block[] {
  const blocks: Block[] = [section(`*${escapeMrkdwn(t.t('home.tasks', { count: tasks.length }))}*`)];
  if (tasks.length === 0) return [...blocks, context(escapeMrkdwn(t.t('home.noTasks')))];
  const channels = [...new Set(tasks.map((task) => task.channel))];
  for (const channel of channels.slice(0, CHANNELS_SHOWN)) {
    const mine = tasks.filter((task) => task.channel === channel);
    const lines = mine
      .slice(0, TASKS_PER_CHANNEL)
      .map(
        (task) =>
          `${STATUS_MARKS[task.status]} [${escapeMrkdwn(oneLine(task.id))}] ${truncate(escapeMrkdwn(oneLine(task.title)), LINE_MAX)} [${task.priority.toUpperCase()}]`,
      );
    if (mine.length > TASKS_PER_CHANNEL) lines.push(escapeMrkdwn(t.t('home.moreTasks', { count: mine.length - TASKS_PER_CHANNEL })));
    const reference = /^[A-Z0-9]+$/.test(channel) ? `<#${channel}>` : escapeTruncated(oneLine(channel), 80);
    const heading = `*${t.t('home.channelTasks', { channel: reference, count: mine.length })}*`;
    blocks.push({
      type: 'section',
      text: mrkdwn(truncate(`${heading}\n${lines.join('\n')}`, SLACK_LIMITS.sectionText)),
      accessory: button({ text: t.t('home.showTree'), actionId: ACTION_IDS.homeShowTree, value: channel }),
    });
  }
  if (channels.length > CHANNELS_SHOWN)
    blocks.push(context(escapeMrkdwn(t.t('home.moreChannels', { count: channels.length - CHANNELS_SHOWN }))));
  return blocks;
}

/** A zone Intl does not know (an old tz name) falls back to UTC rather than failing the tab. */
function safeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}
