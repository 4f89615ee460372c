import { describe, expect, it } from 'vitest';
import { LOCALES, phrase, translator } from '../../../src/i18n/index.js';
import { buildStatus, subAgentLine, type PlanItemView, type SubAgentLineView } from '../../../src/slack/progress/status.blocks.js';
import type { SlackMessage } from '../../../src/slack/blocks/types.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { assertInert } from './safety.js';

const PLAN: PlanItemView[] = [
  { id: '1', content: 'Read ACME-130', status: 'completed' },
  { id: '2', content: 'Update the state', status: 'in_progress' },
  { id: '3', content: 'Comment', status: 'pending' },
  { id: '4', content: 'Ping the team', status: 'cancelled' },
];

function allText(message: SlackMessage): string {
  return JSON.stringify(message.blocks);
}

describe('durations (Intl.DurationFormat in the reader’s language)', () => {
  it.each([
    [0, 'under a second', 'moins d’une seconde', '不到一秒'],
    [400, 'under a second', 'moins d’une seconde', '不到一秒'],
    [1500, '2s', '2s', '2秒'],
    [59_000, '59s', '59s', '59秒'],
    [83_000, '1m 23s', '1min 23s', '1分钟23秒'],
    [3_600_000 + 5 * 60_000, '1h 5m', '1h 5min', '1小时5分钟'],
  ])('%i ms → %s, %s, %s', (ms, en, fr, zh) => {
    expect(translator('en').duration(ms)).toBe(en);
    expect(translator('fr').duration(ms)).toBe(fr);
    expect(translator('zh-CN').duration(ms)).toBe(zh);
  });
});

describe('buildStatus', () => {
  it('shows the plan as a checklist, progress and the step under way', () => {
    const message = buildStatus({ phase: 'running', plan: PLAN, step: 'Reading ACME-130…' });
    assertWithinSlackLimits(message);
    expect(message.blocks[0]).toMatchObject({
      type: 'section',
      text: { text: '✓ Read ACME-130\n→ Update the state\n○ Comment\n✗ Ping the team' },
    });
    expect(message.blocks[1]).toMatchObject({ type: 'context', elements: [{ text: '1/4 tasks completed · Reading ACME-130…' }] });
    expect(message.text).toBe('Working — 1/4 tasks completed — Reading ACME-130…');
  });

  it('says it is working before there is a plan', () => {
    const message = buildStatus({ phase: 'running', plan: [] });
    assertWithinSlackLimits(message);
    expect(message.blocks).toEqual([{ type: 'context', elements: [{ type: 'mrkdwn', text: 'Working…', verbatim: true }] }]);
  });

  it('shows the final plan, the time taken and the number of tool calls', () => {
    const message = buildStatus({ phase: 'done', plan: PLAN, elapsedMs: 83_000, toolCalls: 7 });
    assertWithinSlackLimits(message);
    expect(message.text).toBe('Done in 1m 23s · 7 tool calls');
    expect(allText(message)).toContain('✓ Done in 1m 23s · 7 tool calls · 1/4 tasks completed');
    expect(message.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(buildStatus({ phase: 'done', plan: [], elapsedMs: 1000, toolCalls: 1 }).text).toBe('Done in 1s · 1 tool call');
  });

  it('says what failed and offers Retry', () => {
    const failure = phrase('runEnd.modelApi', { problem: 'failed', status: '503', detail: 'Overloaded' });
    const message = buildStatus({ phase: 'failed', plan: PLAN, failure, retryValue: 'run:abc', elapsedMs: 2000, toolCalls: 2 });
    assertWithinSlackLimits(message);
    expect(message.text).toBe('Failed: The model API failed (503): Overloaded');
    expect(allText(message)).toContain('✗ *Failed:* The model API failed (503): Overloaded');
    expect(buildStatus({ phase: 'failed', plan: [], failure }, translator('fr')).text).toBe(
      'Échec\u202f: L’API du modèle a échoué (503)\u202f: Overloaded',
    );
    expect(allText(message)).toContain('after 2s · 2 tool calls · 1/4 tasks completed');
    expect(message.blocks.at(-1)).toMatchObject({
      type: 'actions',
      elements: [{ type: 'button', action_id: 'run_retry', value: 'run:abc', text: { text: 'Retry' } }],
    });
  });

  it('keeps 1,000 hostile plan steps within every limit and says how many are not shown', () => {
    const plan = Array.from(
      { length: 1000 },
      (_, i): PlanItemView => ({
        id: String(i),
        content: `${PING_ATTEMPTS} ${long(3000)}`,
        status: (['pending', 'in_progress', 'completed', 'cancelled'] as const)[i % 4] ?? 'pending',
      }),
    );
    for (const message of [
      buildStatus({ phase: 'running', plan, step: long(5000) }),
      buildStatus({ phase: 'done', plan, elapsedMs: 1, toolCalls: 1000 }),
      buildStatus({ phase: 'failed', plan, failure: phrase('runEnd.internal', { detail: long(10_000) }), retryValue: 'r'.repeat(2000) }),
      buildStatus({
        phase: 'stranded',
        plan,
        reason: phrase('runEnd.storeUnreachable', { detail: long(10_000) }),
        elapsedMs: 1,
        toolCalls: 1000,
      }),
    ]) {
      assertWithinSlackLimits(message);
      assertInert(message);
      expect(allText(message)).toMatch(/… and \d+ more steps|… et \d+ autres étapes|… 还有 \d+ 个步骤/);
      expect(allText(message)).toContain('250/1000 tasks completed');
    }
  });

  it('carries a Stop button while running when it knows the run', () => {
    const message = buildStatus({ phase: 'running', plan: PLAN, step: 'Reading ACME-130…', stopValue: 'run-abc' });
    assertWithinSlackLimits(message);
    expect(message.blocks.at(-1)).toEqual({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Stop', emoji: true },
          action_id: 'run_stop',
          value: 'run-abc',
          style: 'danger',
        },
      ],
    });
    expect(() => buildStatus({ phase: 'running', plan: [], stopValue: 'r'.repeat(2001) })).toThrow(RangeError);
  });

  it('says who stopped the run, after how long and how many tool calls, with no buttons', () => {
    const message = buildStatus({ phase: 'stopped', plan: PLAN, stoppedById: 'U0ALICE', elapsedMs: 12_000, toolCalls: 2 });
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(message.text).toBe('Stopped by <@U0ALICE>');
    expect(allText(message)).toContain('■ Stopped by <@U0ALICE> · after 12s · 2 tool calls · 1/4 tasks completed');
    expect(message.blocks.some((block) => block.type === 'actions')).toBe(false);
  });

  it('says who stopped it in the requester’s language, within every limit', () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const stopped = buildStatus({ phase: 'stopped', plan: PLAN, stoppedById: 'U0ALICE', elapsedMs: 12_000, toolCalls: 1 }, t);
      const running = buildStatus({ phase: 'running', plan: PLAN, stopValue: 'run-abc' }, t);
      for (const message of [stopped, running]) assertWithinSlackLimits(message);
      expect(stopped.text).toBe(t.t('runControl.stoppedBy', { who: '<@U0ALICE>' }));
      expect(allText(running)).toContain(JSON.stringify(t.t('runControl.stop')));
    }
    expect(
      buildStatus({ phase: 'stopped', plan: [], stoppedById: 'U0ALICE', elapsedMs: 12_000, toolCalls: 2 }, translator('fr')).text,
    ).toBe('Arrêté par <@U0ALICE>');
    expect(
      allText(buildStatus({ phase: 'stopped', plan: [], stoppedById: 'U0ALICE', elapsedMs: 12_000, toolCalls: 2 }, translator('zh-CN'))),
    ).toContain('2 次工具调用');
  });

  it('keeps a stopped run with 1,000 hostile steps and a hostile stopper within every limit', () => {
    const plan = Array.from(
      { length: 1000 },
      (_, i): PlanItemView => ({ id: String(i), content: `${PING_ATTEMPTS} ${long(3000)}`, status: 'pending' }),
    );
    for (const message of [
      buildStatus({ phase: 'stopped', plan, stoppedById: PING_ATTEMPTS, elapsedMs: 1, toolCalls: 1 }),
      buildStatus({ phase: 'running', plan, step: long(5000), stopValue: 'r'.repeat(2000) }),
    ]) {
      assertWithinSlackLimits(message);
      assertInert(message);
    }
  });

  const sub = (over: Partial<SubAgentLineView>): SubAgentLineView => ({
    title: 'Audit ACME bugs',
    phase: 'running',
    plan: { items: PLAN, progress: '1/4 tasks completed' },
    toolCalls: 5,
    durationMs: 12_000,
    ...over,
  });

  it('nests each sub-agent under the plan: its progress and step, then its time and tool calls', () => {
    expect(subAgentLine(sub({ step: 'Reading ACME-12…' }))).toBe('↳ Audit ACME bugs — 1/4 · Reading ACME-12…');
    expect(subAgentLine(sub({}))).toBe('↳ Audit ACME bugs — 1/4 · Update the state');
    expect(subAgentLine(sub({ plan: { items: [], progress: '0/0 tasks completed' } }))).toBe('↳ Audit ACME bugs — Thinking…');
    expect(subAgentLine(sub({ phase: 'queued' }))).toBe('↳ Audit ACME bugs — waiting for a free slot');
    expect(subAgentLine(sub({ phase: 'waiting' }))).toBe('↳ Audit ACME bugs — 1/4 · waiting for approval');
    expect(subAgentLine(sub({ phase: 'finished', outcome: 'done' }))).toBe('↳ ✓ Audit ACME bugs — 12s · 5 tool calls');
    expect(subAgentLine(sub({ phase: 'finished', outcome: 'capped' }))).toBe(
      '↳ ⚠ Audit ACME bugs — stopped at its limit · 12s · 5 tool calls',
    );
    expect(subAgentLine(sub({ phase: 'finished', outcome: 'failed', toolCalls: 1 }))).toBe(
      '↳ ✗ Audit ACME bugs — failed · 12s · 1 tool call',
    );

    const running = buildStatus({
      phase: 'running',
      plan: PLAN,
      step: 'Delegating 2 tasks…',
      subAgents: [sub({ step: 'Reading ACME-12…' }), sub({ title: 'Audit OPS', phase: 'queued' })],
    });
    assertWithinSlackLimits(running);
    expect(running.blocks[1]).toMatchObject({
      type: 'section',
      text: { text: '↳ Audit ACME bugs — 1/4 · Reading ACME-12…\n↳ Audit OPS — waiting for a free slot' },
    });
    const done = buildStatus({
      phase: 'done',
      plan: PLAN,
      elapsedMs: 20_000,
      toolCalls: 2,
      subAgents: [sub({ phase: 'finished', outcome: 'done' })],
    });
    expect(allText(done)).toContain('↳ ✓ Audit ACME bugs — 12s · 5 tool calls');
    // In the reader's language.
    expect(subAgentLine(sub({ phase: 'queued' }), translator('fr'))).toBe('↳ Audit ACME bugs — attend une place libre');
    expect(subAgentLine(sub({ phase: 'finished', outcome: 'capped', toolCalls: 1 }), translator('fr'))).toBe(
      '↳ ⚠ Audit ACME bugs — arrêté à sa limite · 12s · 1 appel d’outil',
    );
    expect(subAgentLine(sub({ phase: 'waiting' }), translator('zh-CN'))).toBe('↳ Audit ACME bugs — 1/4 · 等待批准');
  });

  it('keeps hostile sub-agents within every limit', () => {
    const subAgents = Array.from({ length: 60 }, (_, i) =>
      sub({
        title: `${PING_ATTEMPTS} ${long(3000)}`,
        step: long(5000),
        phase: (['queued', 'running', 'waiting', 'finished'] as const)[i % 4]!,
      }),
    );
    const plan = Array.from({ length: 1000 }, (_, i): PlanItemView => ({ id: String(i), content: long(3000), status: 'pending' }));
    for (const message of [
      buildStatus({ phase: 'running', plan, step: long(5000), subAgents }),
      buildStatus({ phase: 'done', plan, elapsedMs: 1, toolCalls: 1000, subAgents }),
      buildStatus({ phase: 'failed', plan, failure: phrase('runEnd.internal', { detail: long(10_000) }), retryValue: 'r', subAgents }),
      buildStatus({ phase: 'running', plan, step: long(5000), subAgents }, translator('fr')),
      buildStatus({ phase: 'done', plan, elapsedMs: 1, toolCalls: 1000, subAgents }, translator('zh-CN')),
    ]) {
      assertWithinSlackLimits(message);
      assertInert(message);
      expect(allText(message)).toMatch(/… and \d+ more sub-agents|… et \d+ autres sous-agents|… 另有 \d+ 个子代理/);
      expect(allText(message)).toMatch(/… and \d+ more steps|… et \d+ autres étapes|… 还有 \d+ 个步骤/);
    }
  });

  it('refuses a Retry value Slack would refuse', () => {
    expect(() =>
      buildStatus({ phase: 'failed', plan: [], failure: phrase('runEnd.internal', { detail: 'x' }), retryValue: 'r'.repeat(2001) }),
    ).toThrow(RangeError);
  });
});
