import { describe, expect, it } from 'vitest';
import type { DueItem, DueLists } from '../../../src/digests/reminders.js';
import { LOCALES, translator } from '../../../src/i18n/index.js';
import { HOME_BLOCKS_MAX } from '../../../src/slack/home/app-home.blocks.js';
import { SLACK_LIMITS } from '../../../src/slack/blocks/limits.js';
import { buildHomeView, dueSoonBlocks, DUE_SOON_SHOWN, type HomeWithDue } from '../../../src/slack/home/due-soon.blocks.js';
import { EMOJI_RUN, HOSTILE_TEXTS, long, MRKDWN_BREAKERS, PING_ATTEMPTS } from '../blocks/hostile.js';
import { slackViewLimitViolations } from '../blocks/limits.js';
import { assertInert } from '../blocks/safety.js';

const GROUPS = ['started', 'unstarted', 'backlog'] as const;

function hostileItems(n: number, due: string): DueItem[] {
  return Array.from({ length: n }, (_, i) => ({
    key: i % 7 === 0 ? `ACME-${i}|<!here>` : `ACME-${i + 1}`,
    title: `${HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]} ${i % 3 ? EMOJI_RUN : long(4000)}`,
    url: i % 5 === 0 ? 'javascript:alert(1)' : `https://plane.example.com/acme/browse/ACME-${i + 1}/?a=<b>&c=|d`,
    state: `${MRKDWN_BREAKERS} ${PING_ATTEMPTS}`,
    due,
  }));
}

/** 2,000 items in each list, the busiest Home tab besides (500 items, 40 approvals, 300 tasks), all hostile. */
function busiest(due: DueLists): HomeWithDue {
  return {
    items: Array.from({ length: 500 }, (_, i) => ({
      key: `ACME-${i + 1}`,
      title: `${PING_ATTEMPTS} ${long(3000)}`,
      url: `https://plane.example.com/acme/browse/ACME-${i + 1}/`,
      state: long(300),
      group: GROUPS[i % 3]!,
      priority: 'high',
    })),
    approvals: Array.from({ length: 40 }, () => ({
      tool: 'plane_add_comment',
      description: long(5000),
      requester: '<!channel>',
      place: '<#C0OPS>',
      deadline: 1_767_000_000_000,
    })),
    tasks: Array.from({ length: 300 }, (_, i) => ({
      channel: `C0CH${i % 30}`,
      id: `${i + 1}`,
      title: long(2000),
      status: 'todo' as const,
      priority: 'normal' as const,
    })),
    now: 1_767_000_000_000,
    due,
  };
}

describe.each(LOCALES)('the Home tab’s "due soon / overdue" section in %s', (locale) => {
  const t = translator(locale);

  it('fits 6,000 hostile due items into one section within Slack’s limits, counting the rest, inside the busiest Home tab', () => {
    const due = {
      overdue: hostileItems(2000, '2026-11-01'),
      today: hostileItems(2000, '2026-12-02'),
      tomorrow: hostileItems(2000, '2026-12-03'),
    };
    const blocks = dueSoonBlocks(due, t);
    expect(blocks).toHaveLength(1);
    const text = (blocks[0] as { text: { text: string } }).text.text;
    expect(text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    expect(text.startsWith(`*${t.t('digests.home.title', { count: 6000 })}*`)).toBe(true);
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe(t.t('digests.more', { count: 6000 - (lines.length - 2) }));
    const view = buildHomeView(busiest(due), t);
    expect(slackViewLimitViolations(view)).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(HOME_BLOCKS_MAX);
    // No mention, no link but the items' own http(s) ones.
    assertInert({ text: 'home', blocks: view.blocks }, ['<#C0OPS>', ...Array.from({ length: 30 }, (_, i) => `<#C0CH${i}>`)]);
    expect(JSON.stringify(view)).not.toContain('javascript:');
    // It comes first, right after the header and its time.
    expect(JSON.stringify(view.blocks[2])).toContain(t.t('digests.home.title', { count: 6000 }).slice(0, 6));
  });

  it('lists overdue (since when), due today and due tomorrow in that order, at most fifteen, then how many more', () => {
    const item = (n: number, due: string): DueItem => ({
      key: `ACME-${n}`,
      title: `Item ${n}`,
      url: `https://plane.example.com/acme/browse/ACME-${n}/`,
      state: 'Todo',
      due,
    });
    const due = {
      overdue: [item(1, '2026-11-20'), item(2, '2026-11-28')],
      today: [item(3, '2026-12-02')],
      tomorrow: Array.from({ length: 20 }, (_, i) => item(10 + i, '2026-12-03')),
    };
    const text = (dueSoonBlocks(due, t)[0] as { text: { text: string } }).text.text;
    const lines = text.split('\n');
    expect(lines[0]).toBe(`*${t.t('digests.home.title', { count: 23 })}*`);
    expect(lines[1]).toBe(
      `• <https://plane.example.com/acme/browse/ACME-1/|ACME-1> Item 1 · ${t.t('digests.home.due', { due: 'overdue', date: '2026-11-20' })}`,
    );
    expect(lines[3]).toContain(`ACME-3> Item 3 · ${t.t('digests.home.due', { due: 'today', date: '2026-12-02' })}`);
    expect(lines[4]).toContain(t.t('digests.home.due', { due: 'tomorrow', date: '2026-12-03' }));
    expect(lines.slice(1, -1)).toHaveLength(DUE_SOON_SHOWN);
    expect(lines.at(-1)).toBe(t.t('digests.more', { count: 23 - DUE_SOON_SHOWN }));
  });

  it('says when nothing is due, and is left out when Plane could not be read', () => {
    const none = buildHomeView({ items: [], approvals: [], tasks: [], now: 0, due: { overdue: [], today: [], tomorrow: [] } }, t);
    expect(slackViewLimitViolations(none)).toEqual([]);
    expect(JSON.stringify(none.blocks.slice(2, 4))).toContain(t.t('digests.home.none').slice(0, 8));
    const off = buildHomeView(
      { planeProblem: 'Plane is down', approvals: [], tasks: [], now: 0, due: { overdue: [], today: [], tomorrow: [] } },
      t,
    );
    expect(JSON.stringify(off)).not.toContain(t.t('digests.home.none').slice(0, 8));
  });
});
