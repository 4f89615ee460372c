import { createHistogram } from 'node:perf_hooks';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { EVENT_LOOP_SAMPLE_MS, eventLoopDelaySeries } from '../../src/metrics/event-loop-delay.js';

const ms = (value: number) => Math.round(value * 1e6);
const series = (text: string, part: string) =>
  Number(new RegExp(`^test_nodejs_eventloop_lag_${part}_seconds (\\S+)$`, 'm').exec(text)?.[1]);

describe('the event-loop delay series', () => {
  it('read what the loop added to each sample’s interval, replace prom-client’s series of the same names, and restart at each scrape', async () => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'test_', eventLoopMonitoringPrecision: 60_000 });
    const delays = createHistogram();
    eventLoopDelaySeries(registry, 'test_', delays);
    // An idle loop's samples come one interval apart; one came 250 ms late.
    for (let i = 0; i < 99; i++) delays.record(ms(EVENT_LOOP_SAMPLE_MS + 0.3));
    delays.record(ms(EVENT_LOOP_SAMPLE_MS + 250));

    const first = await registry.metrics();
    expect(series(first, 'min')).toBeCloseTo(0.0003, 4);
    expect(series(first, 'p50')).toBeCloseTo(0.0003, 4);
    expect(series(first, 'p90')).toBeCloseTo(0.0003, 4);
    expect(series(first, 'max')).toBeCloseTo(0.25, 2);
    expect(series(first, 'mean')).toBeCloseTo(0.0028, 3);
    expect(series(first, 'stddev')).toBeGreaterThan(0.02);
    for (const part of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) {
      expect(first.match(new RegExp(`^# TYPE test_nodejs_eventloop_lag_${part}_seconds `, 'gm'))).toHaveLength(1);
    }

    const next = await registry.metrics();
    for (const part of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) expect(series(next, part)).toBe(0);
  });
});
