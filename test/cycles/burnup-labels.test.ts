import { describe, expect, it } from 'vitest';
import { labelledDays } from '../../src/cycles/burnup.js';

describe('the burn-up’s dates under the axis', () => {
  it('writes about ten, evenly, and always the last, never two closer than the spacing (a 29-day cycle’s last two dates overlapped)', () => {
    expect(labelledDays(29)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 28]);
    expect(labelledDays(14)).toEqual([0, 2, 4, 6, 8, 10, 13]);
    expect(labelledDays(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(labelledDays(1)).toEqual([0]);
    expect(labelledDays(0)).toEqual([]);
    for (let count = 2; count <= 120; count++) {
      const days = labelledDays(count);
      const every = Math.ceil(count / 10);
      expect(days.at(-1)).toBe(count - 1);
      for (let i = 1; i < days.length; i++) expect(days[i]! - days[i - 1]!).toBeGreaterThanOrEqual(every);
    }
  });
});
