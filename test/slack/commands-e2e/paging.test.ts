import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { ACTION_IDS } from '../../../src/slack/blocks/action-ids.js';
import { channelFilesDir } from '../../../src/files/channel-files.js';
import type { Task } from '../../../src/tasks/format.js';
import { renderTaskList, renderTree } from '../../../src/tasks/render.js';
import type { TodoItem } from '../../../src/tools/todo/format.js';
import { eventually } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { ALICE, BOB, OPS, blockTexts, buttons, codeLines, run, sharedBot } from './support.js';

const harness = sharedBot({ freshChannelFiles: true });

const STATUSES = ['todo', 'in-progress', 'done', 'blocked'] as const;

/** 30 top-level tasks with 9 subtasks each: 300 tasks, 300 lines of tree. */
function bigTree(): Task[] {
  return Array.from({ length: 30 }, (_, i) => {
    const id = String(i + 1);
    return {
      id,
      title: `Workstream ${id} with a reasonably descriptive title`,
      status: STATUSES[i % 4]!,
      priority: 'normal',
      subtasks: Array.from({ length: 9 }, (_, j) => ({
        id: `${id}-${j + 1}`,
        title: `Step ${j + 1} of workstream ${id}`,
        status: STATUSES[j % 4]!,
        priority: j % 2 === 0 ? 'high' : 'low',
        parent: id,
        assignee: j % 3 === 0 ? 'alice' : 'bob',
        subtasks: [],
      })),
    };
  });
}

async function writeChannelFile(name: string, content: unknown): Promise<void> {
  const dir = channelFilesDir(harness().dataDir, OPS);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), JSON.stringify(content));
}

/** Clicks "More" on each page until a page has none; returns every page, the first included. */
async function clickThrough(first: SlackMessage, actionId: string, user = ALICE): Promise<SlackMessage[]> {
  const { slack } = harness();
  const pages = [first];
  for (let page = first; buttons(page).length > 0; ) {
    expect(pages.length).toBeLessThan(20);
    const [more] = buttons(page);
    expect(more).toMatchObject({ action_id: actionId, text: { text: expect.stringMatching(/^More \(\d+ more lines\)$/) } });
    const before = slack.workspace.messages(OPS).length;
    const answer = await slack.clickButton({ user, channel: OPS, messageTs: page.ts, actionId });
    expect(answer.status).toBe(200);
    const previous = page;
    page = await eventually(() => slack.workspace.messages(OPS).slice(before)[0], 10_000, 'the next page');
    // The clicked page keeps its lines and loses its button, once the next page is out.
    await eventually(() => buttons(slack.workspace.message(OPS, previous.ts)!).length === 0, 10_000, 'the button to go');
    expect(blockTexts(slack.workspace.message(OPS, previous.ts)!)).toContain('More in the next message ↓');
    pages.push(page);
  }
  for (const page of pages) assertWithinSlackLimits({ text: page.text, blocks: page.blocks });
  return pages;
}

describe('paging', () => {
  it('pages a tree of 300 tasks with "More" until the end: every line once, in order', async () => {
    const tasks = bigTree();
    await writeChannelFile('tasks.json', { version: 1, tasks });
    const { channel } = await run(harness(), { command: '/task', text: 'tree' }, { channel: 1 });
    const pages = await clickThrough(channel[0]!, ACTION_IDS.taskTreeMore, BOB);
    expect(pages.length).toBe(3);
    expect(pages.flatMap(codeLines)).toEqual(renderTree(tasks));
    expect(pages.map((page) => blockTexts(page).find((text) => text.startsWith('Lines ')))).toEqual([
      'Lines 1–100 of 300',
      'Lines 101–200 of 300',
      'Lines 201–300 of 300',
    ]);
    expect(pages.every((page) => page.thread_ts === undefined)).toBe(true);
  });

  it('pages the top-level list with its own view, not the tree', async () => {
    const tasks = Array.from(
      { length: 130 },
      (_, i): Task => ({ id: String(i + 1), title: `Task ${i + 1}`, status: 'todo', priority: 'normal', subtasks: [] }),
    );
    tasks[0]!.subtasks = [{ id: '1-1', title: 'Hidden in the list', status: 'done', priority: 'normal', parent: '1', subtasks: [] }];
    await writeChannelFile('tasks.json', { version: 1, tasks });
    const { channel } = await run(harness(), { command: '/task', text: 'list' }, { channel: 1 });
    const pages = await clickThrough(channel[0]!, ACTION_IDS.taskTreeMore);
    expect(pages.length).toBe(2);
    expect(pages.flatMap(codeLines)).toEqual(renderTaskList(tasks));
  });

  it('pages a long todo list, repeating the group heading on the page it continues', async () => {
    const items = Array.from(
      { length: 250 },
      (_, i): TodoItem => ({
        id: String(i + 1),
        title: `Item ${i + 1}`,
        status: i < 180 ? 'todo' : i < 200 ? 'blocked' : 'done',
        ...(i % 10 === 0 && { tags: ['ops'] }),
      }),
    );
    await writeChannelFile('.todos.json', { version: 1, items });
    const { channel } = await run(harness(), { command: '/todo', text: 'list' }, { channel: 1 });
    const pages = await clickThrough(channel[0]!, ACTION_IDS.todoListMore);
    expect(pages.length).toBe(3);
    const lines = pages.flatMap((page) =>
      blockTexts(page)
        .filter((text) => /^[*○⛔✓]/.test(text))
        .flatMap((text) => text.split('\n')),
    );
    const itemLines = lines.filter((line) => /^[○⛔✓] \[/.test(line));
    expect(itemLines.map((line) => /\[(\d+)\]/.exec(line)?.[1])).toEqual(items.map((item) => item.id));
    expect(itemLines[0]).toBe('○ [1] Item 1 #ops');
    expect(lines).toContain('*To do* (180)');
    expect(lines).toContain('*To do* (180, continued)');
  });

  it('posts a page once however many times its button is clicked', async () => {
    await writeChannelFile('tasks.json', { version: 1, tasks: bigTree() });
    const { channel } = await run(harness(), { command: '/task', text: 'tree' }, { channel: 1 });
    const first = channel[0]!;
    const { slack } = harness();
    const before = slack.workspace.messages(OPS).length;
    const click = () => slack.clickButton({ user: ALICE, channel: OPS, messageTs: first.ts, actionId: ACTION_IDS.taskTreeMore });
    await Promise.all([click(), click()]);
    await eventually(() => buttons(slack.workspace.message(OPS, first.ts)!).length === 0, 10_000, 'the button to go');
    await slack.settled();
    expect(slack.workspace.messages(OPS).slice(before)).toHaveLength(1);
  });
});
