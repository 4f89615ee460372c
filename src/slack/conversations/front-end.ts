import type { App } from '@slack/bolt';
import type { FrontEndFactory } from '../../agent/index.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { translatorFor } from '../locale.js';
import type { StateStore } from '../../state/store.js';
import { AnswerStream, type StreamDeps } from '../progress/answer-stream.js';
import { Pacer } from '../progress/pacer.js';
import { StreamingSupport } from '../progress/streaming.js';
import { SlackApprover } from '../approvals/approver.js';
import { SlackReporter } from '../progress/reporter.js';
import type { Clock } from '../progress/clock.js';
import { StatusMessages } from '../progress/status-messages.js';
import { parseRunState } from '../progress/run-state.js';

/** chat.appendStream is Tier 4 (100+ a minute per workspace): the processes sharing the store keep to 100. */
const APPEND_INTERVAL_MS = 600;

/**
 * The agent's front end in Slack. Built from the app's own client (no event needed), so a run can
 * be rebuilt from its saved state alone: after a restart, on another replica, or by a timer. With
 * the state store, answers stream natively where the workspace allows it (docs/slack.md).
 * `statusClock` paces the status messages' edits (the system's clock unless a test drives it).
 */
export function slackFrontEnd(
  client: App['client'],
  logger: Logger,
  locale: Locale = DEFAULT_LOCALE,
  store?: StateStore,
  statusClock?: Clock,
): FrontEndFactory {
  const status = new StatusMessages(client, logger, statusClock);
  const streams: StreamDeps | undefined = store && {
    client,
    store,
    support: new StreamingSupport(client, store, logger),
    appends: new Pacer(APPEND_INTERVAL_MS, { store, name: 'chat.appendStream', logger }),
    logger,
  };
  return (saved, run) => {
    const where = parseRunState(saved);
    // The run's messages are the requester's: in their Slack language, else PLANEBOT_LOCALE.
    const t = translatorFor(run.requester, locale);
    const stream = streams && new AnswerStream(streams, where, run.runId, run.requester.id, run.plan.items, t);
    const reporter = new SlackReporter(client, status, where, run.runId, run.plan.items, run.subAgents, t, stream);
    const approver = new SlackApprover(client, where, () => reporter.awaitingApproval(), t);
    return { reporter, approver, words: t, state: () => reporter.state() };
  };
}
