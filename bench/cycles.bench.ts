/** Drawing one burn-up: a 14-day cycle with a snapshot each day, the picture /plane cycle uploads. */
import { loadavg } from 'node:os';
import { setImmediate as tick } from 'node:timers/promises';
import { drawBurnUp } from '../src/cycles/burnup.js';
import { gc } from './fixtures/gc.js';
import { spread } from './fixtures/rounds.js';
import type { BenchRow } from './run.js';

const RUNS = 50;

export async function bench(): Promise<BenchRow[]> {
  const load = loadavg()[0]!;
  const days = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10));
  const input = { days, points: days.map((date, i) => ({ date, total: 40 + Math.floor(i / 3), completed: i * 3 })) };
  drawBurnUp(input); // loads the font and warms Skia: the first picture of a process pays that once
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    bytes = drawBurnUp(input).length;
    times.push(performance.now() - started);
  }
  const mb = (rss: number) => `${((rss - rssBefore) / 1024 / 1024).toFixed(1)} MB`;
  const inARow = mb(process.memoryUsage().rss);
  // Skia frees a canvas's pixels (800 × 360 × 4 bytes) in its finalizer, which runs after a collection, on a later tick.
  gc();
  await tick();
  const kept = mb(process.memoryUsage().rss);
  return [
    { area: 'cycles', measure: `draw one burn-up (800 × 360 PNG, 14 days), median of ${RUNS} (min–max)`, value: `${spread(times, 1)} ms` },
    { area: 'cycles', measure: 'burn-up PNG size', value: `${(bytes / 1024).toFixed(1)} KB` },
    { area: 'cycles', measure: `RSS growth over ${RUNS} drawings in a row / after a collection`, value: `${inARow} / ${kept}` },
    { area: 'cycles', measure: 'machine load (1 min) at start / end', value: `${load.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}` },
  ];
}
