import type { CurrentCycle, CycleReport } from '../../cycles/report.js';
import type { Translator } from '../../i18n/index.js';
import { STATE_GROUPS } from '../../plane/types.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, isLinkableUrl, mrkdwn, plainText, truncate } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';

/**
 * `/plane cycle`'s message: per current cycle a header, its dates and days left, completion, the
 * counts by state group and its burn-up (a `slack_file` image of the uploaded PNG), or why there is
 * no picture. The message's `text` is the fallback: one line per cycle.
 */

/** At most this many cycles in one message (each takes six blocks of Slack's fifty). */
export const MAX_CYCLES = 6;
const NAME_MAX = 100;

/** What happened to a cycle's picture: its uploaded file, or why there is none. */
export type Picture = { fileId: string } | { failed: string };

export function buildCycleReport(report: CycleReport, t: Translator, pictures: ReadonlyMap<string, Picture>): SlackMessage {
  const project = report.project.identifier;
  if (report.kind === 'off') {
    const text = t.t('cycles.report.off', { project });
    return {
      text: escapeTruncated(text, FALLBACK_TEXT_MAX),
      blocks: [{ type: 'section', text: mrkdwn(escapeTruncated(text, SLACK_LIMITS.sectionText)) }],
    };
  }
  if (report.kind === 'none') {
    const text = t.t('cycles.report.none', {
      project,
      upcoming: report.upcoming ? truncate(report.upcoming.name, NAME_MAX) : 'none',
      start: report.upcoming?.startDate ?? '',
    });
    return {
      text: escapeTruncated(text, FALLBACK_TEXT_MAX),
      blocks: [{ type: 'section', text: mrkdwn(escapeTruncated(text, SLACK_LIMITS.sectionText)) }],
    };
  }
  const shown = report.cycles.slice(0, MAX_CYCLES);
  const blocks: Block[] = shown.flatMap((cycle, index) => [
    ...(index > 0 ? [{ type: 'divider' } as const] : []),
    ...cycleBlocks(project, cycle, t, pictures.get(cycle.id)),
  ]);
  const more = report.cycles.length - shown.length;
  if (more > 0)
    blocks.push({
      type: 'context',
      elements: [mrkdwn(escapeTruncated(t.t('cycles.report.more', { count: more, shown: shown.length }), SLACK_LIMITS.textObject))],
    });
  const fallback = shown.map((cycle) => fallbackLine(project, cycle, t)).join('\n');
  return { text: escapeTruncated(fallback, FALLBACK_TEXT_MAX), blocks };
}

function fallbackLine(project: string, cycle: CurrentCycle, t: Translator): string {
  return t.t('cycles.report.fallback', {
    project,
    name: truncate(cycle.name, NAME_MAX),
    percent: cycle.progress,
    completed: cycle.counts.completed,
    scope: cycle.counts.total - cycle.counts.cancelled,
    daysLeft: t.t('cycles.report.daysLeft', { days: cycle.daysLeft }),
  });
}

function cycleBlocks(project: string, cycle: CurrentCycle, t: Translator, picture: Picture | undefined): Block[] {
  const name = truncate(cycle.name, NAME_MAX);
  const facts = [
    `${t.t('cycles.report.dates', { start: cycle.startDate, end: cycle.endDate })} · ${t.t('cycles.report.daysLeft', { days: cycle.daysLeft })}`,
    t.t('cycles.report.completion', {
      percent: cycle.progress,
      completed: cycle.counts.completed,
      scope: cycle.counts.total - cycle.counts.cancelled,
    }),
  ].join('\n');
  const counts = STATE_GROUPS.map((group) => `${t.t(`cycles.report.group.${group}`)} *${cycle.counts[group]}*`).join(' · ');
  const blocks: Block[] = [
    { type: 'header', text: plainText(t.t('cycles.report.header', { project, name }), SLACK_LIMITS.headerText) },
    {
      type: 'section',
      text: mrkdwn(facts),
      ...(isLinkableUrl(cycle.url) && {
        accessory: button({ text: t.t('cycles.report.open'), actionId: ACTION_IDS.workItemOpen, url: cycle.url }),
      }),
    },
    { type: 'context', elements: [mrkdwn(counts)] },
  ];
  if (picture && 'fileId' in picture) {
    const alt = t.t('cycles.report.chartAlt', {
      name,
      start: cycle.startDate,
      end: cycle.endDate,
      completed: cycle.counts.completed,
      total: cycle.counts.total,
    });
    blocks.push(
      {
        type: 'image',
        slack_file: { id: picture.fileId },
        alt_text: truncate(alt, SLACK_LIMITS.altText),
        title: plainText(t.t('cycles.report.chartTitle'), SLACK_LIMITS.imageTitle),
      },
      {
        type: 'context',
        elements: [mrkdwn(escapeTruncated(t.t('cycles.report.legend', { count: cycle.points.length }), SLACK_LIMITS.textObject))],
      },
    );
  } else if (picture) {
    blocks.push({
      type: 'context',
      elements: [mrkdwn(escapeTruncated(t.t('cycles.report.noPicture', { reason: picture.failed }), SLACK_LIMITS.textObject))],
    });
  }
  return blocks;
}
