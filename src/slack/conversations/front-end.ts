import type { App } from '@slack/bolt';
import type { FrontEndFactory } from '../../agent/index.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { translatorFor } from '../locale.js';
import { SlackApprover } from '../approvals/approver.js';
import { SlackReporter } from '../progress/reporter.js';
import { StatusMessages } from '../progress/status-messages.js';
import { parseRunState } from '../progress/run-state.js';

/**
 * The agent's front end in Slack. Built from the app's own client (no event needed), so a run can
 * be rebuilt from its saved state alone: after a restart, on another replica, or by a timer.
 */
export function slackFrontEnd(client: App['client'], logger: Logger, locale: Locale = DEFAULT_LOCALE): FrontEndFactory {
  const status = new StatusMessages(client, logger);
  return (saved, run) => {
    const where = parseRunState(saved);
    // The run's messages are the requester's: in their Slack language, else PLANEBOT_LOCALE.
    const t = translatorFor(run.requester, locale);
    const reporter = new SlackReporter(client, status, where, run.runId, run.plan.items, run.subAgents, t);
    const approver = new SlackApprover(client, where, () => reporter.awaitingApproval(), t);
    return { reporter, approver, state: () => reporter.state() };
  };
}
