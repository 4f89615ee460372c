import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { startProxy, type Proxy, type ProxyRule } from '../fixtures/proxy.js';
import { eventually, startBotHarness, type BotHarness } from '../harness/bot.js';
import { ALICE, errorOf, OPS, run } from '../slack/commands-e2e/support.js';

/** What the proxy in front of Plane answers instead of Plane, for requests whose path starts with `path`. */
let fault: { path: string; answer: NonNullable<ProxyRule['answer']> } | undefined;
let harness: BotHarness;
let proxy: Proxy;

const HTML_PAGE = '<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Corporate login</body></html>';

// A bot per test: Plane's lists are cached, and each test must reach Plane.
beforeEach(async () => {
  fault = undefined;
  const rule: ProxyRule = {
    matches: ({ path }) => fault !== undefined && path.startsWith(fault.path),
    get answer() {
      return fault?.answer;
    },
  };
  proxy = await startProxy({ target: () => harness.plane.url, rules: [rule] });
  harness = await startBotHarness({
    env: { PLANE_BASE_URL: proxy.url },
    model: [toolReply([{ name: 'plane_list_projects', input: {} }]), textReply('Plane is not answering properly.')],
  });
});
afterEach(async () => {
  await harness?.close();
  await proxy?.close();
});

describe('a 2xx from Plane that is not the JSON its API promises', () => {
  it('an HTML page instead of a work item: /plane show says which request got what, not a JavaScript error', async () => {
    fault = {
      path: '/api/v1/workspaces/acme/work-items/ACME-1/',
      answer: { status: 200, raw: { text: HTML_PAGE, contentType: 'text/html' } },
    };
    const { ephemeral } = await run(harness, { command: '/plane', text: 'show ACME-1' }, { ephemeral: 1 });
    const { reason } = errorOf(ephemeral[0]!);
    expect(reason).toContain('GET /api/v1/workspaces/acme/work-items/ACME-1/');
    expect(reason).toContain('not with JSON (it starts "<!DOCTYPE html> <html><head><title>Sign in');
    expect(reason).not.toMatch(/Cannot read|undefined|TypeError/);
  });

  it('a list of another shape: /plane mine names the projects request instead of "answer.results is not iterable"', async () => {
    fault = { path: '/api/v1/workspaces/acme/projects/', answer: { status: 200, body: { detail: 'ok' } } };
    const { ephemeral } = await run(harness, { command: '/plane', text: 'mine' }, { ephemeral: 1 });
    const { reason } = errorOf(ephemeral[0]!);
    expect(reason).toContain('GET /api/v1/workspaces/acme/projects/ (projects of workspace acme)');
    expect(reason).toContain('JSON of another shape than its API promises');
    expect(reason).not.toMatch(/not iterable|Cannot read/);
  });

  it('malformed JSON: the model is told the same readable Plane error as its tool result', async () => {
    fault = {
      path: '/api/v1/workspaces/acme/projects/',
      answer: { status: 200, raw: { text: '{"results": [{"id": "', contentType: 'application/json' } },
    };
    const ts = await harness.slack.userSays({ user: ALICE, channel: OPS, text: '<@U0BOT> which projects are there?' });
    await eventually(
      () => harness.slack.workspace.thread(OPS, ts).some((m) => m.text.includes('Plane is not answering properly.')),
      10_000,
      'the answer',
    );
    const toolResult = toolResultText(harness.model!.requests[1]!.body.messages.at(-1));
    expect(toolResult).toContain('GET /api/v1/workspaces/acme/projects/ (projects of workspace acme)');
    expect(toolResult).toContain('not with JSON (it starts "{"results": [{"id": "")');
    expect(toolResult).not.toMatch(/Cannot read|not iterable|SyntaxError/);
  });
});

/** The text of the tool results in a user turn sent to the model. */
function toolResultText(turn: unknown): string {
  const content = (turn as { content: { type: string; content?: unknown }[] }).content;
  return content
    .filter((block) => block.type === 'tool_result')
    .map((block) => (typeof block.content === 'string' ? block.content : JSON.stringify(block.content)))
    .join('\n');
}
