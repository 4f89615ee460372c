/**
 * Delegation: one request made of 4 tasks of 3 reads each, against a fake model that takes 1 s per
 * request. Sequential: the agent's own loop does all four (12 tool turns and its answer). Delegated:
 * the agent delegates the four tasks (sub-agents, 3 at once) and answers from their reports. Wall
 * time from the message to the answer; the agent's own model requests and input tokens (summed over
 * its requests, cached ones included: what its context costs), from the fake's prompt-cache simulator.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { createAgent, type RunResult, type RunUsage } from '../src/agent/index.js';
import { createMemoryStore } from '../src/state/memory-store.js';
import { defineTool, READS_ONLY, ToolRegistry } from '../src/tools/registry.js';
import { RecordingFrontEnd } from '../test/agent/support/recording-front-end.js';
import { routed, type Answer, type ModelTurn } from '../test/agent/support/sub-agent-model.js';
import { startFakeMessagesApi, textReply, toolReply, type Reply } from '../test/fakes/anthropic/index.js';
import type { BenchRow } from './run.js';

const TASKS = 4;
const READS_PER_TASK = 3;
const REQUEST_MS = 1000;

/** A read whose answer is about what a Plane work item with a description brings into the context. */
const readItem = defineTool({
  name: 'read_item',
  description: 'Reads a work item.',
  input: z.object({ key: z.string() }),
  output: z.object({ key: z.string() }),
  effects: READS_ONLY,
  permission: 'allow',
  progress: ({ key }) => `Reading ${key}…`,
  async run({ key }) {
    return { text: `${key}: ${'A paragraph of the work item’s description, as Plane gives it. '.repeat(25)}`, data: { key } };
  },
});

const read = (task: number, step: number) => toolReply([{ name: 'read_item', input: { key: `T${task}-${step}` } }]);

async function measure(answer: Answer): Promise<{ ms: number; turns: ModelTurn[]; result: RunResult }> {
  const turns: ModelTurn[] = [];
  const api = await startFakeMessagesApi({
    script: routed(async (turn) => {
      await sleep(REQUEST_MS);
      return answer(turn);
    }, turns),
  });
  const ui = new RecordingFrontEnd();
  const agent = await createAgent({
    registry: new ToolRegistry([readItem]),
    store: createMemoryStore(),
    model: { client: api.client(), model: 'claude-test' },
    frontEnd: ui.factory,
  });
  const started = performance.now();
  await agent.submit({
    threadKey: 'C1:bench',
    requester: { id: 'U1' },
    text: 'Audit the four projects',
    context: { filesDir: '/tmp/planebot-bench' },
  });
  await agent.idle();
  const ms = performance.now() - started;
  await agent.close();
  await api.close();
  return { ms, turns, result: ui.result() };
}

const inputTokens = (usage: RunUsage) => usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;

/** The agent's own share: the run's usage sums its requests and its sub-agents'. */
function agentOwn(result: RunResult): { requests: number; input: number } {
  const subRequests = result.subAgents.reduce((sum, s) => sum + s.usage.requests, 0);
  const subInput = result.subAgents.reduce((sum, s) => sum + inputTokens(s.usage), 0);
  return { requests: result.usage.requests - subRequests, input: inputTokens(result.usage) - subInput };
}

export async function bench(): Promise<BenchRow[]> {
  const sequential = await measure(({ title, turn }): Reply => {
    if (title !== undefined || turn >= TASKS * READS_PER_TASK) return textReply('All four audited.');
    return read(Math.floor(turn / READS_PER_TASK) + 1, (turn % READS_PER_TASK) + 1);
  });
  const delegated = await measure(({ title, turn }): Reply => {
    if (title === undefined) {
      if (turn > 0) return textReply('All four audited.');
      const tasks = Array.from({ length: TASKS }, (_, i) => ({ title: `T${i + 1}`, prompt: `Audit project T${i + 1}: read its items.` }));
      return toolReply([{ name: 'delegate', input: { tasks } }]);
    }
    return turn < READS_PER_TASK ? read(Number(title.slice(1)), turn + 1) : textReply(`${title}: audited, nothing urgent.`);
  });
  const seq = agentOwn(sequential.result);
  const del = agentOwn(delegated.result);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const shape = `${TASKS} tasks × ${READS_PER_TASK} reads, ${REQUEST_MS / 1000} s per request`;
  return [
    { area: 'delegation', measure: `${shape}: sequential (one loop), wall time`, value: seconds(sequential.ms) },
    { area: 'delegation', measure: `${shape}: delegated (3 sub-agents at once), wall time`, value: seconds(delegated.ms) },
    {
      area: 'delegation',
      measure: 'sequential / delegated wall time',
      value: `${(sequential.ms / delegated.ms).toFixed(2)}×`,
      target: '> 1',
    },
    { area: 'delegation', measure: 'agent’s own model requests: sequential / delegated', value: `${seq.requests} / ${del.requests}` },
    {
      area: 'delegation',
      measure: 'agent’s own input tokens, all its requests (cached included): sequential / delegated',
      value: `${seq.input} / ${del.input}`,
    },
    {
      area: 'delegation',
      measure: 'whole run, requests and input tokens (sub-agents included): sequential / delegated',
      value: `${sequential.result.usage.requests}, ${inputTokens(sequential.result.usage)} / ${delegated.result.usage.requests}, ${inputTokens(delegated.result.usage)}`,
    },
  ];
}
