import { describe, expect, it } from 'vitest';
import { buildError } from '../../../src/slack/blocks/error.blocks.js';
import { buildHelp } from '../../../src/slack/commands/help.js';
import { buildTaskEvent } from '../../../src/slack/tasks/task-event.blocks.js';
import { helpOf } from '../../../src/slack/commands/usage.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { assertInert } from './safety.js';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');

describe('buildHelp', () => {
  it.each(['task', 'todo', 'plane'] as const)('lists every /%s usage line, escaped', (command) => {
    const message = buildHelp(command, EN);
    assertWithinSlackLimits(message);
    assertInert(message);
    const json = JSON.stringify(message.blocks);
    for (const entry of helpOf(command, EN).entries) {
      expect(json).toContain(JSON.stringify(entry.usage.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')).slice(1, -1));
    }
    expect(message.blocks[0]).toMatchObject({ type: 'header', text: { text: `/${command}` } });
  });
});

describe('buildError', () => {
  it('shows the reason on one line and the usage line', () => {
    const message = buildError({ reason: 'Missing the title\nreally', usage: '/task add <title>' }, EN);
    assertWithinSlackLimits(message);
    expect(message.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '⚠️ Missing the title really', verbatim: true } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'Usage: `/task add &lt;title&gt;`', verbatim: true }] },
    ]);
    expect(message.text).toBe('Missing the title really — Usage: /task add &lt;title&gt;');
  });

  it('works without a usage line and with hostile or empty reasons', () => {
    for (const reason of ['', PING_ATTEMPTS, long(10_000)]) {
      const message = buildError({ reason }, EN);
      assertWithinSlackLimits(message);
      assertInert(message);
      expect(message.blocks).toHaveLength(1);
    }
  });
});

describe('buildTaskEvent', () => {
  it('is one line: task, new status and who', () => {
    const message = buildTaskEvent({ id: '1-2', title: 'Write tests', status: 'done', by: 'U0ALICE' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(message.text).toBe('Task [1-2] Write tests → done (by <@U0ALICE>)');
    expect(message.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: message.text, verbatim: true } }]);
  });

  it('shows a name as text and leaves out an absent actor', () => {
    expect(buildTaskEvent({ id: '1', title: 'T', status: 'blocked', by: 'alice' }, EN).text).toBe('Task [1] T → blocked (by alice)');
    expect(buildTaskEvent({ id: '1', title: 'T', status: 'todo' }, EN).text).toBe('Task [1] T → todo');
  });

  it('stays short and inert with hostile values', () => {
    const message = buildTaskEvent({ id: long(3000), title: `${PING_ATTEMPTS}${long(3000)}`, status: PING_ATTEMPTS, by: '<!channel>' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message);
    expect(message.text.length).toBeLessThan(600);
  });
});
