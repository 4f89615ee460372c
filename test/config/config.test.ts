import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, parsePlaneRate, secretValues } from '../../src/config.js';

describe('loadConfig', () => {
  it('starts the sandbox when no Slack token is set, with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('sandbox');
    expect(config.port).toBe(3000);
    expect(config.plane.baseUrl).toBe('https://api.plane.so');
    expect(config.plane.appUrl).toBe('https://app.plane.so');
    expect(config.approvalTimeoutMs).toBe(15 * 60_000);
    expect(config.maxIterations).toBe(100);
    expect(config.subAgentMaxIterations).toBe(25);
    expect(config.anthropic.subAgentModel).toBe(config.anthropic.model);
    expect(config.dataDir).toBe('./data');
    expect(config.sandboxHost).toBe('127.0.0.1');
    expect(loadConfig({ PLANEBOT_SANDBOX_HOST: '0.0.0.0' }).sandboxHost).toBe('0.0.0.0');
  });

  it('reads the sub-agents’ cap and model, the model defaulting to the agent’s', () => {
    const config = loadConfig({ PLANEBOT_MODEL: 'claude-opus-5-5', PLANEBOT_SUBAGENT_MAX_ITERATIONS: '10' });
    expect(config.subAgentMaxIterations).toBe(10);
    expect(config.anthropic.subAgentModel).toBe('claude-opus-5-5');
    expect(loadConfig({ PLANEBOT_SUBAGENT_MODEL: 'claude-haiku-5-5' }).anthropic.subAgentModel).toBe('claude-haiku-5-5');
    expect(() => loadConfig({ PLANEBOT_SUBAGENT_MAX_ITERATIONS: 'many' })).toThrow(
      /PLANEBOT_SUBAGENT_MAX_ITERATIONS: must be a whole number above 0, such as 25/,
    );
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

  it('reads PLANE_RATE_LIMIT as a DRF rate, 60/minute by default, and says what a rate looks like', () => {
    expect(loadConfig({}).plane.rateLimit).toEqual({ requests: 60, windowMs: 60_000 });
    expect(loadConfig({ PLANE_RATE_LIMIT: '300/minute' }).plane.rateLimit).toEqual({ requests: 300, windowMs: 60_000 });
    expect(parsePlaneRate('10/second')).toEqual({ requests: 10, windowMs: 1_000 });
    expect(parsePlaneRate('1000/hour')).toEqual({ requests: 1000, windowMs: 3_600_000 });
    expect(parsePlaneRate(' 5000 / day ')).toEqual({ requests: 5000, windowMs: 86_400_000 });
    expect(parsePlaneRate('60/min')).toEqual({ requests: 60, windowMs: 60_000 });
    for (const bad of ['60', 'sixty/minute', '0/minute', '60/fortnight', '60 per minute', '-5/second', '1.5/second']) {
      expect(parsePlaneRate(bad), bad).toBeUndefined();
    }
    expect(() => loadConfig({ PLANE_RATE_LIMIT: '60 per minute' })).toThrow(
      /PLANE_RATE_LIMIT: must be a rate of requests per second, minute, hour or day, such as 60\/minute/,
    );
  });

  it('reads PLANEBOT_LOCALE, en by default, and says which languages there are', () => {
    expect(loadConfig({}).locale).toBe('en');
    expect(loadConfig({ PLANEBOT_LOCALE: 'fr' }).locale).toBe('fr');
    expect(loadConfig({ PLANEBOT_LOCALE: 'zh-CN' }).locale).toBe('zh-CN');
    expect(() => loadConfig({ PLANEBOT_LOCALE: 'de' })).toThrow(/PLANEBOT_LOCALE: must be one of en, fr, zh-CN/);
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

  it('reads the MCP variables and rejects a short token, a bad host list, channel or e-mail', () => {
    const config = loadConfig({
      PLANEBOT_MCP_TOKEN: 'a'.repeat(32),
      PLANEBOT_MCP_HOSTS: 'planebot.example.com, 10.0.0.5:3000',
      PLANEBOT_MCP_CHANNEL: 'C0123ABCD',
      PLANEBOT_MCP_EMAIL: 'dana@acme.io',
    });
    expect(config.mcp).toEqual({
      token: 'a'.repeat(32),
      hosts: ['planebot.example.com', '10.0.0.5:3000'],
      channel: 'C0123ABCD',
      email: 'dana@acme.io',
    });
    expect(loadConfig({}).mcp).toEqual({ hosts: [] });
    expect(secretValues({ PLANEBOT_MCP_TOKEN: 'a'.repeat(32) })).toEqual(['a'.repeat(32)]);
    let caught: unknown;
    try {
      loadConfig({
        PLANEBOT_MCP_TOKEN: 'short',
        PLANEBOT_MCP_HOSTS: 'http://x/',
        PLANEBOT_MCP_CHANNEL: '#general',
        PLANEBOT_MCP_EMAIL: 'dana',
      });
    } catch (error) {
      caught = error;
    }
    const message = (caught as ConfigError).message;
    expect(message).toContain('PLANEBOT_MCP_TOKEN: must be at least 16 characters');
    expect(message).toContain('PLANEBOT_MCP_HOSTS: must be host names or host:port pairs');
    expect(message).toContain('PLANEBOT_MCP_CHANNEL: must be a Slack channel id');
    expect(message).toContain('PLANEBOT_MCP_EMAIL: must be an e-mail address');
  });

  it('reads PLANEBOT_SECRET_KEY (32 bytes in base64) and the previous key of a rotation, refusing anything else with how to make one', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const previous = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({}).secretKeys).toBeUndefined();
    expect(loadConfig({ PLANEBOT_SECRET_KEY: key }).secretKeys).toEqual({ current: Buffer.alloc(32, 7) });
    expect(loadConfig({ PLANEBOT_SECRET_KEY: key, PLANEBOT_SECRET_KEY_PREVIOUS: previous }).secretKeys).toEqual({
      current: Buffer.alloc(32, 7),
      previous: Buffer.alloc(32, 9),
    });
    const howTo =
      /PLANEBOT_SECRET_KEY: must be 32 random bytes in base64 \(44 characters\), such as the output of `openssl rand -base64 32`/;
    expect(() => loadConfig({ PLANEBOT_SECRET_KEY: 'hunter2' })).toThrow(howTo);
    expect(() => loadConfig({ PLANEBOT_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(howTo);
    expect(() => loadConfig({ PLANEBOT_SECRET_KEY_PREVIOUS: previous })).toThrow(
      /PLANEBOT_SECRET_KEY: is required with PLANEBOT_SECRET_KEY_PREVIOUS/,
    );
    expect(secretValues({ PLANEBOT_SECRET_KEY: key, PLANEBOT_SECRET_KEY_PREVIOUS: previous })).toEqual([key, previous]);
  });

  it('judges no Slack variable for the stdio MCP server, which talks to no Slack', () => {
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'not-a-token', SLACK_APP_TOKEN: 'xapp-1' })).toThrow(/SLACK_BOT_TOKEN/);
    const config = loadConfig({ SLACK_BOT_TOKEN: 'not-a-token', SLACK_APP_TOKEN: 'xapp-1', PLANE_API_KEY: 'k' }, 'mcp-stdio');
    expect(config.slack).toEqual({});
    expect(config.plane.apiKey).toBe('k');
  });

  it('parses durations and lists secrets', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('later')).toBeUndefined();
    expect(secretValues({ PLANE_API_KEY: 'plane_api_123', PORT: '3000' })).toEqual(['plane_api_123']);
  });
});
