import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');
import type { FieldChange, ItemSnapshot } from '../../../src/notifications/notices.js';
import { mergeItemNotices } from '../../../src/notifications/notices.js';
import {
  buildChangeLine,
  buildCommentMessage,
  buildDirectNotice,
  buildNotificationCard,
  describeChange,
} from '../../../src/slack/notifications/notification.blocks.js';
import { EMOJI_RUN, HOSTILE_TEXTS, long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { assertInert } from './safety.js';

const ITEM: ItemSnapshot = {
  id: '7c1f0a52-3f0e-4d8e-9a51-2f3b8f0f6a11',
  projectId: '4af68566-94a4-4eb3-94aa-50dc9427067b',
  key: 'ACME-130',
  title: 'Login fails on Safari',
  url: 'https://app.plane.so/acme/browse/ACME-130/',
  state: 'In Progress',
  stateGroup: 'started',
  priority: 'high',
  assignees: ['alice', 'bob'],
  assigneeIds: ['9b1e5c1a-2a47-4c1e-8d3e-0f6f1b7a2c10'],
  labels: ['bug'],
};

const change = (field: string, from: string[], to: string[], actor = 'alice'): FieldChange => ({ actor, field, from, to });

describe('notification blocks', () => {
  it('a burst of changes reads as one line, state first, whatever order the deliveries came in', () => {
    const line = buildChangeLine(
      ITEM,
      [
        change('assignees', ['alice'], ['alice', 'bob']),
        change('priority', ['medium'], ['high']),
        change('state', ['Todo'], ['In Progress']),
      ],
      EN,
    );
    assertWithinSlackLimits(line);
    expect(line.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*alice*: Todo → In Progress · priority high · assigned bob', verbatim: true } },
    ]);
    expect(line.text).toBe('ACME-130: alice: Todo → In Progress · priority high · assigned bob');
  });

  it('describes each kind of change in a few words, never with ids', () => {
    expect(describeChange(change('labels', ['bug'], ['docs']), EN)).toBe('labelled docs · unlabelled bug');
    expect(describeChange(change('assignees', ['bob'], []), EN)).toBe('unassigned bob');
    expect(describeChange(change('name', ['Old'], ['New']), EN)).toBe('renamed to “New”');
    expect(describeChange(change('target_date', ['2026-01-01'], []), EN)).toBe('due date removed');
    expect(describeChange(change('description_html', [], ['description_html']), EN)).toBe('edited the description');
    expect(describeChange(change('estimate_point', [], ['estimate_point']), EN)).toBe('changed the estimate point');
  });

  it('two people in one burst: one line, each with their own changes', () => {
    const line = buildChangeLine(ITEM, [change('state', ['Todo'], ['Done'], 'alice'), change('priority', ['low'], ['high'], 'bob')], EN);
    expect(line.blocks[0]).toMatchObject({ text: { text: '*alice*: Todo → Done; *bob*: priority high' } });
  });

  it('merging keeps one change per person and field, and drops one that came back to where it was', () => {
    const merged = mergeItemNotices(
      { item: ITEM, changes: [change('state', ['Todo'], ['In Progress']), change('priority', ['low'], ['high'])] },
      { item: { ...ITEM, state: 'Done' }, changes: [change('state', ['In Progress'], ['Done']), change('priority', ['high'], ['low'])] },
    );
    expect(merged.item.state).toBe('Done');
    expect(merged.changes).toEqual([change('state', ['Todo'], ['Done'])]);
  });

  it('stays within every limit and inert with huge hostile names, values and comments', () => {
    for (const hostile of [...HOSTILE_TEXTS, `${PING_ATTEMPTS} ${long(5000)}`, EMOJI_RUN]) {
      const item: ItemSnapshot = {
        ...ITEM,
        key: hostile.slice(0, 200),
        title: hostile,
        state: hostile,
        assignees: Array(60).fill(hostile),
        labels: Array(60).fill(hostile),
      };
      const changes = Array.from({ length: 40 }, (_, i) =>
        change(['state', 'assignees', 'labels', 'name', 'other_field'][i % 5]!, [hostile], Array(30).fill(hostile), `${hostile}${i}`),
      );
      for (const message of [
        buildChangeLine(item, changes, EN),
        buildCommentMessage(item, hostile, { text: `${hostile}\n${long(20_000)}` }, EN),
        buildNotificationCard(item, EN, hostile),
        buildDirectNotice(item, `${hostile} assigned you`, EN),
      ]) {
        assertWithinSlackLimits(message);
        assertInert(message);
      }
    }
  });
});
