import { renderBlocks, unknownHtml } from './blockkit.js';
import { escapeHtml } from './html.js';
import { ICONS } from './icons.js';
import { mrkdwnToHtml } from './mrkdwn.js';

/**
 * One message as the page draws it: avatar, author, time, "(edited)", "Only visible to you" for
 * an ephemeral message, its blocks (or its mrkdwn text when it has none), attachments, reactions,
 * Slack's stop control while it streams and, in the channel, the link to its thread. Returns an
 * HTML string.
 *
 * @param message a PageMessage of the page API
 * @param view `{ directory, workspace, replies, inThread }`: replies are the thread's (for the
 *   "N replies" link), inThread draws it inside the thread panel
 */
export function messageHtml(message, view) {
  const { directory, workspace, replies = [], inThread = false } = view;
  const author = authorOf(message, workspace);
  const ephemeral = message.ephemeral === true;
  const classes = ['message', ephemeral ? 'message-ephemeral' : '', author.bot ? 'message-bot' : ''].filter(Boolean).join(' ');
  const attributes = [
    `class="${classes}"`,
    'data-testid="message"',
    `data-ts="${escapeHtml(message.ts)}"`,
    `data-user="${escapeHtml(message.user ?? '')}"`,
    ephemeral ? 'data-ephemeral="true"' : '',
    typeof message.thread_ts === 'string' ? `data-thread-ts="${escapeHtml(message.thread_ts)}"` : '',
  ].filter(Boolean);
  const canReply = !inThread && !ephemeral && message.subtype !== 'tombstone';
  // The app's message shortcuts, in a "…" menu, on every message but ephemeral ones and tombstones.
  const canAct = !ephemeral && message.subtype !== 'tombstone' && (workspace?.shortcuts?.length ?? 0) > 0;
  const canReact = !ephemeral && message.subtype !== 'tombstone' && !author.bot;
  return (
    `<div ${attributes.join(' ')}>` +
    `<div class="avatar avatar-c${colourOf(message.user ?? '')}" aria-hidden="true">${escapeHtml(author.initial)}</div>` +
    `<div class="message-body">` +
    `<div class="message-meta"><span class="author" data-testid="message-author">${escapeHtml(author.name)}</span>` +
    (author.bot ? '<span class="badge">APP</span>' : '') +
    `<time class="message-time" title="${escapeHtml(message.ts)}">${escapeHtml(timeOf(message.ts))}</time>` +
    (message.edited ? '<span class="edited" data-testid="message-edited">(edited)</span>' : '') +
    `</div>` +
    (ephemeral ? `<div class="ephemeral-note" data-testid="ephemeral-note">${ICONS.eye} Only visible to you</div>` : '') +
    `<div class="message-content" data-testid="message-content">${contentHtml(message, directory)}</div>` +
    // Slack's own stop control on an answer still streaming: pressing it stops the stream and tells the app.
    (message.streaming === true
      ? `<button type="button" class="stream-stop" data-testid="stream-stop" title="Stop generating">${ICONS.stop} Stop</button>`
      : '') +
    reactionsHtml(message.reactions) +
    (inThread ? '' : threadSummaryHtml(message, replies)) +
    `</div>` +
    (canReply || canAct
      ? `<div class="message-tools">${canReply ? `<button type="button" class="tool-button" data-testid="reply-in-thread" title="Reply in thread">${ICONS.reply} Reply</button>` : ''}` +
        // Slack's emoji picker, reduced to the intake desk's emoji.
        (canReact
          ? '<button type="button" class="tool-button" data-testid="add-ticket" data-name="ticket" title="React with :ticket:">+ :ticket:</button>'
          : '') +
        `${canAct ? '<button type="button" class="tool-button" data-testid="message-actions" title="More actions" aria-haspopup="menu">…</button>' : ''}</div>`
      : '') +
    `</div>`
  );
}

function contentHtml(message, directory) {
  if (message.subtype === 'tombstone') return '<div class="tombstone">This message was deleted.</div>';
  const hasBlocks = Array.isArray(message.blocks) && message.blocks.length > 0;
  const body = hasBlocks
    ? renderBlocks(message.blocks, directory)
    : `<div class="mrkdwn">${mrkdwnToHtml(message.text ?? '', directory)}</div>`;
  const attachments = Array.isArray(message.attachments) ? message.attachments.map((a) => attachmentHtml(a, directory)).join('') : '';
  return body + attachments;
}

/** Legacy attachments: their blocks, or their text; anything else as JSON. */
function attachmentHtml(attachment, directory) {
  const colour = /^(good|warning|danger)$/.test(attachment?.color) ? ` attachment-${attachment.color}` : '';
  const parts = [];
  if (typeof attachment?.pretext === 'string') parts.push(`<div class="mrkdwn">${mrkdwnToHtml(attachment.pretext, directory)}</div>`);
  if (typeof attachment?.title === 'string') parts.push(`<div class="attachment-title">${escapeHtml(attachment.title)}</div>`);
  if (typeof attachment?.text === 'string') parts.push(`<div class="mrkdwn">${mrkdwnToHtml(attachment.text, directory)}</div>`);
  if (Array.isArray(attachment?.blocks)) parts.push(renderBlocks(attachment.blocks, directory));
  if (parts.length === 0) parts.push(unknownHtml(attachment, 'attachment'));
  return `<div class="attachment${colour}" data-testid="attachment">${parts.join('')}</div>`;
}

function reactionsHtml(reactions) {
  if (!Array.isArray(reactions) || reactions.length === 0) return '';
  const chips = reactions.map(
    (r) => `<span class="reaction" title=":${escapeHtml(r.name)}:">:${escapeHtml(r.name)}: ${Number(r.count) || 0}</span>`,
  );
  return `<div class="reactions" data-testid="reactions">${chips.join('')}</div>`;
}

function threadSummaryHtml(message, replies) {
  if (replies.length === 0) return '';
  const last = replies[replies.length - 1];
  const count = `${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}`;
  return (
    `<button type="button" class="thread-summary" data-testid="thread-link" data-thread-ts="${escapeHtml(message.ts)}">` +
    `${count}<span class="thread-last">Last reply ${escapeHtml(timeOf(last.ts))}</span></button>`
  );
}

/** Name, initial and whether it is an app, as Slack shows the sender. */
export function authorOf(message, workspace) {
  const user = workspace?.users?.find((u) => u.id === message.user);
  const botName = typeof message.bot_profile?.name === 'string' ? message.bot_profile.name : undefined;
  const name = botName ?? user?.real_name ?? user?.name ?? message.user ?? 'unknown';
  const bot = botName !== undefined || message.bot_id !== undefined || user?.is_bot === true;
  return { name, initial: (name.trim()[0] ?? '?').toUpperCase(), bot };
}

function colourOf(id) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash % 8;
}

/** "14:05" in the reader's time zone, from a Slack ts. */
export function timeOf(ts) {
  const date = new Date(Number(String(ts).split('.')[0]) * 1000);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
