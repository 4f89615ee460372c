import type { DigestData, SectionName } from '../../digests/digest.js';
import { SECTIONS } from '../../digests/digest.js';
import type { SubscriptionFilters } from '../../notifications/subscriptions.js';
import type { Translator } from '../../i18n/index.js';
import { FALLBACK_TEXT_MAX, MESSAGE_BLOCK_TEXT_BUDGET, SLACK_LIMITS } from '../blocks/limits.js';
import { escapeMrkdwn, escapeTruncated, mrkdwn, plainText, truncate } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';
import { itemLine, packLines } from './lines.blocks.js';

/** How the digest is read: the zone of its schedule for times and "today", the filters it applied. */
export interface DigestView {
  timeZone: string;
  filters: SubscriptionFilters;
}

const SIGNS = (change: number) => (change > 0 ? `+${change}` : String(change));
/** What the head, counts and cycle lines may take of the message's text budget; sections share the rest. */
const HEAD_BUDGET = 2_500;

/** How filters read: `#bug @dana !high state:started`. */
export function describeFilters(filters: SubscriptionFilters): string {
  return [
    ...filters.labels.map((l) => `#${l}`),
    ...filters.members.map((m) => `@${m.name}`),
    ...filters.priorities.map((p) => `!${p}`),
    ...filters.stateGroups.map((g) => `state:${g}`),
  ].join(' ');
}

/**
 * One digest message: counts by state group with their change, the cycle line, then each section
 * that has items (at most 10 lines each, "and N more"); or one line when there is nothing to
 * report. Within Slack's limits whatever the project's size or its titles.
 */
export function buildDigest(data: DigestData, view: DigestView, t: Translator): SlackMessage {
  const when = (at: number) =>
    new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: view.timeZone }).format(at);
  const title = t.t('digests.title', { project: data.project.identifier, name: data.project.name });
  const open = data.counts.filter((c) => c.group !== 'completed' && c.group !== 'cancelled').reduce((sum, c) => sum + c.count, 0);
  const filters = describeFilters(view.filters);
  const context = [
    data.since === undefined ? undefined : t.t('digests.since', { time: when(data.since) }),
    filters ? t.t('digests.filtered', { filters }) : undefined,
  ].filter((line): line is string => line !== undefined);
  const contextBlock: Block[] =
    context.length > 0 ? [{ type: 'context', elements: [mrkdwn(truncate(escapeMrkdwn(context.join(' · ')), 1000))] }] : [];
  const cycleLines = data.cycles.slice(0, 3).map((cycle) => cycleLine(cycle, t));
  if (data.quiet) {
    const line = t.t('digests.nothing', { project: data.project.identifier, open });
    return {
      text: truncate(`${title}: ${line}`, FALLBACK_TEXT_MAX),
      blocks: [
        { type: 'section', text: mrkdwn(escapeTruncated(line, SLACK_LIMITS.sectionText)) },
        ...contextBlock,
        ...cycleSection(cycleLines),
      ],
    };
  }
  const counts = data.counts
    .map((c) => `*${escapeMrkdwn(t.t('digests.group', { group: c.group }))}* ${c.count}${c.change ? ` (${SIGNS(c.change)})` : ''}`)
    .join('  ·  ');
  const filled = SECTIONS.filter((name) => data.sections[name].items.length > 0);
  const budget = Math.floor((MESSAGE_BLOCK_TEXT_BUDGET - HEAD_BUDGET) / Math.max(1, filled.length));
  const sections: Block[] = filled.map((name) => ({
    type: 'section',
    text: mrkdwn(sectionText(name, data, t, Math.min(budget, SLACK_LIMITS.sectionText))),
  }));
  return {
    text: truncate(
      `${title}: ${data.counts.map((c) => `${t.t('digests.group', { group: c.group })} ${c.count}`).join(', ')}`,
      FALLBACK_TEXT_MAX,
    ),
    blocks: [
      { type: 'header', text: plainText(title, SLACK_LIMITS.headerText) },
      ...contextBlock,
      { type: 'section', text: mrkdwn(truncate(counts, SLACK_LIMITS.sectionText)) },
      ...cycleSection(cycleLines),
      { type: 'divider' },
      ...sections,
    ],
  };
}

function cycleSection(lines: string[]): Block[] {
  return lines.length > 0 ? [{ type: 'section', text: mrkdwn(truncate(lines.join('\n'), 1500)) }] : [];
}

function cycleLine(cycle: DigestData['cycles'][number], t: Translator): string {
  const day = (value: string | null) => (value ? value.slice(0, 10) : '?');
  const percent = cycle.total > 0 ? Math.round((cycle.completed / cycle.total) * 100) : 0;
  return t.t('digests.cycle', {
    name: escapeTruncated(cycle.name, 80),
    start: day(cycle.start),
    end: day(cycle.end),
    completed: cycle.completed,
    total: cycle.total,
    percent,
    daysLeft: cycle.daysLeft,
  });
}

function sectionText(name: SectionName, data: DigestData, t: Translator, budget: number): string {
  const section = data.sections[name];
  const heading = `*${escapeMrkdwn(t.t('digests.section', { section: name, count: section.items.length + section.more, days: data.staleDays }))}*`;
  const lines = section.items.map((item) => {
    if (name === 'moved') return itemLine(item, item.from ? `${item.from} → ${item.state ?? '?'}` : item.state);
    if (name === 'overdue')
      return itemLine(item, [t.t('digests.due', { date: item.due ?? '' }), item.assignees.join(', ')].filter(Boolean).join(' · '));
    if (name === 'stale' || name === 'done') return itemLine(item, item.assignees.join(', ') || undefined);
    return itemLine(item, item.state);
  });
  return packLines(heading, lines, section.more, budget, (count) => escapeMrkdwn(t.t('digests.more', { count })));
}
