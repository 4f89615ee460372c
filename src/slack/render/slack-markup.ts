import { stripControl } from '../../tools/index.js';

/**
 * What people write in Slack, on the wire (`text` of a message: `<@U1>`, `<https://x|label>`,
 * `*bold*`, `&lt;` …), read for Plane: as plain text (a work item's title and description) or as
 * HTML (a comment), bold, italic, strikethrough, code, links, lists and quotes carried over.
 */

/** Slack user ids named in the text (`<@U…>`), to look their names up before converting. */
export function mentionedUsers(text: string): string[] {
  return [...new Set([...text.matchAll(/<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g)].map((m) => m[1]!))];
}

type Names = ReadonlyMap<string, string>;

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SAFE_URL = /^(https?:|mailto:)/i;

interface Entity {
  text: string;
  href?: string;
}

/** One `<…>` of Slack's markup as what it shows, and where it links. */
function entity(inner: string, names: Names): Entity {
  const [target = '', label] = inner.split('|', 2) as [string, string | undefined];
  if (target.startsWith('@')) return { text: `@${label ?? names.get(target.slice(1)) ?? target.slice(1)}` };
  if (target.startsWith('#')) return { text: `#${label ?? target.slice(1)}` };
  if (target.startsWith('!')) {
    const special = target.slice(1).split('^')[0]!;
    return { text: label ?? `@${special}` };
  }
  const url = decode(target);
  return { text: decode(label ?? url.replace(/^mailto:/i, '')), ...(SAFE_URL.test(url) && { href: url }) };
}

/** The text as people read it in Slack, without markup characters for mentions and links. */
export function slackToPlain(text: string, names: Names = new Map()): string {
  return decode(
    stripControl(text).replace(/<([^<>]+)>/g, (_, inner: string) =>
      entity(inner, names).text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    ),
  );
}

/** Inline markup of one line (or a code-free stretch of it) as HTML. */
function inlineHtml(text: string, names: Names): string {
  const parts: string[] = [];
  // Code spans and Slack's <…> first: nothing inside them is formatting.
  const pattern = /`([^`\n]+)`|<([^<>\n]+)>/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(format(escapeHtml(decode(text.slice(at, match.index)))));
    if (match[1] !== undefined) parts.push(`<code>${escapeHtml(decode(match[1]))}</code>`);
    else {
      const found = entity(match[2]!, names);
      parts.push(found.href ? `<a href="${escapeHtml(found.href)}">${escapeHtml(found.text)}</a>` : escapeHtml(found.text));
    }
    at = match.index + match[0].length;
  }
  parts.push(format(escapeHtml(decode(text.slice(at)))));
  return parts.join('');
}

/** `*bold*`, `_italic_`, `~strike~`, as Slack reads them: the marks hug a word on both sides. */
function format(html: string): string {
  const mark = (char: string) => new RegExp(`(^|[\\s(>])\\${char}(?=\\S)([^${char}\\n]*?\\S)\\${char}(?=$|[\\s).,!?:;<])`, 'g');
  return html.replace(mark('*'), '$1<strong>$2</strong>').replace(mark('_'), '$1<em>$2</em>').replace(mark('~'), '$1<s>$2</s>');
}

const BULLET = /^\s*(?:[•◦▪\-*])\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const QUOTE = /^&gt;\s?(.*)$|^>\s?(.*)$/;

/** The whole message as comment HTML: paragraphs, lists, quotes and code blocks. */
export function slackToHtml(text: string, names: Names = new Map()): string {
  const out: string[] = [];
  const pieces = stripControl(text).replace(/\r\n?/g, '\n').split('```');
  pieces.forEach((piece, index) => {
    // Odd pieces sit between fences: a code block (an unclosed fence leaves its text as it is).
    if (index % 2 === 1 && index < pieces.length - 1) {
      out.push(`<pre><code>${escapeHtml(decode(piece.replace(/^\n|\n$/g, '')))}</code></pre>`);
      return;
    }
    const source = index % 2 === 1 ? `\`\`\`${piece}` : piece;
    let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;
    const flush = () => {
      if (list) out.push(`<${list.tag}>${list.items.map((item) => `<li>${item}</li>`).join('')}</${list.tag}>`);
      list = undefined;
    };
    for (const line of source.split('\n')) {
      const bullet = BULLET.exec(line);
      const numbered = bullet ? undefined : NUMBERED.exec(line);
      const item = bullet ?? numbered;
      if (item) {
        const tag = bullet ? 'ul' : 'ol';
        if (list?.tag !== tag) flush();
        (list ??= { tag, items: [] }).items.push(inlineHtml(item[1]!, names));
        continue;
      }
      flush();
      const quote = QUOTE.exec(line);
      if (quote) out.push(`<blockquote><p>${inlineHtml(quote[1] ?? quote[2] ?? '', names)}</p></blockquote>`);
      else if (line.trim() !== '') out.push(`<p>${inlineHtml(line, names)}</p>`);
    }
    flush();
  });
  return out.join('') || '<p></p>';
}
