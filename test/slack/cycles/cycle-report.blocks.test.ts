import { describe, expect, it } from 'vitest';
import type { CurrentCycle, CycleReport } from '../../../src/cycles/report.js';
import { translator } from '../../../src/i18n/index.js';
import { buildCycleReport, MAX_CYCLES, type Picture } from '../../../src/slack/cycles/cycle-report.blocks.js';
import { HOSTILE_TEXTS, long, PING_ATTEMPTS } from '../blocks/hostile.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';

const LOCALES = ['en', 'fr', 'zh-CN'] as const;

function cycle(name: string, index: number): CurrentCycle {
  const days = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
  return {
    id: `c${index}`,
    name,
    startDate: days[0]!,
    endDate: days.at(-1)!,
    daysLeft: 365,
    counts: { total: 100_000, backlog: 1, unstarted: 2, started: 3, completed: 99_990, cancelled: 4 },
    progress: 100,
    url: `https://plane.example.com/acme/projects/p/cycles/${index}/${long(4000, 'x')}`,
    days,
    points: days.map((date, i) => ({ date, total: i, completed: i })),
  };
}

const project = { identifier: 'ACME', name: long(500) };

describe('the cycle report’s Block Kit', () => {
  it('stays within Slack’s limits with hostile names, very many cycles and every kind of picture, in every language', () => {
    const cycles = [...HOSTILE_TEXTS, long(5000), ...Array.from({ length: 40 }, (_, i) => `Sprint ${i} ${PING_ATTEMPTS}`)].map(cycle);
    const pictures = new Map<string, Picture>(
      cycles.map((c, i) => [c.id, i % 2 ? { fileId: `F0${i}` } : { failed: long(5000, '<!channel> ') }]),
    );
    for (const locale of LOCALES) {
      const message = buildCycleReport({ project, kind: 'current', cycles }, translator(locale), pictures);
      assertWithinSlackLimits(message);
      expect(message.blocks.filter((b) => b.type === 'header')).toHaveLength(MAX_CYCLES);
      expect(JSON.stringify(message)).not.toMatch(/<!channel>|<!here>|<@U0ALICE>/);
      for (const report of [
        { project, kind: 'off' },
        { project, kind: 'none', upcoming: { name: PING_ATTEMPTS, startDate: '2026-02-01' } },
        { project, kind: 'none' },
      ] as CycleReport[]) {
        const short = buildCycleReport(report, translator(locale), new Map());
        assertWithinSlackLimits(short);
        expect(JSON.stringify(short)).not.toMatch(/<!channel>|<!here>|<@U0ALICE>/);
      }
    }
  });

  it('shows an uploaded picture as a slack_file image, says why there is none, and says how many cycles were left out', () => {
    const cycles = Array.from({ length: MAX_CYCLES + 2 }, (_, i) => cycle(`Sprint ${i}`, i));
    const message = buildCycleReport(
      { project, kind: 'current', cycles },
      translator('en'),
      new Map<string, Picture>([
        ['c0', { fileId: 'F0ABC' }],
        ['c1', { failed: 'ratelimited' }],
      ]),
    );
    const images = message.blocks.filter((b) => b.type === 'image');
    expect(images).toEqual([
      expect.objectContaining({ slack_file: { id: 'F0ABC' }, alt_text: expect.stringMatching(/^Burn-up of Sprint 0/) }),
    ]);
    expect(JSON.stringify(message.blocks)).toContain('No picture this time (ratelimited); the counts above are current.');
    expect(JSON.stringify(message.blocks.at(-1))).toContain('and 2 more current cycles: /plane cycle shows the first 6');
    expect(message.text.split('\n')).toHaveLength(MAX_CYCLES);
  });
});
