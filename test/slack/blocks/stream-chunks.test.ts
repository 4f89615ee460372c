import { describe, expect, it } from 'vitest';
import type { PlanItem } from '../../../src/agent/index.js';
import { LOCALES, translator } from '../../../src/i18n/index.js';
import {
  changedChunks,
  cutStreamedMarkdown,
  inertMarkdown,
  openFence,
  planChunks as planChunksIn,
  STREAM_LIMITS,
} from '../../../src/slack/progress/stream-chunks.blocks.js';
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
    const plan = Array.from({ length: 1000 }, (_, i) =>
      item(`${HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]} ${long(3000)}`, 'pending', 'x'.repeat(5000)),
    );
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

/**
 * Streams `answer` in pieces of the given sizes as AnswerStream does (appends that hold the last
 * line near a message's end, then a final stop), and returns the messages' Markdown.
 */
function streamInPieces(answer: string, sizes: readonly number[], room: number = STREAM_LIMITS.markdownPerMessage): string[] {
  const messages = [''];
  let waiting = '';
  let at = 0;
  const send = (holding: boolean) => {
    for (;;) {
      const current = messages.at(-1)!;
      const cut = cutStreamedMarkdown(waiting, current, room - current.length, holding);
      messages[messages.length - 1] = current + cut.text;
      waiting = cut.reopen + waiting.slice(cut.consumed);
      if (!cut.full) return;
      messages.push('');
    }
  };
  for (let i = 0; at < answer.length; i++) {
    const size = sizes[i % sizes.length]!;
    waiting += answer.slice(at, at + size);
    at += size;
    send(true);
  }
  send(false);
  return messages.filter((m) => m !== '');
}

/** The answer again from its messages: each closing fence added at a cut and its reopening removed. */
function rejoin(messages: readonly string[]): string {
  let text = '';
  let reopen = '';
  for (const message of messages) {
    let body = reopen && message.startsWith(reopen) ? message.slice(reopen.length) : message;
    const fence = openFence(text + body.replace(/\n?(`{3,}|~{3,})$/, ''));
    const closedHere = fence !== undefined && openFence(text + body) === undefined;
    if (closedHere) body = body.replace(/\n?(`{3,}|~{3,})$/, (m) => (m.startsWith('\n') ? '\n' : ''));
    reopen = closedHere ? `${fence}\n` : '';
    text += body;
  }
  return text;
}

describe('cutStreamedMarkdown: where a long streamed answer goes on in a new message', () => {
  const word = (i: number) => ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'][i % 6]!;
  const paragraph = (i: number) =>
    i % 7 === 3
      ? `\`\`\`ts\n${Array.from({ length: 40 }, (_, j) => `const line${j} = "${word(i + j)} ${word(j)}";`).join('\n')}\n\`\`\``
      : i % 7 === 5
        ? `- item with a [link to the ${word(i)} runbook](https://example.com/${word(i)}/runbook) and **bold ${word(i)} words**\n- another ${word(i + 1)} item`
        : `${Array.from({ length: 60 }, (_, j) => word(i * 3 + j)).join(' ')}.`;
  const answer = Array.from({ length: 400 }, (_, i) => paragraph(i)).join('\n\n');

  it('splits an 84,000-character answer streamed in odd-sized pieces at paragraph or line breaks, closing and reopening code blocks, cutting no word or link', () => {
    expect(answer.length).toBeGreaterThan(84_000);
    const messages = streamInPieces(answer, [7, 113, 1, 2_048, 333, 29]);
    expect(messages.length).toBeGreaterThanOrEqual(8);
    for (const message of messages) {
      expect(message.length).toBeLessThanOrEqual(STREAM_LIMITS.markdownPerMessage + 4);
      // Every message stands alone: no code block left open.
      expect(openFence(message)).toBeUndefined();
    }
    for (const message of messages.slice(0, -1)) {
      // Each ends at a line break (or a closed code block), never inside a word or a link.
      expect(message).toMatch(/(\n|```)$/);
      expect(message).not.toMatch(/\[[^\]\n]*$/);
    }
    expect(rejoin(messages)).toBe(answer);
  });

  it('cuts one line longer than a message between words, outside links and inline code', () => {
    const line = Array.from({ length: 900 }, (_, i) =>
      i % 50 === 49 ? '[a link with words](https://example.com/x)' : `${word(i)} \`co de\``,
    ).join(' ');
    const messages = streamInPieces(line, [50_000], 2_000);
    expect(messages.join('')).toBe(line);
    for (const message of messages.slice(0, -1)) {
      expect(message).toMatch(/ $/);
      expect(message).not.toMatch(/\[[^\]]*$/);
      expect((message.match(/`/g)?.length ?? 0) % 2).toBe(0);
    }
  });

  it('closes a code block a message ends in, and the next message reopens it with its language', () => {
    const cut = cutStreamedMarkdown('line 2\nline 3\n', 'intro\n```python\nline 1\n', 12);
    expect(cut).toEqual({ text: 'line 2\n```', consumed: 7, reopen: '```python\n', full: true });
  });

  it('takes a word longer than a whole message in pieces, never splitting a surrogate pair', () => {
    const cut = cutStreamedMarkdown(EMOJI_RUN, '', 15);
    expect(cut.full).toBe(true);
    expect(cut.consumed).toBeGreaterThan(0);
    const last = cut.text.charCodeAt(cut.text.length - 1);
    expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
  });
});

describe('inertMarkdown', () => {
  it('defuses mentions and broadcasts and drops control characters', () => {
    expect(inertMarkdown(`${PING_ATTEMPTS}\u0000\u001b`)).not.toMatch(/<[!@#]|@(here|channel|everyone)\b|[\u0000\u001b]/);
  });
});
