import type Anthropic from '@anthropic-ai/sdk';
import type { RecordedRequest, Reply, Step } from '../../fakes/anthropic/index.js';

/**
 * A scripted model for runs that delegate: requests come from the run and from sub-agents working
 * side by side, in no fixed order, so one function answers them all by who is asking. A sub-agent is
 * recognised by its system prompt and its task's title in its first message.
 */
export interface ModelTurn {
  /** The task's title for a sub-agent's request; undefined for the run's own. */
  title?: string;
  /** 0 for the asker's first request, 1 for its second… */
  turn: number;
  request: RecordedRequest;
  at: number;
}

export type Answer = (turn: ModelTurn) => Reply | Promise<Reply>;

export function isSubAgentRequest(request: RecordedRequest): boolean {
  return systemText(request).includes('# You are a sub-agent');
}

export function systemText(request: RecordedRequest): string {
  const system = request.body.system;
  return typeof system === 'string' ? system : (system ?? []).map((block) => block.text).join('\n');
}

export function taskTitle(request: RecordedRequest): string | undefined {
  const first = request.body.messages[0];
  const text = JSON.stringify(first?.content ?? '');
  return /<task title=\\"([^"\\]*)\\"/.exec(text)?.[1];
}

/** The results the model received in the request's last user turn, joined. */
export function lastResults(request: RecordedRequest): string {
  const last = request.body.messages.at(-1);
  const blocks = (typeof last?.content === 'string' ? [] : (last?.content ?? [])) as Anthropic.ContentBlockParam[];
  return blocks.map((block) => (block.type === 'tool_result' ? String(block.content) : '')).join('\n');
}

/** Enough copies of one routing step for a whole scripted run; `log` records every request as it arrives. */
export function routed(answer: Answer, log: ModelTurn[] = [], count = 200): Step[] {
  const step: Step = (request) => {
    const title = isSubAgentRequest(request) ? taskTitle(request) : undefined;
    const turn: ModelTurn = { title, turn: Math.floor((request.body.messages.length - 1) / 2), request, at: Date.now() };
    log.push(turn);
    return answer(turn);
  };
  return Array.from({ length: count }, () => step);
}
