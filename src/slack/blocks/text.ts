import { SLACK_LIMITS } from './limits.js';
import type { ButtonElement, ModalView, MrkdwnObject, PlainTextObject } from './types.js';
import { stripControl } from '../../tools/index.js';

export const ELLIPSIS = '…';
/** Zero-width space: invisible, but it breaks Slack's syntax where it sits. */
export const ZWSP = '\u200b';
/** Opens and closes a mrkdwn code block, always on a line of its own in what this app writes. */
export const FENCE = '```';
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** A zero-width space after the @ keeps a broadcast word from notifying a channel in any client. */
export function defuseBroadcasts(text: string): string {
  return text.replace(/@(here|channel|everyone)\b/gi, `@${ZWSP}$1`);
}

/** Three backticks in user text would open a code block and swallow the rest of the message. */
function defuseFences(text: string): string {
  return text.replace(/`{3,}/g, (run) => run.split('').join(ZWSP));
}

/**
 * Makes user text inert in mrkdwn: `&`, `<`, `>` become entities (so `<!channel>` and `<@U1>` are
 * shown, not parsed), broadcast words and code fences are defused, control characters removed.
 */
export function escapeMrkdwn(text: string): string {
  return defuseFences(defuseBroadcasts(stripControl(text))).replace(/[&<>]/g, (c) => ENTITIES[c] ?? c);
}

/**
 * Whitespace runs (newlines included) become one space: for headers, buttons and one-line items.
 * No-break spaces stay: French puts a narrow one before its colons so that a line never starts with one.
 */
export function oneLine(text: string): string {
  return text.replace(/[^\S\u00a0\u2007\u202f]+/g, ' ').trim();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The nearest index ≤ `end` where `text` can be cut without splitting a surrogate pair or one of
 * the entities escapeMrkdwn writes.
 */
export function safeCut(text: string, end: number): number {
  if (end >= text.length) return text.length;
  let cut = Math.max(0, end);
  if (cut > 0 && isHighSurrogate(text.charCodeAt(cut - 1))) cut -= 1;
  const amp = text.lastIndexOf('&', cut - 1);
  if (amp >= 0 && cut - amp < 5) {
    const entity = /^&(?:amp|lt|gt);/.exec(text.slice(amp, amp + 5));
    if (entity && amp + entity[0].length > cut) cut = amp;
  }
  return cut;
}

/** Shortens text to at most `max` characters, marking the cut with a visible "…". Safe on escaped text. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, safeCut(text, max - ELLIPSIS.length)).trimEnd() + ELLIPSIS;
}

/**
 * Cuts one over-long line into pieces of at most `size`: at a space when one is near, never inside
 * an entity, a surrogate pair or a `<link|label>` this renderer wrote.
 */
export function cutLine(line: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > size) {
    let cut = safeCut(rest, size);
    const space = rest.lastIndexOf(' ', cut);
    if (space > size / 2) cut = space + 1;
    const open = rest.lastIndexOf('<', cut - 1);
    if (open > 0 && rest.lastIndexOf('>', cut - 1) < open) cut = open;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/**
 * Shortens mrkdwn to at most `max` characters at a line break where it can (else between words),
 * never inside a link, a mention or an entity; a code block the cut leaves open is closed, and "…"
 * says that there is more.
 */
export function truncateMrkdwn(text: string, max: number): string {
  if (text.length <= max) return text;
  // Room for "\n```" and "\n…".
  const budget = max - FENCE.length - 3;
  const kept: string[] = [];
  let length = 0;
  let inCode = false;
  for (const line of text.split('\n')) {
    const extra = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + extra > budget) {
      if (kept.length === 0 && !line.startsWith(FENCE)) kept.push(cutLine(line, budget)[0] ?? '');
      break;
    }
    kept.push(line);
    length += extra;
    if (line.startsWith(FENCE)) inCode = !inCode;
  }
  // A code block that would show nothing is left out; one cut short is closed.
  if (inCode && kept.at(-1)?.startsWith(FENCE)) kept.pop();
  else if (inCode) kept.push(FENCE);
  return `${kept.join('\n').trimEnd()}\n${ELLIPSIS}`;
}

/** escapeMrkdwn, then truncate: the result never exceeds `max` and never ends inside an entity. */
export function escapeTruncated(text: string, max: number): string {
  return truncate(escapeMrkdwn(text), max);
}

/** Plain text for headers and buttons: one line, never empty, within `max`, mention syntax defused. */
export function plainText(text: string, max: number = SLACK_LIMITS.textObject): PlainTextObject {
  const safe = defuseBroadcasts(oneLine(stripControl(text))).replace(/<([!@#])/g, `<${ZWSP}$1`);
  return { type: 'plain_text', text: truncate(safe || '—', max), emoji: true };
}

/**
 * A mrkdwn text object for text this module has already made safe. `verbatim` stops Slack from
 * linking or parsing anything we did not write explicitly.
 */
export function mrkdwn(text: string): MrkdwnObject {
  return { type: 'mrkdwn', text: text.trim() === '' ? '—' : text, verbatim: true };
}

const NAME_MAX = 80;

/** `<@U123>` for a real Slack user id; anything else is shown as (escaped, one-line, short) text. */
export function mentionUser(idOrName: string): string {
  const value = oneLine(idOrName);
  return /^[UW][A-Z0-9]{2,20}$/.test(value) ? `<@${value}>` : escapeTruncated(value, NAME_MAX);
}

/** A date every reader sees in their own time zone, with an ISO fallback for old clients. */
export function slackDate(date: Date): string {
  const seconds = Math.floor(date.getTime() / 1000);
  const fallback = date
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d\d\.\d+Z$/, ' UTC');
  return `<!date^${seconds}^{date_short_pretty} at {time}|${fallback}>`;
}

export function isLinkableUrl(url: string): boolean {
  return url.length <= SLACK_LIMITS.buttonUrl && /^https?:\/\/[^\s<>|]+$/i.test(url);
}

export interface ButtonOptions {
  text: string;
  actionId: string;
  value?: string;
  url?: string;
  style?: 'primary' | 'danger';
}

/** A button; a value, action id or URL that Slack would refuse is a programming error and throws. */
export function button(options: ButtonOptions): ButtonElement {
  if (options.actionId.length === 0 || options.actionId.length > SLACK_LIMITS.actionId) {
    throw new RangeError(`action_id must be 1–${SLACK_LIMITS.actionId} characters`);
  }
  if (options.value !== undefined && options.value.length > SLACK_LIMITS.buttonValue) {
    throw new RangeError(`button value is ${options.value.length} characters; Slack allows ${SLACK_LIMITS.buttonValue}`);
  }
  if (options.url !== undefined && !isLinkableUrl(options.url)) {
    throw new RangeError('button url must be an http(s) URL of at most 3000 characters');
  }
  const element: ButtonElement = {
    type: 'button',
    text: plainText(options.text, SLACK_LIMITS.buttonText),
    action_id: options.actionId,
  };
  if (options.value !== undefined) element.value = options.value;
  if (options.url !== undefined) element.url = options.url;
  if (options.style !== undefined) element.style = options.style;
  return element;
}

/** Greedily joins items (each already ≤ max) into as few strings of at most `max` characters as possible. */
export function pack(items: readonly string[], separator: string, max: number): string[] {
  const chunks: string[] = [];
  let current: string | undefined;
  for (const item of items) {
    if (current !== undefined && current.length + separator.length + item.length <= max) {
      current += separator + item;
    } else {
      if (current !== undefined) chunks.push(current);
      current = item;
    }
  }
  if (current !== undefined) chunks.push(current);
  return chunks;
}

/** A modal's frame, its title and buttons cut to Slack's limits; the caller adds its blocks and metadata. */
export function modalFrame(frame: { callbackId: string; title: string; submit?: string; close: string }): Omit<ModalView, 'blocks'> {
  return {
    type: 'modal',
    callback_id: frame.callbackId,
    title: plainText(frame.title, SLACK_LIMITS.modalTitle),
    ...(frame.submit !== undefined && { submit: plainText(frame.submit, SLACK_LIMITS.modalButton) }),
    close: plainText(frame.close, SLACK_LIMITS.modalButton),
  };
}
