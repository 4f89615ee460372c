import { createAgent, type Agent, type AgentOptions, type SubmitInput } from '../../../src/agent/index.js';
import { createMemoryStore } from '../../../src/state/memory-store.js';
import type { StateStore } from '../../../src/state/store.js';
import type { Requester } from '../../../src/tools/registry.js';
import { startFakeMessagesApi, type FakeMessagesApi, type Step } from '../../fakes/anthropic/index.js';
import { RecordingFrontEnd } from './recording-front-end.js';
import { testRegistry } from './tools.js';

export const ALICE: Requester = { id: 'U_ALICE', name: 'Alice Martin', email: 'alice@acme.test' };
export const BOB: Requester = { id: 'U_BOB', name: 'Bob' };

export interface Harness {
  api: FakeMessagesApi;
  store: StateStore;
  ui: RecordingFrontEnd;
  toolLog: { calls: { name: string; input: unknown }[] };
  agent: Agent;
  /** This harness's conversation (unique, so tests sharing a store do not meet). */
  threadKey: string;
  /** Another agent on the same store and fake API: what a second process (or a restart) sees. */
  otherAgent(options?: Partial<AgentOptions> & { store?: StateStore }): Promise<{ agent: Agent; ui: RecordingFrontEnd }>;
  /** A message from Alice in the harness's thread, unless `extra` says otherwise. */
  message(text: string, extra?: Partial<SubmitInput>): SubmitInput;
  /** Submits `message(text, extra)` to the first agent. */
  say(text: string, extra?: Partial<SubmitInput>): ReturnType<Agent['submit']>;
  close(): Promise<void>;
}

let harnesses = 0;

export async function startHarness(options: Partial<AgentOptions> & { script?: Step[] } = {}): Promise<Harness> {
  const { script, ...agentOptions } = options;
  const api = await startFakeMessagesApi({ script });
  const store = agentOptions.store ?? createMemoryStore();
  const toolLog = { calls: [] as { name: string; input: unknown }[] };
  const agents: Agent[] = [];
  const make = async (overrides: Partial<AgentOptions> = {}) => {
    const ui = new RecordingFrontEnd();
    const agent = await createAgent({
      registry: testRegistry(toolLog),
      model: { client: api.client(), model: 'claude-test' },
      frontEnd: ui.factory,
      ...agentOptions,
      store,
      ...overrides,
    });
    agents.push(agent);
    return { agent, ui };
  };
  const first = await make();
  const threadKey = `C1:${++harnesses}.${process.pid}`;
  const message = (text: string, extra: Partial<SubmitInput> = {}): SubmitInput => ({
    threadKey,
    requester: ALICE,
    text,
    context: { filesDir: '/tmp/planebot-test', scope: 'C1', channel: '#eng', planeMember: 'alice (Alice Martin)' },
    frontEndState: { statusMessage: 'ts-1' },
    ...extra,
  });
  return {
    api,
    store,
    ui: first.ui,
    toolLog,
    agent: first.agent,
    threadKey,
    otherAgent: make,
    message,
    say: (text, extra) => first.agent.submit(message(text, extra)),
    async close() {
      for (const agent of agents) await agent.close();
      await api.close();
    },
  };
}
