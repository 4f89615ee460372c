import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, secretValues } from '../../src/config.js';

describe('loadConfig', () => {
  it('starts the sandbox when no Slack token is set, with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('sandbox');
    expect(config.port).toBe(3000);
    expect(config.plane.baseUrl).toBe('https://api.plane.so');
    expect(config.plane.appUrl).toBe('https://app.plane.so');
    expect(config.approvalTimeoutMs).toBe(15 * 60_000);
    expect(config.maxIterations).toBe(100);
    expect(config.dataDir).toBe('./data');
    expect(config.sandboxHost).toBe('127.0.0.1');
    expect(loadConfig({ PLANEBOT_SANDBOX_HOST: '0.0.0.0' }).sandboxHost).toBe('0.0.0.0');
  });

  it('uses HTTP mode with a bot token and Socket Mode with an app token', () => {
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }).mode).toBe('http');
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }).mode).toBe('socket');
  });

  it('defaults the app URL to a self-hosted base URL without its trailing slash', () => {
    const config = loadConfig({ PLANE_BASE_URL: 'https://plane.acme.test/' });
    expect(config.plane.baseUrl).toBe('https://plane.acme.test');
    expect(config.plane.appUrl).toBe('https://plane.acme.test');
  });

  it('names every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', PORT: 'eighty', PLANEBOT_APPROVAL_TIMEOUT: 'soon', REDIS_URL: 'http://x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('PLANEBOT_APPROVAL_TIMEOUT');
    expect(message).toContain('REDIS_URL');
    expect(message).toContain('SLACK_SIGNING_SECRET: is required in HTTP mode');
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1' })).toThrow(/SLACK_SIGNING_SECRET: is required in HTTP mode/);
  });

  it('parses durations and lists secrets', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('later')).toBeUndefined();
    expect(secretValues({ PLANE_API_KEY: 'plane_api_123', PORT: '3000' })).toEqual(['plane_api_123']);
  });
});
