import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { DEFAULT_SHORTCUTS } from '../../src/emulators/slack/index.js';
import { CALLBACK_IDS } from '../../src/slack/blocks/action-ids.js';
import { translator } from '../../src/i18n/index.js';
import type { CommandName } from '../../src/slack/commands/types.js';
import { helpOf } from '../../src/slack/commands/usage.js';

// Rules of Slack's app manifest schema (https://docs.slack.dev/reference/app-manifest).
const TOP_LEVEL_KEYS = ['_metadata', 'display_information', 'features', 'oauth_config', 'settings'];
/** Bot scopes that Slack documents: a typo here would make Slack refuse the manifest. */
const KNOWN_BOT_SCOPES = new Set([
  'app_mentions:read',
  'assistant:write',
  'reactions:read',
  'channels:history',
  'channels:read',
  'chat:write',
  'chat:write.public',
  'commands',
  'files:write',
  'groups:history',
  'im:history',
  'links:read',
  'links:write',
  'mpim:history',
  'reactions:write',
  'users:read',
  'users:read.email',
]);
/** Each event subscription and the scope it needs. */
/** null: the event needs no scope (app_home_opened; agent_session_stopped, whose page lists none). */
const EVENT_SCOPES: Record<string, string | null> = {
  app_mention: 'app_mentions:read',
  'message.channels': 'channels:history',
  'message.groups': 'groups:history',
  'message.im': 'im:history',
  link_shared: 'links:read',
  app_home_opened: null,
  agent_session_stopped: null,
  reaction_added: 'reactions:read',
};
const ENDPOINT = /^https:\/\/[a-z0-9.-]+\.example\.com\/slack\/events$/;

const source = readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8');
const document: Document = parseDocument(source);
const manifest = document.toJS() as {
  _metadata?: { major_version: number; minor_version: number };
  display_information: { name: string; description?: string; long_description?: string; background_color?: string };
  features: {
    app_home?: { messages_tab_enabled?: boolean; messages_tab_read_only_enabled?: boolean };
    bot_user: { display_name: string; always_online?: boolean };
    agent_view?: { agent_description: string; suggested_prompts?: { title: string; message: string }[] };
    slash_commands: Array<{ command: string; url?: string; description: string; usage_hint?: string; should_escape?: boolean }>;
    shortcuts: Array<{ name: string; type: string; callback_id: string; description: string }>;
    unfurl_domains: string[];
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url?: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url?: string };
    socket_mode_enabled: boolean;
    org_deploy_enabled?: boolean;
    token_rotation_enabled?: boolean;
  };
};

describe('manifest.yml', () => {
  it('is valid YAML with only the schema top-level keys', () => {
    expect(document.errors).toEqual([]);
    expect(document.warnings).toEqual([]);
    for (const key of Object.keys(manifest)) expect(TOP_LEVEL_KEYS).toContain(key);
    expect(manifest._metadata).toEqual({ major_version: 1, minor_version: 1 });
  });

  it('has display information within its limits', () => {
    const info = manifest.display_information;
    expect(info.name.length).toBeGreaterThanOrEqual(1);
    expect(info.name.length).toBeLessThanOrEqual(35);
    expect((info.description ?? '').length).toBeLessThanOrEqual(140);
    if (info.long_description !== undefined) {
      expect(info.long_description.length).toBeGreaterThanOrEqual(175);
      expect(info.long_description.length).toBeLessThanOrEqual(4000);
    }
    expect(info.background_color).toMatch(/^#[0-9a-fA-F]{6}$/);
  });

  it('has a bot user and accepts direct messages', () => {
    expect(manifest.features.bot_user.display_name.length).toBeGreaterThanOrEqual(1);
    expect(manifest.features.bot_user.display_name.length).toBeLessThanOrEqual(80);
    expect(manifest.features.app_home).toMatchObject({ messages_tab_enabled: true, messages_tab_read_only_enabled: false });
  });

  it('is an agent in the Messages tab, inviting a first request with at most four suggested prompts', () => {
    const view = manifest.features.agent_view!;
    expect(view.agent_description.length).toBeGreaterThan(0);
    expect(view.agent_description.length).toBeLessThanOrEqual(300);
    expect(view.suggested_prompts!.length).toBeGreaterThan(0);
    expect(view.suggested_prompts!.length).toBeLessThanOrEqual(4);
    for (const prompt of view.suggested_prompts!) {
      expect(prompt.title.length).toBeGreaterThan(0);
      expect(prompt.message.length).toBeGreaterThan(0);
    }
    expect(manifest.oauth_config.scopes.bot).toContain('assistant:write');
  });

  it('declares the three commands, well formed', () => {
    const commands = manifest.features.slash_commands;
    expect(commands.map((command) => command.command)).toEqual(['/task', '/todo', '/plane']);
    expect(commands.length).toBeLessThanOrEqual(50);
    for (const command of commands) {
      expect(command.command).toMatch(/^\/[a-z0-9_-]{1,31}$/);
      expect(command.description.length).toBeGreaterThanOrEqual(1);
      expect(command.description.length).toBeLessThanOrEqual(2000);
      expect((command.usage_hint ?? '').length).toBeLessThanOrEqual(1000);
      expect(command.url).toMatch(ENDPOINT);
      expect((command.url ?? '').length).toBeLessThanOrEqual(3000);
      expect(typeof command.should_escape).toBe('boolean');
    }
  });

  it('declares the two message shortcuts within the schema, as the emulator plays them', () => {
    const shortcuts = manifest.features.shortcuts;
    expect(shortcuts.map((s) => s.callback_id)).toEqual([CALLBACK_IDS.createWorkItem, CALLBACK_IDS.linkWorkItem]);
    expect(shortcuts.length).toBeLessThanOrEqual(10);
    for (const shortcut of shortcuts) {
      expect(shortcut.name.length).toBeGreaterThanOrEqual(1);
      expect(shortcut.name.length).toBeLessThanOrEqual(24);
      expect(shortcut.type).toBe('message');
      expect(shortcut.callback_id.length).toBeLessThanOrEqual(255);
      expect(shortcut.description.length).toBeGreaterThanOrEqual(1);
      expect(shortcut.description.length).toBeLessThanOrEqual(150);
    }
    expect(DEFAULT_SHORTCUTS.map(({ name, callback_id, type }) => ({ name, callback_id, type }))).toEqual(
      shortcuts.map(({ name, callback_id, type }) => ({ name, callback_id, type })),
    );
  });

  it('names the Plane app domain to unfurl, valid for the schema, with a comment for the operator', () => {
    const domains = manifest.features.unfurl_domains;
    expect(domains.length).toBeGreaterThanOrEqual(1);
    expect(domains.length).toBeLessThanOrEqual(5);
    for (const domain of domains) expect(domain).toMatch(/^(?![.-])([-a-z0-9.])+([a-z0-9])$/);
    expect(source).toMatch(/#.*Plane app's domain[\s\S]*unfurl_domains:/);
  });

  it('hints every sub-command in the usage hint', () => {
    for (const command of manifest.features.slash_commands) {
      const help = helpOf(command.command.slice(1) as CommandName, translator('en'));
      for (const entry of help.entries.filter((candidate) => candidate.action !== '*')) {
        expect(command.usage_hint, `${command.command} ${entry.action}`).toMatch(new RegExp(`(^|[ |])${entry.action}( |$)`));
      }
    }
  });

  it('asks for known, minimal bot scopes, each justified by a comment', () => {
    const scopes = manifest.oauth_config.scopes.bot;
    expect(new Set(scopes).size).toBe(scopes.length);
    expect(scopes.length).toBeLessThanOrEqual(255);
    for (const scope of scopes) expect(KNOWN_BOT_SCOPES, scope).toContain(scope);
    const node = document.getIn(['oauth_config', 'scopes', 'bot'], true);
    expect(isSeq(node)).toBe(true);
    for (const item of isSeq(node) ? node.items : []) {
      expect(isScalar(item) && (item.comment ?? '').trim().length > 10, `a comment saying why ${String(item)}`).toBe(true);
    }
    expect(scopes).toEqual(expect.arrayContaining(['chat:write', 'commands', 'users:read', 'users:read.email']));
  });

  it('subscribes to the events intake reads, with the scope each needs', () => {
    const events = manifest.settings.event_subscriptions.bot_events;
    expect(events).toEqual([
      'app_mention',
      'message.channels',
      'message.groups',
      'message.im',
      'link_shared',
      'app_home_opened',
      'agent_session_stopped',
      'reaction_added',
    ]);
    for (const event of events) if (EVENT_SCOPES[event] !== null) expect(manifest.oauth_config.scopes.bot).toContain(EVENT_SCOPES[event]);
    const node = document.getIn(['settings', 'event_subscriptions', 'bot_events'], true);
    const commented = isSeq(node) ? node.items.filter((item) => isScalar(item) && (item.comment ?? '').trim().length > 10).map(String) : [];
    expect(commented).toContain('agent_session_stopped');
    expect(manifest.oauth_config.scopes.bot).toContain('commands');
  });

  it('sends events and interactivity to the one placeholder endpoint', () => {
    const { event_subscriptions: events, interactivity } = manifest.settings;
    expect(events.request_url).toMatch(ENDPOINT);
    expect((events.request_url ?? '').length).toBeLessThanOrEqual(3500);
    expect(interactivity.is_enabled).toBe(true);
    expect(interactivity.request_url).toMatch(ENDPOINT);
    const urls = new Set([
      events.request_url,
      interactivity.request_url,
      ...manifest.features.slash_commands.map((command) => command.url),
    ]);
    expect(urls.size).toBe(1);
  });

  it('runs in HTTP mode, with the Socket Mode switch documented beside it', () => {
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    const settings = document.get('settings', true);
    const socket = isMap(settings) ? settings.get('socket_mode_enabled', true) : undefined;
    expect(isScalar(socket) ? (socket.comment ?? '') : '').toMatch(/Socket Mode/);
    expect(source).toMatch(/#.*socket_mode_enabled: true/);
    expect(source).toMatch(/#.*connections:write/);
  });
});
