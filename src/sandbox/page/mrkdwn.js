import { broadcastHtml, channelMentionHtml, escapeHtml, linkHtml, safeHref, userMentionHtml, utcDateText } from './html.js';

/**
 * Slack mrkdwn → safe HTML, as a Slack client draws it: *bold*, _italic_, ~strike~, `code`,
 * ```blocks```, > quotes, bullet and numbered lines, `<url|label>` links, `<@U…>` / `<#C…>` /
 * `<!here>` mentions and `<!date^…|fallback>`. Text arrives in Slack's wire form (`&amp;`, `&lt;`,
 * `&gt;`), is decoded once and escaped again for HTML, so nothing in it becomes markup.
 */

const SLACK_ENTITIES = { amp: '&', lt: '<', gt: '>' };

/** Slack's three entities → characters; one pass, so `&amp;lt;` means the text `&lt;`. */
export function decodeSlackEntities(text) {
  return String(text).replace(/&(amp|lt|gt);/g, (_, name) => SLACK_ENTITIES[name]);
}

/** plain_text objects: escaped, line breaks kept by the stylesheet. */
export function plainTextToHtml(text) {
  return escapeHtml(text ?? '');
}

/**
 * @param {string} text mrkdwn in Slack's wire form
 * @param directory from html.js createDirectory: names for mentions
 * @param {{ linkify?: boolean }} options linkify: turn bare URLs into links (off for `verbatim` text)
 */
export function mrkdwnToHtml(text, directory, options = {}) {
  const source = String(text ?? '').replace(/[\uE000\uE001]/g, '\uFFFD');
  const parts = [];
  let rest = 0;
  for (const fence of source.matchAll(/```([\s\S]*?)```/g)) {
    parts.push(linesHtml(source.slice(rest, fence.index), directory, options));
    const code = fence[1].replace(/^\n/, '').replace(/\n$/, '');
    parts.push(`<pre class="mk-pre">${escapeHtml(decodeSlackEntities(replaceAngles(code, (inner) => angleText(inner, directory))))}</pre>`);
    rest = fence.index + fence[0].length;
  }
  parts.push(linesHtml(source.slice(rest), directory, options));
  return parts.join('');
}

const QUOTE_LINE = /^(?:&gt;|>) ?(.*)$/;
const LIST_LINE = /^( *)([•◦▪▫‣*-]|\d{1,4}[.)]) +(\S.*)$/;
const BULLETS = ['•', '◦', '▪'];

/** Lines between code blocks: runs of quote lines, list lines and ordinary lines, each run a block. */
function linesHtml(segment, directory, options) {
  const lines = segment.replace(/^\n/, '').replace(/\n$/, '').split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const runs = [];
  for (const line of lines) {
    const kind = QUOTE_LINE.test(line) ? 'quote' : LIST_LINE.test(line) ? 'list' : 'plain';
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.lines.push(line);
    else runs.push({ kind, lines: [line] });
  }
  return runs.map((run) => runHtml(run, directory, options)).join('');
}

function runHtml({ kind, lines }, directory, options) {
  const inline = (line) => inlineHtml(line, directory, options);
  if (kind === 'quote') {
    return `<blockquote class="mk-quote">${lines.map((line) => inline(QUOTE_LINE.exec(line)[1])).join('\n')}</blockquote>`;
  }
  if (kind === 'list') {
    const items = lines.map((line) => {
      const [, spaces, marker, body] = LIST_LINE.exec(line);
      const depth = Math.min(Math.ceil(spaces.length / 4), 5);
      const shown = /\d/.test(marker) ? marker : marker === '-' || marker === '*' ? BULLETS[depth % BULLETS.length] : marker;
      return `<div class="mk-li mk-indent-${depth}" role="listitem"><span class="mk-bullet">${escapeHtml(shown)}</span><span class="mk-li-body">${inline(body)}</span></div>`;
    });
    return `<div class="mk-list" role="list">${items.join('')}</div>`;
  }
  return `<div class="mk-p">${lines.map(inline).join('\n')}</div>`;
}

/** `code`, `<…>` and (when linkifying) bare URLs, leftmost first; all else is text to style. */
const INLINE_TOKENS = /`([^`\n]+)`|<([^<>\n]+)>|(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])/g;

function inlineHtml(line, directory, options) {
  const held = [];
  const hold = (html) => `\uE000${held.push(html) - 1}\uE001`;
  const text = line.replace(INLINE_TOKENS, (whole, code, angle, url) => {
    if (code !== undefined) return hold(`<code>${escapeHtml(decodeSlackEntities(code))}</code>`);
    if (angle !== undefined) return hold(angleHtml(angle, directory));
    if (options.linkify === false) return whole;
    const href = decodeSlackEntities(url);
    return hold(linkHtml(href, escapeHtml(href)));
  });
  let html = escapeHtml(decodeSlackEntities(text));
  html = style(html, '\\*', 'strong');
  html = style(html, '_', 'em');
  html = style(html, '~', 'del');
  return html.replace(/\uE000(\d+)\uE001/g, (_, index) => held[Number(index)]);
}

/**
 * Wraps `marker…marker` in a tag where Slack would: the markers against the words, not inside a
 * word, and the content's tags balanced (so `*a _b* c_` does not produce crossed tags).
 */
function style(html, marker, tag) {
  const pattern = new RegExp(
    `(^|[^\\p{L}\\p{N}])${marker}([^\\s${marker}](?:[^${marker}\\n]*?[^\\s${marker}])?)${marker}(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return html.replace(pattern, (whole, before, content) => (balanced(content) ? `${before}<${tag}>${content}</${tag}>` : whole));
}

function balanced(html) {
  const open = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)(strong|em|del)>/g)) {
    if (!closing) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

/** Applies `render` to the inside of every `<…>` of wire text. */
function replaceAngles(text, render) {
  return text.replace(/<([^<>\n]+)>/g, (_, inner) => render(inner));
}

function splitAngle(inner) {
  const bar = inner.indexOf('|');
  return bar < 0 ? { target: inner, label: undefined } : { target: inner.slice(0, bar), label: decodeSlackEntities(inner.slice(bar + 1)) };
}

/** What `<…>` shows, as plain text (inside code blocks, where nothing is a link). */
function angleText(inner, directory) {
  const { target, label } = splitAngle(inner);
  if (target.startsWith('@')) return `@${directory?.userName(target.slice(1)) ?? label ?? target.slice(1)}`;
  if (target.startsWith('#')) return `#${directory?.channelName(target.slice(1)) ?? label ?? target.slice(1)}`;
  if (target.startsWith('!')) return specialText(target.slice(1), label);
  return label ?? decodeSlackEntities(target);
}

function angleHtml(inner, directory) {
  const { target, label } = splitAngle(inner);
  if (target.startsWith('@')) return userMentionHtml(directory, target.slice(1), label);
  if (target.startsWith('#')) return channelMentionHtml(directory, target.slice(1), label);
  if (target.startsWith('!')) {
    const command = target.slice(1);
    if (/^(here|channel|everyone)$/.test(command)) return broadcastHtml(command);
    const text = escapeHtml(specialText(command, label));
    return command.startsWith('date^') ? `<span class="mk-date">${text}</span>` : `<span class="mention">${text}</span>`;
  }
  const url = decodeSlackEntities(target);
  if (safeHref(url) === undefined) return escapeHtml(label ?? `<${url}>`);
  return linkHtml(url, escapeHtml(label ?? url));
}

/** `<!…>` commands: broadcasts, user groups, dates (their fallback text). */
function specialText(command, label) {
  if (/^(here|channel|everyone)$/.test(command)) return `@${command}`;
  if (command.startsWith('subteam^')) return label ?? `@${command.slice('subteam^'.length)}`;
  if (command.startsWith('date^')) return label ?? utcDateText(command.split('^')[1]);
  return label ?? command;
}
