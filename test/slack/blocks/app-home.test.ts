import { describe, expect, it } from 'vitest';
import { LOCALES, translator } from '../../../src/i18n/index.js';
import { buildAppHome, HOME_BLOCKS_MAX, type HomeInput } from '../../../src/slack/home/app-home.blocks.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { slackViewLimitViolations } from './limits.js';
import { assertInert } from './safety.js';

const GROUPS = ['started', 'unstarted', 'backlog'] as const;

/** A person with 500 open items, 40 approvals waiting and 300 tasks over 30 channels, all hostile. */
function busy(): HomeInput {
  return {
    items: Array.from({ length: 500 }, (_, i) => ({
      key: `ACME-${i + 1}`,
      title: `${PING_ATTEMPTS} ${long(3000)}`,
      url: `https://plane.example.com/acme/browse/ACME-${i + 1}/`,
      state: long(300),
      group: GROUPS[i % 3]!,
      priority: 'high',
    })),
    approvals: Array.from({ length: 40 }, (_, i) => ({
      tool: 'plane_add_comment',
      description: `${PING_ATTEMPTS} ${long(5000)}`,
      requester: '<!channel>',
      place: i % 2 ? '<#C0OPS>' : PING_ATTEMPTS,
      deadline: 1_767_000_000_000 + i,
    })),
    tasks: Array.from({ length: 300 }, (_, i) => ({
      channel: `C0CH${i % 30}`,
      id: `${i + 1}`,
      title: `${PING_ATTEMPTS} ${long(2000)}`,
      status: 'todo' as const,
      priority: 'normal' as const,
    })),
    now: 1_767_000_000_000,
  };
}

describe.each(LOCALES)('buildAppHome in %s', (locale) => {
  const t = translator(locale);

  it('fits a person with 500 items, 40 approvals and 300 tasks into the 100 blocks of a Home tab, saying what is left out', () => {
    const view = buildAppHome(busy(), t);
    expect(view.type).toBe('home');
    expect(slackViewLimitViolations(view)).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(HOME_BLOCKS_MAX);
    assertInert({ text: 'home', blocks: view.blocks }, ['<#C0OPS>', ...Array.from({ length: 30 }, (_, i) => `<#C0CH${i}>`)]);
    const json = JSON.stringify(view);
    expect(json).toContain('home_show_card');
    expect(json).toContain('home_show_tree');
    expect(json).toContain(t.t('home.moreApprovals', { count: 30 }));
    expect(json).toContain(t.t('home.moreChannels', { count: 20 }));
  });

  it('says so when the person has nothing, and when Plane cannot be read', () => {
    const empty = buildAppHome({ items: [], approvals: [], tasks: [], now: 0 }, t);
    expect(slackViewLimitViolations(empty)).toEqual([]);
    const json = JSON.stringify(empty);
    for (const key of ['home.noItems', 'home.noApprovals', 'home.noTasks'] as const) expect(json).toContain(t.t(key).slice(0, 8));
    const off = buildAppHome({ planeProblem: long(5000), approvals: [], tasks: [], now: 0 }, t);
    expect(slackViewLimitViolations(off)).toEqual([]);
  });
});
