import { renderBlocks } from './blockkit.js';
import { escapeHtml, linkHtml } from './html.js';
import { ICONS } from './icons.js';

/**
 * The page around the messages, as HTML strings: banners, the person switcher's options, the
 * conversation list, the composer's hints. Pure functions of the page API's answers.
 */

/** Say when Plane is the demo one and when the agent has no model. */
export function bannersHtml(info, botName) {
  const banners = [];
  if (info.plane === 'demo') {
    const where = info.planeUrl ? ` It answers at ${linkHtml(info.planeUrl, escapeHtml(info.planeUrl))}.` : '';
    banners.push(
      `<div class="banner banner-plane" data-testid="banner-plane" role="status"><strong>Demo Plane.</strong> ` +
        `No <code>PLANE_API_KEY</code> is set, so a demo Plane (a small seeded project) stands in; nothing here reaches a real Plane.${where}</div>`,
    );
  }
  if (info.model === false) {
    banners.push(
      `<div class="banner banner-model" data-testid="banner-model" role="status"><strong>The agent is off.</strong> ` +
        `Set <code>ANTHROPIC_API_KEY</code> and restart to let @${escapeHtml(botName)} answer mentions; /task, /todo and /plane work without it.</div>`,
    );
  }
  return banners.join('');
}

/** The people one can act as (not the bot, not Slackbot). */
export function peopleOptionsHtml(users, viewer) {
  return users
    .filter((user) => !user.is_bot)
    .map(
      (user) =>
        `<option value="${escapeHtml(user.id)}"${user.id === viewer ? ' selected' : ''}>${escapeHtml(user.real_name)} (@${escapeHtml(user.name)})</option>`,
    )
    .join('');
}

/** A DM with the bot is named after the bot, as Slack lists it. */
export function channelLabel(channel, botName) {
  return channel.type === 'im' ? botName : channel.name;
}

/**
 * The conversations, and under Apps the bot's Home tab (`current` is `HOME` when it is open).
 */
export function channelListHtml(workspace, current, unread) {
  const link = (channel) => {
    const active = channel.id === current;
    const classes = ['channel-link', active ? 'active' : '', unread.has(channel.id) ? 'unread' : ''].filter(Boolean).join(' ');
    const sigil = channel.type === 'im' ? '●' : channel.type === 'group' ? ICONS.lock : '#';
    return (
      `<button type="button" class="${classes}" data-testid="channel-link" data-channel-id="${escapeHtml(channel.id)}"${active ? ' aria-current="page"' : ''}>` +
      `<span class="channel-sigil" aria-hidden="true">${sigil}</span>${escapeHtml(channelLabel(channel, workspace.bot.name))}</button>`
    );
  };
  const channels = workspace.channels.filter((c) => c.type !== 'im');
  const dms = workspace.channels.filter((c) => c.type === 'im');
  const homeActive = current === HOME;
  const home =
    `<button type="button" class="channel-link${homeActive ? ' active' : ''}" data-testid="home-link"${homeActive ? ' aria-current="page"' : ''}>` +
    `<span class="channel-sigil" aria-hidden="true">⌂</span>${escapeHtml(workspace.bot.name)} · Home</button>`;
  return (
    `<div class="nav-heading">Channels</div>${channels.map(link).join('')}` +
    (dms.length ? `<div class="nav-heading">Direct messages</div>${dms.map(link).join('')}` : '') +
    `<div class="nav-heading">Apps</div>${home}`
  );
}

/** Where the page is when it shows the bot's Home tab rather than a conversation. */
export const HOME = 'home';

/** The Home tab the app published (its blocks, drawn as Slack draws them), or what stands while it has none. */
export function homeHtml(view, botName, directory) {
  if (!view)
    return `<div class="home-empty" data-testid="home-empty">${escapeHtml(botName)} has not published a Home tab for you yet.</div>`;
  return `<div class="home-view" data-testid="home-view" data-view-id="${escapeHtml(view.id)}">${renderBlocks(view.blocks, directory)}</div>`;
}

/** Chips that start a mention or a command in the composer. */
export function hintsHtml(botName, commands) {
  return [`@${botName} `, ...commands.map((command) => `${command} `)]
    .map(
      (hint) =>
        `<button type="button" class="hint" data-testid="composer-hint" data-insert="${escapeHtml(hint)}">${escapeHtml(hint.trim())}</button>`,
    )
    .join('');
}

/**
 * The demo Plane's Intake, as its admin sees it in Plane: each request still to decide, with Accept
 * and Decline. Empty when none waits.
 */
export function intakePanelHtml(requests) {
  const rows = (Array.isArray(requests) ? requests : []).map(
    (r) =>
      `<li class="intake-request" data-testid="intake-request" data-key="${escapeHtml(r.key)}">` +
      `<span class="intake-key">${escapeHtml(r.key)}</span> <span class="intake-name">${escapeHtml(r.name)}</span>` +
      (r.status === 'snoozed' ? ' <em>(snoozed)</em>' : '') +
      `<span class="intake-actions">` +
      `<button type="button" class="tool-button" data-testid="intake-decide" data-key="${escapeHtml(r.key)}" data-decision="accept">Accept</button>` +
      `<button type="button" class="tool-button" data-testid="intake-decide" data-key="${escapeHtml(r.key)}" data-decision="decline">Decline</button>` +
      `</span></li>`,
  );
  return (
    `<div class="intake-title">Demo Plane · Intake</div>` +
    (rows.length > 0
      ? `<ul class="intake-list">${rows.join('')}</ul>`
      : `<div class="intake-empty" data-testid="intake-empty">Nothing to decide. Press + :ticket: under a message in #support.</div>`)
  );
}
