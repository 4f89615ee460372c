import type {
  ApprovalOutcome,
  ApprovalRequest,
  FrontEndFactory,
  PlanView,
  RunFailure,
  RunInfo,
  RunResult,
  RunStopped,
  RunStranded,
  SubAgentView,
  ToolCallOutcome,
  ToolCallView,
} from '../../../src/agent/index.js';

export type FrontEndEvent =
  | { type: 'text'; runId: string; text: string }
  | { type: 'plan'; runId: string; plan: PlanView }
  | { type: 'sub_agent'; runId: string; subAgent: SubAgentView; at: number }
  | { type: 'tool_started'; runId: string; call: ToolCallView }
  | { type: 'tool_finished'; runId: string; call: ToolCallView; outcome: ToolCallOutcome }
  | { type: 'done'; runId: string; result: RunResult; savedState: unknown }
  | { type: 'failed'; runId: string; failure: RunFailure }
  | { type: 'stranded'; runId: string; stranded: RunStranded }
  | { type: 'stopped'; runId: string; stopped: RunStopped }
  | { type: 'ask'; runId: string; request: ApprovalRequest; savedState: unknown }
  | { type: 'settled'; runId: string; request: ApprovalRequest; outcome: ApprovalOutcome; shown: unknown };

/**
 * An in-memory front end: records every event of every run, shows approvals as `{ shownAs: callId }`,
 * and hands back the saved state it was built from (so tests can see it travel with a paused run).
 */
export class RecordingFrontEnd {
  readonly events: FrontEndEvent[] = [];
  readonly factory: FrontEndFactory = (savedState: unknown, run: RunInfo) => {
    const record = (event: FrontEndEvent) => {
      this.events.push(event);
      return Promise.resolve();
    };
    const runId = run.runId;
    return {
      reporter: {
        text: (text) => record({ type: 'text', runId, text }),
        planChanged: (plan) => record({ type: 'plan', runId, plan }),
        subAgentChanged: (subAgent) => record({ type: 'sub_agent', runId, subAgent, at: Date.now() }),
        toolStarted: (call) => record({ type: 'tool_started', runId, call }),
        toolFinished: (call, outcome) => record({ type: 'tool_finished', runId, call, outcome }),
        done: (result) => record({ type: 'done', runId, result, savedState }),
        failed: (failure) => record({ type: 'failed', runId, failure }),
        stranded: (stranded) => record({ type: 'stranded', runId, stranded }),
        stopped: (stopped) => record({ type: 'stopped', runId, stopped }),
      },
      approver: {
        ask: async (request) => {
          await record({ type: 'ask', runId, request, savedState });
          return { shownAs: request.callId };
        },
        settled: (request, outcome, shown) => record({ type: 'settled', runId, request, outcome, shown }),
      },
      state: () => savedState,
    };
  };

  of<T extends FrontEndEvent['type']>(type: T): Extract<FrontEndEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<FrontEndEvent, { type: T }> => event.type === type);
  }

  /** The one finished run's result (fails the test when there is not exactly one). */
  result(): RunResult {
    const done = this.of('done');
    if (done.length !== 1)
      throw new Error(`expected one finished run, got ${done.length}: ${JSON.stringify(this.events.map((e) => e.type))}`);
    return done[0]!.result;
  }
}
