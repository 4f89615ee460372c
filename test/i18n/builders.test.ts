import { describe, expect, it } from 'vitest';
import { LOCALES, translator } from '../../src/i18n/index.js';
import { buildConfirmation } from '../../src/slack/blocks/confirmation.js';
import { buildError } from '../../src/slack/blocks/error.js';
import { buildTaskEvent } from '../../src/slack/blocks/task-event.js';
import { buildTaskTree } from '../../src/slack/blocks/task-tree.js';
import { buildTodoList } from '../../src/slack/blocks/todo-list.js';
import { buildHelp } from '../../src/slack/commands/help.js';
import type { TodoItem } from '../../src/tools/todo/format.js';
import { HOSTILE_TEXTS, long, PING_ATTEMPTS } from '../slack/blocks/hostile.js';
import { assertWithinSlackLimits } from '../slack/blocks/limits.js';
import { assertInert } from '../slack/blocks/safety.js';

/**
 * Every Block Kit builder, in every language, with large and hostile input: within Slack's limits
 * and inert. (The catalogue test checks the texts; this one checks what the builders make of them.)
 */
describe.each(LOCALES)('the builders in %s', (locale) => {
  const t = translator(locale);

  it('help of every command', () => {
    for (const command of ['task', 'todo', 'plane'] as const) {
      const message = buildHelp(command, t);
      assertWithinSlackLimits(message);
      assertInert(message);
    }
  });

  it('errors and confirmations', () => {
    for (const text of HOSTILE_TEXTS) {
      assertWithinSlackLimits(buildError({ reason: text, usage: text }, t));
      const confirmation = buildConfirmation({ summary: `✓ ${text}`, lines: Array.from({ length: 400 }, () => text), notes: [text, text] }, t);
      assertWithinSlackLimits(confirmation);
      assertInert(confirmation);
    }
  });

  it('task trees, todo lists and their pages', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `├─ → [${i}] ${HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]!.slice(0, 600)} [HIGH]`);
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const message = buildTaskTree({ title: long(400), lines, cursor }, t);
      assertWithinSlackLimits(message);
      assertInert(message);
      cursor = JSON.stringify(message).match(/"value":"(\d+)"/)?.[1];
    }
    assertWithinSlackLimits(buildTaskTree({ title: 'x', lines: [] }, t));
    const items: TodoItem[] = Array.from({ length: 1000 }, (_, i) => ({
      id: String(i + 1),
      title: `${PING_ATTEMPTS} ${long(700)}`,
      status: (['todo', 'done', 'blocked'] as const)[i % 3]!,
      tags: [long(300)],
      dueAt: '2031-01-01',
    }));
    const todos = buildTodoList({ title: long(400), items, cursor: '400' }, t);
    assertWithinSlackLimits(todos);
    assertInert(todos);
    assertWithinSlackLimits(buildTodoList({ title: 'x', items: [] }, t));
  });

  it('task event lines', () => {
    const message = buildTaskEvent({ id: long(3000), title: `${PING_ATTEMPTS}${long(3000)}`, status: PING_ATTEMPTS, by: '<!channel>' }, t);
    assertWithinSlackLimits(message);
    expect(message.text.length).toBeLessThan(600);
  });
});
