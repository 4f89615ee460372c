/** The digest and reminder builders against 2,000 items with hostile titles: Slack's limits hold, ten lines a section, the rest counted. */
import { describe, expect, it } from 'vitest';
import { composeDigest } from '../../src/digests/digest.js';
import { NO_FILTERS } from '../../src/digests/channel-digests.js';
import { translator, LOCALES } from '../../src/i18n/index.js';
import type { State, WorkItem } from '../../src/plane/types.js';
import { buildDigest } from '../../src/slack/digests/digest.blocks.js';
import { buildReminder } from '../../src/slack/digests/reminder.blocks.js';
import { assertWithinSlackLimits } from './blocks/limits.js';

const DAY = 86_400_000;
const now = Date.parse('2026-12-07T09:00:00Z');
const states: State[] = [
  { id: 's-b', name: 'Backlog', group: 'backlog' },
  { id: 's-s', name: 'In Progress <!channel> '.repeat(5), group: 'started' },
  { id: 's-d', name: 'Done', group: 'completed' },
];
const hostile = (i: number) => `<!here> *bold* \`\`\` <@U123> & ${'long title '.repeat(40)} ${i}`;
const items: WorkItem[] = Array.from({ length: 2000 }, (_, i) => ({
  id: `w${i}`,
  name: hostile(i),
  sequence_id: i + 1,
  project: 'p',
  state: states[i % 3]!.id,
  priority: i % 2 ? 'urgent' : 'high',
  assignees: [],
  labels: [],
  start_date: null,
  target_date: '2026-11-01',
  created_at: new Date(now - DAY).toISOString(),
  updated_at: new Date(now - 30 * DAY).toISOString(),
  completed_at: new Date(now - DAY).toISOString(),
}));
const read = {
  project: { id: 'p', identifier: 'ACME', name: 'Website '.repeat(30) },
  items,
  names: { states: new Map(states.map((s) => [s.id, s])), labels: new Map(), members: new Map() },
  cycles: [
    {
      id: 'c',
      name: 'Sprint <!channel> '.repeat(20),
      start_date: '2026-12-01T00:00:00Z',
      end_date: '2026-12-14T23:59:59Z',
      total_issues: 40,
      completed_issues: 10,
      cancelled_issues: 0,
      started_issues: 5,
      backlog_issues: 0,
      unstarted_issues: 25,
    },
  ],
};

describe('digest blocks with 2,000 items', () => {
  it.each(LOCALES)('stays within Slack’s limits in %s, ten lines a section at most, the rest counted', (locale) => {
    const snapshot = { at: now - DAY, states: Object.fromEntries(items.map((i) => [i.id, 's-b'])), counts: { backlog: 2000 } };
    const { data } = composeDigest({
      read,
      url: (key) => `https://plane.example.com/acme/browse/${key}/`,
      filters: NO_FILTERS,
      staleDays: 7,
      snapshot,
      fallbackSince: now - DAY,
      now,
      today: '2026-12-07',
    });
    const message = buildDigest(data, { timeZone: 'Europe/Paris', filters: NO_FILTERS }, translator(locale));
    assertWithinSlackLimits(message);
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    const sections = message.blocks.filter((b) => b.type === 'section').map((b) => (b as { text: { text: string } }).text.text);
    for (const text of sections.filter((t) => t.includes('ACME-')))
      expect(text.split('\n').filter((l) => l.startsWith('• ')).length).toBeLessThanOrEqual(10);
    expect(JSON.stringify(message.blocks)).not.toContain('<!here>');
    expect(JSON.stringify(message.blocks)).not.toContain('<!channel>');
    expect(data.sections.overdue.more).toBeGreaterThan(1000);
  });

  it('the reminder with 2,000 overdue items stays within the limits', () => {
    const lists = {
      overdue: items.map((i) => ({ key: `ACME-${i.sequence_id}`, title: i.name, url: 'https://plane.example.com/x/', due: '2026-11-01' })),
      today: [],
      tomorrow: [],
    };
    const message = buildReminder(lists, '09:00', translator('fr'));
    assertWithinSlackLimits(message);
    expect(message.text).toContain('(2000)');
  });
});
