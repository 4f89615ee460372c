import type { App } from '@slack/bolt';
import type { Decision } from '../../agent/index.js';
import { decisionNotice, stopNotice } from '../approvals/notices.js';
import type { HomeApproval } from '../approvals/awaiting.js';
import { mentionUser } from '../blocks/text.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';
import { queuedStatus } from '../progress/status-views.js';
import { parseRunState, type RunState } from '../progress/run-state.js';
import type { ConversationAgent, ConversationEnv } from './ports.js';
import { startRun, type StartRunInput } from './start-run.js';

type WebClient = App['client'];

export interface ApprovalClick {
  runId: string;
  callId: string;
  decision: Decision;
  userId: string;
}

/** A Retry click on a failed run's status message: where the click came from does not count, only who. */
export interface RetryClick {
  runId: string;
  userId: string;
}

/** A Stop click on a running run's status message (or Slack's own stop control): only who counts. */
export type StopClick = RetryClick;

/**
 * What the listeners ask when a person talks to the agent or clicks one of its buttons. Start-up
 * builds it over the agent (`agentConversations`), or, without a model key, takes `agentOff`, which
 * answers how to turn the agent on: no listener asks which.
 */
export interface Conversations {
  /** A message for the agent (a mention, a reply in its thread, a DM, `/task <text>`): it runs in its thread once. */
  start(client: WebClient, input: StartRunInput): Promise<void>;
  /** Approve, Approve for this thread or Deny: resolves to what the clicker alone is told, if anything. */
  decide(client: WebClient, click: ApprovalClick): Promise<string | undefined>;
  /** Retry: resolves to what the clicker alone is told, if anything. */
  retry(client: WebClient, click: RetryClick): Promise<string | undefined>;
  /** Stop: resolves to what the clicker alone is told, if anything. */
  stop(client: WebClient, click: StopClick): Promise<string | undefined>;
  /** The approval requests a person may decide now, for their App Home: where each was asked, by whom. */
  awaiting(userId: string): Promise<HomeApproval[]>;
}

export function agentConversations(agent: ConversationAgent, env: ConversationEnv): Conversations {
  return {
    start: (client, input) => startRun(client, agent, env, input),
    async awaiting(userId) {
      return (await agent.approvalsAwaiting(userId)).map((request) => ({
        tool: request.subAgent ? `${request.tool} (${request.subAgent})` : request.tool,
        description: request.description,
        requester: request.requester.name ?? request.requester.id,
        place: `<#${parseRunState(request.frontEndState).channel}>`,
        deadline: request.deadline,
      }));
    },
    async decide(client, { runId, callId, decision, userId }) {
      const decidedBy = await requesterFor(client, env.store, userId);
      return decisionNotice(await agent.decide({ runId, callId, decision, decidedBy }), translatorFor(decidedBy, env.locale));
    },
    async retry(client, { runId, userId }) {
      // The run is shown where it was, in its own saved thread, starting again.
      const submission = await agent.retry({
        runId,
        retriedBy: userId,
        frontEndState: (saved): RunState => ({ ...parseRunState(saved), startPending: true }),
      });
      // Whoever retried reads the answer; the run's own status speaks its requester's language again once it goes on.
      const t = translatorFor(await requesterFor(client, env.store, userId), env.locale);
      if (submission.status === 'queued') {
        const { channel, statusTs } = parseRunState(submission.frontEndState);
        await client.chat.update({ channel, ts: statusTs, ...queuedStatus(submission.position, t) });
      }
      if (submission.status === 'gone') return t.t('run.retryGone');
      if (submission.status === 'not_allowed') return t.t('run.retryNotAllowed', { who: mentionUser(submission.requesterId) });
      return undefined;
    },
    async stop(client, { runId, userId }) {
      const stoppedBy = await requesterFor(client, env.store, userId);
      return stopNotice(await agent.stop({ runId, stoppedBy }), translatorFor(stoppedBy, env.locale));
    },
  };
}
