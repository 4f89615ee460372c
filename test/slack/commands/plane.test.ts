import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';
import { parsePlane } from '../../../src/slack/commands/plane.js';
import { usageOf } from '../../../src/slack/commands/usage.js';
import type { PlaneCommand } from '../../../src/slack/commands/types.js';

const EN = translator('en');

function ok(text: string): PlaneCommand {
  const result = parsePlane(text);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${result.error.reason}`);
  return result.command;
}

/** The parse error as an English reader gets it: the reason, and the usage line that goes with it. */
function fails(text: string): { reason: string; usage: string } {
  const result = parsePlane(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to fail, got ${JSON.stringify(result.command)}`);
  return { reason: EN.say(result.error.reason), usage: usageOf(result.error.command, result.error.action, EN) };
}

describe('/plane', () => {
  it('reads mine with or without a project', () => {
    expect(ok('mine')).toEqual({ kind: 'plane', action: 'mine' });
    expect(ok('mine ACME')).toEqual({ kind: 'plane', action: 'mine', project: 'ACME' });
    expect(ok('mine "Mobile App"')).toEqual({ kind: 'plane', action: 'mine', project: 'Mobile App' });
    expect(fails('mine ACME WEB').reason).toMatch(/one project at most/);
  });

  it('reads show with a key, upper-cased', () => {
    expect(ok('show acme-130')).toEqual({ kind: 'plane', action: 'show', key: 'ACME-130' });
    expect(fails('show ACME').reason).toMatch(/not a work item key/);
    expect(fails('show').reason).toMatch(/Missing the work item key/);
    expect(fails('show ACME-1 ACME-2').reason).toMatch(/one key/);
  });

  it('reads search, keeping option-like words in the text', () => {
    expect(ok('search ACME login #bug @alice !high')).toEqual({
      kind: 'plane',
      action: 'search',
      project: 'ACME',
      query: 'login #bug @alice !high',
    });
    expect(fails('search ACME').reason).toMatch(/Missing the text/);
    expect(fails('search').usage).toBe('/plane search <PROJECT> <text>');
  });

  it("reads new with Plane's priorities, several assignees and labels", () => {
    expect(ok('new ACME Fix the login !urgent @alice <@U0BOB|bob> #bug #web due:2026-02-28')).toEqual({
      kind: 'plane',
      action: 'new',
      project: 'ACME',
      title: 'Fix the login',
      priority: 'urgent',
      assignees: [
        { kind: 'name', name: 'alice' },
        { kind: 'mention', userId: 'U0BOB', label: 'bob' },
      ],
      labels: ['bug', 'web'],
      due: '2026-02-28',
    });
    expect(ok('new ACME "Crash on #save"')).toEqual({
      kind: 'plane',
      action: 'new',
      project: 'ACME',
      title: 'Crash on #save',
      assignees: [],
      labels: [],
    });
    for (const priority of ['urgent', 'high', 'medium', 'low', 'none']) expect(ok(`new A t !${priority}`)).toMatchObject({ priority });
  });

  it("rejects a task priority with Plane's list", () => {
    const error = fails('new ACME Fix !critical');
    expect(error.reason).toBe('Unknown priority "!critical"; use !urgent, !high, !medium, !low, !none');
    expect(error.usage).toMatch(/^\/plane new <PROJECT> <title>/);
    // One word may be a title for the channel's default project; whether the title is missing is known when run.
    expect(ok('new ACME')).toMatchObject({ project: 'ACME', title: '' });
    expect(fails('new').reason).toMatch(/Missing the project/);
  });

  it('reads help and rejects unknown sub-commands', () => {
    expect(ok('')).toEqual({ kind: 'plane', action: 'help' });
    expect(ok('config')).toEqual({ kind: 'plane', action: 'config' });
    expect(fails('config ACME').reason).toMatch(/ACME/);
    expect(fails('delete ACME-1')).toEqual({
      reason: 'Unknown sub-command "delete"',
      usage:
        '/plane <mine|show|search|new|subscribe|unsubscribe|subscriptions|notify|intake|config|digest|remind|cycle|connect|disconnect|help> … (/plane help for details)',
    });
  });

  it('reads connect and disconnect, which take nothing: never a token on the command line', () => {
    expect(ok('connect')).toEqual({ kind: 'plane', action: 'connect' });
    expect(ok('DISCONNECT')).toEqual({ kind: 'plane', action: 'disconnect' });
    const pasted = fails('connect plane_api_0123456789abcdef0123456789abcdef');
    expect(pasted.reason).toMatch(/^Type \/plane connect alone/);
    expect(JSON.stringify(pasted)).not.toContain('0123456789abcdef');
  });

  it('reads subscribe with events and filters in any order, and refuses what is neither', () => {
    expect(ok('subscribe ACME #bug state !urgent @dana done state:started #ui')).toEqual({
      kind: 'plane',
      action: 'subscribe',
      project: 'ACME',
      events: ['state', 'done'],
      labels: ['bug', 'ui'],
      members: [{ kind: 'name', name: 'dana' }],
      priorities: ['urgent'],
      stateGroups: ['started'],
    });
    expect(ok('subscribe ACME all comment')).toMatchObject({ events: [] });
    expect(fails('subscribe').reason).toMatch(/Missing the project/);
    expect(fails('subscribe ACME !soon').reason).toBe('Unknown priority "!soon"; use !urgent, !high, !medium, !low, !none');
    expect(fails('subscribe ACME "state"').reason).toMatch(/is neither an event/);
    expect(ok('unsubscribe ACME')).toEqual({ kind: 'plane', action: 'unsubscribe', project: 'ACME' });
    expect(fails('unsubscribe ACME WEB').reason).toBe('"WEB": give one project');
    expect(ok('subscriptions')).toEqual({ kind: 'plane', action: 'subscriptions' });
    expect(ok('notify OFF')).toEqual({ kind: 'plane', action: 'notify', on: false });
    expect(fails('notify').usage).toBe('/plane notify <on|off>');
  });
});
