import type { Locale } from '../../i18n/index.js';
import type {
  AwaitingApproval,
  DecideInput,
  DecideResult,
  RetryInput,
  RetrySubmission,
  StopInput,
  StopResult,
  Submission,
  SubmitInput,
} from '../../agent/index.js';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import type { Requester } from '../../tools/index.js';

/** What the conversations need of the agent and of start-up (kept apart so start-run.ts and conversations.ts share them without a cycle). */

/** What the Slack front end asks of the agent; the agent fits it as it is. */
export interface ConversationAgent {
  submit(input: SubmitInput): Promise<Submission>;
  decide(input: DecideInput): Promise<DecideResult>;
  retry(input: RetryInput): Promise<RetrySubmission>;
  stop(input: StopInput): Promise<StopResult>;
  approvalsAwaiting(userId: string): Promise<AwaitingApproval[]>;
}

/** What the conversations over the agent need besides it. */
export interface ConversationEnv {
  store: StateStore;
  logger: Logger;
  /** Each channel's todo and task files live in a folder under it. */
  dataDir: string;
  /** The requester's Plane member as the prompt names it; undefined when there is none to name. */
  planeMemberOf(requester: Requester): Promise<string | undefined>;
  /** PLANEBOT_LOCALE: for requesters whose Slack language the bot does not write. */
  locale: Locale;
}
