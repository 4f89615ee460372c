import { afterEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/agent/run-store.js';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { eventually } from '../harness/bot.js';
import { CHILD_START_MS, startAgentProcess } from './support/agent-process.js';
import { startBackend, type Backend } from './support/backends.js';
import { ALICE, startHarness, type Harness } from './support/harness.js';
import { lastResults, routed, type ModelTurn } from './support/sub-agent-model.js';

let h: Harness | undefined;
let backend: Backend | undefined;
afterEach(async () => {
  await h?.close();
  await backend?.close();
  h = undefined;
  backend = undefined;
});

const delegate = (...titles: string[]) =>
  toolReply([{ name: 'delegate', input: { tasks: titles.map((title) => ({ title, prompt: `Audit ${title}.` })) }, id: 'toolu_delegate' }]);

describe.each(['embedded', 'redis'] as const)('sub-agents on the %s store', (name) => {
  it('saves a run waiting on a sub-agent’s approval; another process takes the decision and finishes it, running no finished sub-agent again', async () => {
    backend = await startBackend(name);
    const firstStore = await backend.open();
    const log: ModelTurn[] = [];
    h = await startHarness({
      store: firstStore,
      script: routed(({ title, turn, request }) => {
        if (title === undefined) return turn === 0 ? delegate('ACME', 'OPS') : textReply(`Final: ${lastResults(request)}`);
        if (title === 'ACME') {
          return turn === 0
            ? toolReply([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Audit' }, id: 'toolu_sub_create' }])
            : textReply(`ACME: ${lastResults(request)}`);
        }
        return textReply('OPS is clean.');
      }, log),
    });
    const { runId } = await h.say('Audit ACME and OPS');
    await h.agent.idle();
    expect(h.ui.of('ask')[0]!.request).toMatchObject({ runId, callId: 'toolu_sub_create', subAgent: 'ACME' });
    // The first process goes away with the run waiting.
    await h.agent.close();
    await firstStore.close();

    const next = await h.otherAgent({ store: await backend.open() });
    expect(await next.agent.decide({ runId, callId: 'toolu_sub_create', decision: 'approve', decidedBy: ALICE })).toEqual({
      outcome: 'accepted',
    });
    await next.agent.idle();
    expect(h.toolLog.calls).toEqual([{ name: 'plane_create_issue', input: { project: 'ACME', title: 'Audit' } }]);
    expect(next.ui.of('settled')[0]).toMatchObject({ request: { subAgent: 'ACME' }, outcome: { decision: 'approve' } });
    const result = next.ui.result();
    expect(result.answer).toContain('ACME: Created ACME-42: Audit');
    expect(result.answer).toContain('OPS is clean.');
    expect(log.filter((t) => t.title === 'OPS')).toHaveLength(1);
    expect(log.filter((t) => t.title === 'ACME')).toHaveLength(2);
    expect(result.subAgents.map((s) => [s.title, s.outcome, s.iterations])).toEqual([
      ['ACME', 'done', 2],
      ['OPS', 'done', 1],
    ]);
    expect(result.usage.requests).toBe(5);
  });

  it('loses no sub-agent when its process is killed mid-delegation: a new process finishes the run and runs no finished one again', {
    timeout: 60_000,
  }, async () => {
    backend = await startBackend(name);
    const store = await backend.open();
    const log: ModelTurn[] = [];
    let slowAsked = 0;
    h = await startHarness({
      store,
      script: routed(async ({ title, turn, request }) => {
        if (title === undefined) return turn === 0 ? delegate('Alpha', 'Beta', 'Gamma') : textReply(`Final: ${lastResults(request)}`);
        if (title === 'Gamma') {
          slowAsked += 1;
          // The first process dies while Gamma's request is in flight.
          if (slowAsked === 1) return new Promise<never>(() => undefined);
          return textReply('Gamma report');
        }
        return turn === 0 ? toolReply([{ name: 'lookup', input: { key: `${title.toUpperCase()}-1` } }]) : textReply(`${title} report`);
      }, log),
    });
    const other = await startAgentProcess(h.api.url, h.threadKey, backend.where, 'Audit the three projects');
    const runs = new RunStore(store);
    let runId = '';
    try {
      await eventually(
        async () => {
          const [id] = Object.keys(await runs.index());
          const saved = id ? await runs.get(id) : undefined;
          const subAgents = saved?.delegations?.toolu_delegate ?? [];
          runId = id ?? '';
          return (subAgents.filter((s) => s.report).length === 2 && slowAsked === 1) || other.child.exitCode !== null;
        },
        CHILD_START_MS,
        'Alpha and Beta saved as finished by the other process',
      );
      expect(other.child.exitCode, other.output()).toBeNull();
    } finally {
      await other.kill();
    }
    expect(log.filter((t) => t.title === 'Alpha')).toHaveLength(2);
    expect(log.filter((t) => t.title === 'Beta')).toHaveLength(2);

    const { agent, ui } = await h.otherAgent();
    await eventually(async () => (await agent.resumeSaved()) === 1, 10_000, 'the dead process’s lease to expire');
    await agent.idle();
    const result = ui.result();
    expect(result.runId).toBe(runId);
    // Finished sub-agents kept their reports; only Gamma was asked again.
    expect(log.filter((t) => t.title === 'Alpha')).toHaveLength(2);
    expect(log.filter((t) => t.title === 'Beta')).toHaveLength(2);
    expect(log.filter((t) => t.title === 'Gamma')).toHaveLength(2);
    expect(log.filter((t) => t.title === undefined)).toHaveLength(2);
    expect(result.answer).toMatch(/Alpha report[\s\S]*Beta report[\s\S]*Gamma report/);
    expect(result.subAgents.map((s) => s.outcome)).toEqual(['done', 'done', 'done']);
    expect(await runs.index()).toEqual({});
  });
});
