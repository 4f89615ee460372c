import { type Histogram as DelayHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/**
 * How often the event-loop delay is sampled. prom-client's 10 ms woke an idle bot a hundred times a
 * second for this one metric; a scrape every 15 s still reads 150 samples.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * The series prom-client reads from its event-loop histogram, in its order, and how each is read
 * from one, in seconds: what the loop added to the sampling interval (the spread needs no offset).
 */
const READS: Record<string, (delays: DelayHistogram) => number> = {
  min: (delays) => overInterval(delays.min),
  max: (delays) => overInterval(delays.max),
  mean: (delays) => overInterval(delays.mean),
  stddev: (delays) => delays.stddev / 1e9,
  p50: (delays) => overInterval(delays.percentile(50)),
  p90: (delays) => overInterval(delays.percentile(90)),
  p99: (delays) => overInterval(delays.percentile(99)),
};

function overInterval(nanoseconds: number): number {
  return Math.max(0, nanoseconds / 1e6 - EVENT_LOOP_SAMPLE_MS) / 1000;
}

/**
 * prom-client's event-loop delay series (`<prefix>nodejs_eventloop_lag_<min|max|mean|stddev|p50|p90|p99>_seconds`),
 * read as the delay itself. Node's histogram records the whole time from one sample to the next, so
 * sampled every 100 ms an idle loop read 0.1 s where prom-client's 10 ms read 0.01 s: each value here
 * is what the loop added to the sampling interval. The series keep prom-client's names, and each
 * scrape reads and restarts the window, as prom-client's do; its own series of these names are
 * replaced. `delays` is the histogram to read (a monitor of this process's loop by default).
 */
export function eventLoopDelaySeries(
  registry: Registry,
  prefix: string,
  delays: DelayHistogram & { reset(): void } = monitoredLoop(),
): void {
  const gauges = new Map<string, Gauge>();
  for (const part of Object.keys(READS)) {
    const name = `${prefix}nodejs_eventloop_lag_${part}_seconds`;
    registry.removeSingleMetric(name);
    const first = gauges.size === 0;
    gauges.set(
      part,
      new Gauge({
        name,
        help: `The ${part} of the event loop's delays since the last scrape, the sampling interval taken off.`,
        registers: [registry],
        // A scrape reads the series in the order they were registered: the first sets them all.
        ...(first && {
          collect() {
            for (const [each, gauge] of gauges) gauge.set(delays.count === 0 ? 0 : READS[each]!(delays));
            delays.reset();
          },
        }),
      }),
    );
  }
}

function monitoredLoop() {
  const delays = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  delays.enable();
  return delays;
}
