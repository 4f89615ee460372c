/** Drawing one burn-up: a 14-day cycle with a snapshot each day, the picture /plane cycle uploads. */
import { drawBurnUp } from '../src/cycles/burnup.js';
import type { BenchRow } from './run.js';

const RUNS = 50;

export async function bench(): Promise<BenchRow[]> {
  const days = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10));
  const input = { days, points: days.map((date, i) => ({ date, total: 40 + Math.floor(i / 3), completed: i * 3 })) };
  drawBurnUp(input); // loads the font and warms Skia: the first picture of a process pays that once
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) bytes = drawBurnUp(input).length;
  const ms = (performance.now() - started) / RUNS;
  const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  return [
    { area: 'cycles', measure: 'draw one burn-up (800 × 360 PNG, 14 days)', value: `${ms.toFixed(1)} ms` },
    { area: 'cycles', measure: 'burn-up PNG size', value: `${(bytes / 1024).toFixed(1)} KB` },
    { area: 'cycles', measure: `RSS growth over ${RUNS} drawings`, value: `${rssGrowth.toFixed(1)} MB` },
  ];
}
