import { describe, expect, it } from 'vitest';
import type { PlanItem } from '../../../src/agent/index.js';
import { LOCALES, translator } from '../../../src/i18n/index.js';
import { changedChunks, fitMarkdown, inertMarkdown, planChunks as planChunksIn } from '../../../src/slack/blocks/stream-chunks.js';
import { EMOJI_RUN, HOSTILE_TEXTS, long, PING_ATTEMPTS } from './hostile.js';
import { streamCallViolations } from './limits.js';

const EN = translator('en');
const planChunks = (plan: PlanItem[], title?: string) => planChunksIn(plan, EN, title);
const item = (content: string, status: PlanItem['status'] = 'pending', id = content): PlanItem => ({ id, content, status });

describe('planChunks', () => {
  it('is the plan title and one task per step, with Slack’s statuses', () => {
    expect(planChunks([item('Read', 'completed'), item('Write', 'in_progress'), item('Ping', 'cancelled'), item('Check')])).toEqual([
      { type: 'plan_update', title: 'Plan' },
      { type: 'task_update', id: 'step-1', title: 'Read', status: 'complete' },
      { type: 'task_update', id: 'step-2', title: 'Write', status: 'in_progress' },
      { type: 'task_update', id: 'step-3', title: 'Ping', status: 'error', details: 'Cancelled' },
      { type: 'task_update', id: 'step-4', title: 'Check', status: 'pending' },
    ]);
  });

  it('keeps 1,000 hostile steps within every streaming limit and says how many are not shown', () => {
    const plan = Array.from({ length: 1000 }, (_, i) => item(`${HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]} ${long(3000)}`, 'pending', 'x'.repeat(5000)));
    const chunks = planChunks(plan, long(1000));
    expect(streamCallViolations({ chunks })).toEqual([]);
    expect(chunks.filter((c) => c.type === 'task_update')).toHaveLength(40);
    expect(chunks.at(-1)).toMatchObject({ title: '… and 961 more steps' });
    expect(JSON.stringify(chunks)).not.toMatch(/<[!@#]/);
    expect(planChunks([item(' \n\t ')])[1]).toMatchObject({ title: '(untitled step)' });
  });

  it('speaks the requester’s language in its own words, within the limits', () => {
    const plan = Array.from({ length: 100 }, (_, i) => item(i === 0 ? '' : long(300), i === 1 ? 'cancelled' : 'pending'));
    for (const locale of LOCALES) {
      const t = translator(locale);
      const chunks = planChunksIn(plan, t);
      expect(streamCallViolations({ chunks })).toEqual([]);
      expect(chunks[0]).toEqual({ type: 'plan_update', title: t.t('runControl.planTitle') });
      expect(chunks[1]).toMatchObject({ title: t.t('runControl.untitledStep') });
      expect(chunks[2]).toMatchObject({ details: t.t('runControl.cancelledStep') });
      expect(chunks.at(-1)).toMatchObject({ title: t.t('runControl.moreSteps', { count: 61 }) });
    }
    expect(planChunksIn([item('a')], translator('fr'))[0]).toEqual({ type: 'plan_update', title: 'Plan' });
    expect(planChunksIn([item('a')], translator('zh-CN'))[0]).toEqual({ type: 'plan_update', title: '计划' });
  });

  it('sends again only the tasks that changed', () => {
    const before = planChunks([item('Read', 'in_progress'), item('Write')]);
    const after = planChunks([item('Read', 'completed'), item('Write')]);
    expect(changedChunks(before, after)).toEqual([{ type: 'task_update', id: 'step-1', title: 'Read', status: 'complete' }]);
    expect(changedChunks([], after)).toEqual(after);
  });
});

describe('fitMarkdown and inertMarkdown', () => {
  it('cuts at a line break, else a space, never inside a surrogate pair', () => {
    expect(fitMarkdown('one two\nthree four', 12)).toEqual(['one two', '\nthree four']);
    expect(fitMarkdown('a'.repeat(10) + ' bb', 12)).toEqual(['a'.repeat(10), ' bb']);
    const [head, tail] = fitMarkdown(EMOJI_RUN, 11);
    expect(head + tail).toBe(EMOJI_RUN);
    expect(head.length).toBeLessThanOrEqual(11);
    expect(head.at(-1)!.charCodeAt(0) >= 0xd800 && head.at(-1)!.charCodeAt(0) <= 0xdbff).toBe(false);
  });

  it('defuses mentions and broadcasts and drops control characters', () => {
    expect(inertMarkdown(`${PING_ATTEMPTS}\u0000\u001b`)).not.toMatch(/<[!@#]|@(here|channel|everyone)\b|[\u0000\u001b]/);
  });
});
