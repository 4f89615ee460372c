import type { Logger } from '../log.js';
import type { Approver, FrontEnd, Reporter } from './front-end.js';

/**
 * A front end whose failures are logged, never thrown: a status message that cannot be edited must
 * not fail the run. Two are the agent's to handle: an answer that cannot be shown (`done`) fails the
 * run, keeping the answer for a retry, and an approval request that cannot be shown (`ask`) ends
 * its call as not approved.
 */
export function guardFrontEnd(frontEnd: FrontEnd, logger: Logger): FrontEnd {
  const guard =
    <Args extends unknown[], R>(name: string, call: (...args: Args) => Promise<R>) =>
    async (...args: Args): Promise<R | undefined> => {
      try {
        return await call(...args);
      } catch (error) {
        logger.warn({ err: error, call: name }, 'front end failed; the run goes on');
        return undefined;
      }
    };
  const { reporter: r, approver: a } = frontEnd;
  const reporter: Reporter = {
    ...(r.textDelta && { textDelta: guard('textDelta', r.textDelta.bind(r)) }),
    text: guard('text', r.text.bind(r)),
    planChanged: guard('planChanged', r.planChanged.bind(r)),
    subAgentChanged: guard('subAgentChanged', r.subAgentChanged.bind(r)),
    toolStarted: guard('toolStarted', r.toolStarted.bind(r)),
    toolFinished: guard('toolFinished', r.toolFinished.bind(r)),
    done: r.done.bind(r),
    failed: guard('failed', r.failed.bind(r)),
    stranded: guard('stranded', r.stranded.bind(r)),
    stopped: guard('stopped', r.stopped.bind(r)),
  };
  const approver: Approver = {
    ask: a.ask.bind(a),
    settled: guard('settled', a.settled.bind(a)),
    ...(a.askBulk && { askBulk: a.askBulk.bind(a) }),
    ...(a.settledBulk && { settledBulk: guard('settledBulk', a.settledBulk.bind(a)) }),
  };
  return { reporter, approver, state: frontEnd.state?.bind(frontEnd), ...(frontEnd.words && { words: frontEnd.words }) };
}
