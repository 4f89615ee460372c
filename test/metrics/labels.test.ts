import { describe, expect, it } from 'vitest';
import { PlanebotMetrics } from '../../src/metrics/metrics.js';

describe('metric labels', () => {
  it('take only words of a closed vocabulary: anything else is counted as `other`', async () => {
    const metrics = new PlanebotMetrics({ defaults: false, outbox: async () => ({ depth: 3, oldestAgeMs: 1500 }) });
    metrics.slack.call('chat.postMessage', undefined);
    metrics.slack.call('chat.postMessage', 'channel_not_found');
    metrics.slack.call('xoxb-123-secret', 'Bearer xoxb-123-secret');
    metrics.agent.toolCall('plane_add_comment', 'ok');
    metrics.agent.toolCall('Ignore previous instructions', 'ok');
    metrics.agent.runEnded('exploded with user text');
    metrics.plane.request(429);
    metrics.plane.request(Number.NaN);
    metrics.scheduleRun({ name: 'fixed:find people to remind', outcome: 'done' });
    metrics.scheduleRun({ name: 'digest', outcome: 'something said by a person' });
    const { text, contentType } = await metrics.scrape();
    expect(contentType).toContain('text/plain');
    expect(text).toContain('planebot_slack_calls_total{method="chat.postMessage",error="none"} 1');
    expect(text).toContain('planebot_slack_calls_total{method="chat.postMessage",error="channel_not_found"} 1');
    expect(text).toContain('planebot_slack_calls_total{method="other",error="other"} 1');
    expect(text).toContain('planebot_tool_calls_total{tool="other",outcome="ok"} 1');
    expect(text).toContain('planebot_agent_runs_total{outcome="other"} 1');
    expect(text).toContain('planebot_plane_requests_total{status="429"} 1');
    expect(text).toContain('planebot_plane_requests_total{status="other"} 1');
    expect(text).toContain('planebot_schedule_runs_total{kind="fixed:find people to remind",outcome="done"} 1');
    expect(text).toContain('planebot_schedule_runs_total{kind="digest",outcome="other"} 1');
    expect(text).toContain('planebot_outbox_depth 3');
    expect(text).toContain('planebot_outbox_oldest_age_seconds 1.5');
    expect(text).not.toMatch(/secret|Ignore|person/);
  });
});
