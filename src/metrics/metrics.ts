import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { eventLoopDelaySeries } from './event-loop-delay.js';

/**
 * Label values come from a closed set or a strict pattern; anything else is counted as `other`, so no
 * user text, key or token can reach a label, whatever a caller passes.
 */
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const SLACK_METHOD = /^[a-z]+(?:\.[a-zA-Z]+){1,3}$/;
const SLACK_ERROR = /^[a-z][a-z0-9_]{0,63}$/;
const SCHEDULE_KIND = /^[a-z][a-z0-9 :_-]{0,63}$/;

function label(value: string, pattern: RegExp): string {
  return pattern.test(value) ? value : 'other';
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | 'other' {
  return (allowed as readonly string[]).includes(value) ? (value as T) : 'other';
}

const RUN_OUTCOMES = ['done', 'failed', 'stopped', 'waiting'] as const;
const TOOL_OUTCOMES = ['ok', 'error', 'denied'] as const;
const DECISIONS = ['approve', 'approve_thread', 'deny', 'expired', 'unshown'] as const;
const SCHEDULE_OUTCOMES = ['done', 'failed', 'abandoned'] as const;
const DELIVERY_OUTCOMES = ['accepted', 'rejected', 'too_large', 'duplicate', 'failed'] as const;
const TOKEN_KINDS = ['input', 'output', 'cache_read', 'cache_write'] as const;

/** Seconds; from a fast local call to Slack's and Plane's slow answers and the limiter's minute. */
const LATENCY_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Approvals wait for people: seconds to hours. */
const APPROVAL_BUCKETS = [5, 30, 60, 300, 900, 1800, 3600, 4 * 3600];

/** What the outbox reports at each scrape. */
export interface OutboxGauges {
  depth: number;
  /** Age (ms) of the oldest waiting entry; 0 when none waits. */
  oldestAgeMs: number;
}

/**
 * prom-client's own event-loop sampler feeds only the series `eventLoopDelaySeries` replaces: once a
 * minute is enough for it (its 10 ms default woke an idle bot a hundred times a second).
 */
const REPLACED_SAMPLER_MS = 60_000;

/**
 * The process's Prometheus metrics. Each room that is measured declares the small interface it needs
 * (its meter); the composition hands it the matching object below, so no room but this one imports
 * prom-client.
 */
export class PlanebotMetrics {
  readonly registry = new Registry();

  private readonly runs = new Counter({
    name: 'planebot_agent_runs_total',
    help: 'Agent runs ended, by outcome.',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly modelRequests = new Counter({
    name: 'planebot_model_requests_total',
    help: 'Requests to the model, by outcome.',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly modelTokens = new Counter({
    name: 'planebot_model_tokens_total',
    help: 'Model tokens, by kind.',
    labelNames: ['kind'],
    registers: [this.registry],
  });
  private readonly toolCalls = new Counter({
    name: 'planebot_tool_calls_total',
    help: 'Tool calls answered, by tool and outcome.',
    labelNames: ['tool', 'outcome'],
    registers: [this.registry],
  });
  private readonly approvalWait = new Histogram({
    name: 'planebot_approval_wait_seconds',
    help: 'Time from an approval request to its decision, by decision.',
    labelNames: ['decision'],
    buckets: APPROVAL_BUCKETS,
    registers: [this.registry],
  });
  private readonly planeRequests = new Counter({
    name: 'planebot_plane_requests_total',
    help: 'Requests to Plane, by HTTP status (0: unreachable).',
    labelNames: ['status'],
    registers: [this.registry],
  });
  private readonly planeLimiterWait = new Histogram({
    name: 'planebot_plane_limiter_wait_seconds',
    help: 'Time a Plane request waited for the rate limiter before it went out.',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly slackCalls = new Counter({
    name: 'planebot_slack_calls_total',
    help: 'Slack Web API calls, by method and error (`none` when ok).',
    labelNames: ['method', 'error'],
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'planebot_webhook_deliveries_total',
    help: 'Plane webhook deliveries, by outcome.',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly handlingLag = new Histogram({
    name: 'planebot_webhook_handling_lag_seconds',
    help: 'Time from a Plane webhook delivery’s arrival to the end of its handling.',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly answers = new Histogram({
    name: 'planebot_webhook_answer_seconds',
    help: 'Time from a Plane webhook delivery’s arrival to its answer (verified and kept).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly scheduleRuns = new Counter({
    name: 'planebot_schedule_runs_total',
    help: 'Scheduled jobs ended, by kind and outcome.',
    labelNames: ['kind', 'outcome'],
    registers: [this.registry],
  });

  constructor(options: { outbox?: () => Promise<OutboxGauges>; defaults?: boolean } = {}) {
    if (options.defaults !== false) {
      collectDefaultMetrics({ register: this.registry, prefix: 'planebot_', eventLoopMonitoringPrecision: REPLACED_SAMPLER_MS });
      eventLoopDelaySeries(this.registry, 'planebot_');
    }
    const outbox = options.outbox;
    if (outbox) {
      // Both gauges read the store once per scrape.
      let reading: Promise<OutboxGauges> | undefined;
      const read = () => (reading ??= outbox().finally(() => setImmediate(() => (reading = undefined))));
      new Gauge({
        name: 'planebot_outbox_depth',
        help: 'Posts waiting in the outbox, over every channel.',
        registers: [this.registry],
        async collect() {
          this.set((await read()).depth);
        },
      });
      new Gauge({
        name: 'planebot_outbox_oldest_age_seconds',
        help: 'Age of the oldest post waiting in the outbox (0 when none waits).',
        registers: [this.registry],
        async collect() {
          this.set((await read()).oldestAgeMs / 1000);
        },
      });
    }
  }

  /** The agent's meter (src/agent/meter.ts). */
  readonly agent = {
    runEnded: (outcome: string) => this.runs.inc({ outcome: oneOf(outcome, RUN_OUTCOMES) }),
    modelRequest: (outcome: 'ok' | 'error', tokens?: Partial<Record<(typeof TOKEN_KINDS)[number], number>>) => {
      this.modelRequests.inc({ outcome: oneOf(outcome, ['ok', 'error'] as const) });
      for (const kind of TOKEN_KINDS) {
        const count = tokens?.[kind];
        if (count !== undefined && count > 0) this.modelTokens.inc({ kind }, count);
      }
    },
    toolCall: (tool: string, outcome: string) =>
      this.toolCalls.inc({ tool: label(tool, TOOL_NAME), outcome: oneOf(outcome, TOOL_OUTCOMES) }),
    approvalDecided: (decision: string, waitedMs: number) =>
      this.approvalWait.observe({ decision: oneOf(decision, DECISIONS) }, Math.max(0, waitedMs) / 1000),
  };

  /** The Plane client's meter (src/plane/http.ts). */
  readonly plane = {
    request: (status: number) =>
      this.planeRequests.inc({ status: Number.isInteger(status) && status >= 0 && status < 600 ? String(status) : 'other' }),
    limiterWait: (waitedMs: number) => this.planeLimiterWait.observe(Math.max(0, waitedMs) / 1000),
  };

  /** The Slack Web API clients' meter (src/slack/method-pauses.ts). */
  readonly slack = {
    call: (method: string, error: string | undefined) =>
      this.slackCalls.inc({ method: label(method, SLACK_METHOD), error: error === undefined ? 'none' : label(error, SLACK_ERROR) }),
  };

  /** The webhook receiver's meter (src/http/plane-webhooks.ts). */
  readonly webhooks = {
    delivery: (outcome: string) => this.deliveries.inc({ outcome: oneOf(outcome, DELIVERY_OUTCOMES) }),
    handled: (lagMs: number) => this.handlingLag.observe(Math.max(0, lagMs) / 1000),
    answered: (ms: number) => this.answers.observe(Math.max(0, ms) / 1000),
  };

  /** The scheduler's `onRun`. */
  scheduleRun = ({ name, outcome }: { name: string; outcome: string }): void => {
    this.scheduleRuns.inc({ kind: label(name, SCHEDULE_KIND), outcome: oneOf(outcome, SCHEDULE_OUTCOMES) });
  };

  /** The exposition text and its content type, for `GET /metrics`. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
