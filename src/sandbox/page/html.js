/**
 * The few HTML helpers every renderer of the page shares. Everything the page draws goes through
 * `escapeHtml` or `safeHref`, so no text from a message can become markup or a script URL.
 */

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text → HTML text or attribute value (quotes included). */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** An http(s) or mailto URL, trimmed; anything else (javascript:, data:, relative paths) → undefined. */
export function safeHref(url) {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  // Control characters and spaces inside a scheme are how filters get fooled; refuse them outright.
  if (/[\u0000-\u001f\u007f\s]/.test(trimmed)) return undefined;
  return /^(https?:\/\/[^/?#]|mailto:)/i.test(trimmed) ? trimmed : undefined;
}

/** An anchor to an external page, or just the label when the URL is not safe to follow. */
export function linkHtml(url, labelHtml) {
  const href = safeHref(url);
  if (href === undefined) return labelHtml;
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${labelHtml}</a>`;
}

/**
 * Who and where names point to. `users` and `channels` are the workspace lists the page API gives;
 * `viewer` is the person the page acts as, whose mentions are highlighted.
 */
export function createDirectory({ users = [], channels = [], viewer } = {}) {
  const userById = new Map(users.map((user) => [user.id, user]));
  const channelById = new Map(channels.map((channel) => [channel.id, channel]));
  return {
    viewer,
    userName: (id) => userById.get(id)?.name,
    realName: (id) => userById.get(id)?.real_name,
    channelName: (id) => {
      const channel = channelById.get(id);
      return channel && channel.type !== 'im' ? channel.name : undefined;
    },
  };
}

/** `@name` for a user id, highlighted when it is the viewer. */
export function userMentionHtml(directory, id, label) {
  const name = directory?.userName(id) ?? label ?? id;
  const self = directory?.viewer === id ? ' mention-self' : '';
  return `<span class="mention${self}" data-user-id="${escapeHtml(id)}">@${escapeHtml(name)}</span>`;
}

/** `#name` for a channel id. */
export function channelMentionHtml(directory, id, label) {
  const name = directory?.channelName(id) ?? label ?? id;
  return `<span class="mention channel-mention" data-channel-id="${escapeHtml(id)}">#${escapeHtml(name)}</span>`;
}

/** `@here`, `@channel`, `@everyone`. */
export function broadcastHtml(range) {
  return `<span class="mention mention-broadcast">@${escapeHtml(range)}</span>`;
}

/** A value the page cannot draw, shown as its JSON (never dropped). */
export function jsonHtml(value) {
  let text;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return escapeHtml(text);
}

/** A Slack date with no fallback text: minutes, in UTC, readable everywhere. */
export function utcDateText(seconds) {
  const date = new Date(Number(seconds) * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
