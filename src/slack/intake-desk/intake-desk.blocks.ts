import type { Translator } from '../../i18n/index.js';
import type { Candidate } from '../../intake-desk/records.js';
import type { News } from '../../intake-desk/desk.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, isLinkableUrl, mentionUser, mrkdwn, oneLine, slackDate, truncate } from '../blocks/text.js';
import type { SlackMessage } from '../blocks/types.js';

/** The duplicate offer's buttons; the value names the offer (and, for "same as", the candidate's item). */
export const INTAKE_ACTIONS = {
  sameAs: 'intake_same_as',
  fileAnyway: 'intake_file_anyway',
  cancel: 'intake_cancel',
} as const;

const TITLE_MAX = 200;

/** `<url|ACME-12>`, or the key alone when the URL cannot be a Slack link. */
function keyLink(key: string, url: string): string {
  const shown = escapeTruncated(oneLine(key), 40);
  return isLinkableUrl(url) ? `<${url}|${shown}>` : shown;
}

/** The value of a "Same as" button: the offer id and the candidate's item, within Slack's 2,000. */
export function sameAsValue(offerId: string, itemId: string): string {
  return truncate(`${offerId}|${itemId}`, SLACK_LIMITS.buttonValue);
}

/**
 * What only the asker sees in the thread before anything is filed: the best candidates (at most
 * three) with their state and link, "Same as" each, "File it anyway", "Cancel".
 */
export function buildDuplicateOffer(offerId: string, project: string, candidates: readonly Candidate[], t: Translator): SlackMessage {
  const shown = candidates.slice(0, 3);
  const head = t.t('intake.offer.head', { project: oneLine(project) });
  const lines = shown.map((c) => {
    const state = c.pending ? t.t('intake.offer.triage') : escapeTruncated(oneLine(c.state), 60);
    return `• ${keyLink(c.key, c.url)} ${escapeTruncated(oneLine(c.title), TITLE_MAX)} · _${state}_`;
  });
  const value = truncate(offerId, SLACK_LIMITS.buttonValue);
  return {
    text: truncate(head, SLACK_LIMITS.textObject),
    blocks: [
      { type: 'section', text: mrkdwn(truncate([escapeTruncated(head, 500), ...lines].join('\n'), SLACK_LIMITS.sectionText)) },
      {
        type: 'actions',
        block_id: 'intake_offer',
        elements: [
          ...shown.map((c) =>
            button({
              text: t.t('intake.offer.sameAs', { key: oneLine(c.key) }),
              actionId: `${INTAKE_ACTIONS.sameAs}:${c.itemId}`.slice(0, SLACK_LIMITS.actionId),
              value: sameAsValue(offerId, c.itemId),
            }),
          ),
          button({ text: t.t('intake.offer.fileAnyway'), actionId: INTAKE_ACTIONS.fileAnyway, value, style: 'primary' }),
          button({ text: t.t('intake.offer.cancel'), actionId: INTAKE_ACTIONS.cancel, value }),
        ],
      },
    ],
  };
}

/** The card in the thread once the request is in Plane's Intake. */
export function buildFiledCard(filed: { key: string; url: string; title: string }, askerId: string, t: Translator): SlackMessage {
  const text = t.t('intake.filed', {
    key: keyLink(filed.key, filed.url),
    asker: mentionUser(askerId),
    title: escapeTruncated(oneLine(filed.title), TITLE_MAX),
  });
  return {
    text: truncate(text, SLACK_LIMITS.textObject),
    blocks: [{ type: 'section', text: mrkdwn(truncate(text, SLACK_LIMITS.sectionText)) }],
  };
}

/** One line in the asker's thread: a plain sentence, the asker mentioned so they hear it. */
export function buildLine(text: string): SlackMessage {
  const safe = truncate(text, SLACK_LIMITS.sectionText);
  return { text: safe, blocks: [{ type: 'section', text: mrkdwn(safe) }] };
}

/** What became of the request, as the asker hears it. */
export function buildNews(news: News, askerId: string, t: Translator): SlackMessage {
  const asker = mentionUser(askerId);
  const key = keyLink(news.key, news.url);
  switch (news.kind) {
    case 'accepted':
      return buildLine(t.t('intake.news.accepted', { asker, key, state: escapeTruncated(oneLine(news.state), 60) }));
    case 'declined':
      return buildLine(t.t('intake.news.declined', { asker, key }));
    case 'duplicate':
      return buildLine(t.t('intake.news.duplicate', { asker, key, other: escapeTruncated(oneLine(news.other), 40) }));
    case 'snoozed': {
      const until = Date.parse(news.until);
      const when = Number.isNaN(until) ? escapeTruncated(news.until, 40) : slackDate(new Date(until));
      return buildLine(t.t('intake.news.snoozed', { asker, key, until: when }));
    }
    case 'done':
    case 'cancelled':
      return buildLine(
        t.t(news.kind === 'done' ? 'intake.news.done' : 'intake.news.cancelled', {
          asker,
          key,
          state: escapeTruncated(oneLine(news.state), 60),
        }),
      );
  }
}
