import type { ToolCallOutcome } from './front-end.js';

/**
 * What the agent tells whoever measures it (the composition hands it the process's metrics). Values
 * only: outcomes, counts, durations and tool names, never what people or the model wrote.
 */
export interface AgentMeter {
  runEnded(outcome: 'done' | 'failed' | 'stopped' | 'waiting'): void;
  modelRequest(outcome: 'ok' | 'error', tokens?: { input: number; output: number; cache_read: number; cache_write: number }): void;
  /** `tool` is a registered tool's name, or `unknown` for a name the model made up. */
  toolCall(tool: string, outcome: ToolCallOutcome['status']): void;
  /** A decision claimed on an approval request, `waitedMs` after it was asked. */
  approvalDecided(decision: string, waitedMs: number): void;
}

export const noMeter: AgentMeter = {
  runEnded: () => undefined,
  modelRequest: () => undefined,
  toolCall: () => undefined,
  approvalDecided: () => undefined,
};
