import { Lexer, type Token, type Tokens } from 'marked';
import { escapeMrkdwn, FENCE, ZWSP } from '../blocks/text.js';

/**
 * Standard Markdown (what the model writes) → Slack mrkdwn, through marked's lexer. Every piece of
 * text is escaped (`&`, `<`, `>`), so nothing the model repeats from a web page or a work item can
 * mention anyone; the only `<…>` in the output are links this module writes. Code fences are always
 * on lines of their own, at the start of the line, so the splitter can find them.
 */

export const BULLETS = ['•', '◦', '▪'];
export const INDENT = '    ';
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Markdown text may hold entities (`&amp;`); they mean the character, which is then escaped for Slack. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (entity, name: string) => {
    const code =
      name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : NaN;
    if (!Number.isNaN(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Prose: escaped, and a backtick never meets two others to open a code block by accident. */
export function prose(text: string): string {
  return escapeMrkdwn(text).replace(/`/g, `\`${ZWSP}`);
}

export function fence(code: string): string {
  const body = escapeMrkdwn(code.replace(/\n+$/, ''));
  return `${FENCE}\n${body}\n${FENCE}`;
}

function isFence(line: string): boolean {
  return line.startsWith(FENCE);
}

/**
 * Prefixes every line outside code blocks (a fence must stay at the start of its line), from line
 * `from` on.
 */
export function prefixLines(text: string, prefix: string, emptyPrefix = prefix, from = 0): string {
  let inCode = false;
  return text
    .split('\n')
    .map((line, index) => {
      const wasInCode = inCode;
      if (isFence(line)) inCode = !inCode;
      if (index < from || wasInCode || isFence(line)) return line;
      return line === '' ? emptyPrefix : prefix + line;
    })
    .join('\n');
}

/** Wraps with a mrkdwn marker; Slack needs the marker against the words, so edge spaces go outside. */
export function wrap(marker: string, inner: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner);
  const core = match?.[2] ?? '';
  return core === '' ? inner : `${match?.[1] ?? ''}${marker}${core}${marker}${match?.[3] ?? ''}`;
}

/** An http(s) or mailto URL made safe inside `<…|…>`; anything else (javascript:, data:) is no link. */
export function safeHref(href: string): string | undefined {
  const url = href.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(url)) return undefined;
  return url.replace(/[|<>\s]/g, (char) => encodeURIComponent(char)).replace(/&/g, '&amp;');
}

interface InlineContext {
  bold?: boolean;
  /** Inside a link label: no nested links. */
  label?: boolean;
}

function inline(tokens: readonly Token[] | undefined, context: InlineContext = {}): string {
  return (tokens ?? []).map((token) => inlineToken(token, context)).join('');
}

function inlineToken(token: Token, context: InlineContext): string {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens, context) : prose(decodeEntities(text.text));
    }
    case 'escape':
      return prose((token as Tokens.Escape).text);
    case 'strong':
      return context.bold
        ? inline((token as Tokens.Strong).tokens, context)
        : wrap('*', inline((token as Tokens.Strong).tokens, { ...context, bold: true }));
    case 'em':
      return wrap('_', inline((token as Tokens.Em).tokens, context));
    case 'del':
      return wrap('~', inline((token as Tokens.Del).tokens, context));
    case 'codespan':
      // mrkdwn has no way to put a backtick inside inline code.
      return `\`${escapeMrkdwn((token as Tokens.Codespan).text.replace(/`/g, 'ˋ'))}\``;
    case 'br':
      return '\n';
    case 'link': {
      const link = token as Tokens.Link;
      const label = inline(link.tokens, { ...context, label: true }).replace(/\n/g, ' ');
      const href = context.label ? undefined : safeHref(link.href);
      if (href === undefined) return label;
      return label === prose(link.href) ? `<${href}>` : `<${href}|${label || href}>`;
    }
    case 'image': {
      const image = token as Tokens.Image;
      const alt = prose(image.text || 'image');
      const href = context.label ? undefined : safeHref(image.href);
      return href === undefined ? alt : `<${href}|${alt}>`;
    }
    case 'checkbox':
      return '';
    case 'html':
      return prose((token as Tokens.Tag).text);
    default:
      return prose(token.raw);
  }
}

/** Cell text without formatting, for a monospace table. */
function plain(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      if (token.type === 'codespan' || token.type === 'escape') return (token as Tokens.Codespan).text;
      if (token.type === 'link') return `${plain((token as Tokens.Link).tokens)} (${(token as Tokens.Link).href})`;
      if ('tokens' in token && Array.isArray(token.tokens)) return plain(token.tokens);
      if (token.type === 'text') return decodeEntities((token as Tokens.Text).text);
      if (token.type === 'br') return ' ';
      return token.raw;
    })
    .join('');
}

function table(token: Tokens.Table): string {
  const rows = [token.header, ...token.rows].map((row) => row.map((cell) => plain(cell.tokens).replace(/\s+/g, ' ').trim()));
  const widths = token.header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' | ')
      .trimEnd();
  const [header, ...body] = rows;
  const rule = widths.map((width) => '-'.repeat(Math.max(width, 1))).join('-+-');
  return fence([line(header ?? []), rule, ...body.map(line)].join('\n'));
}

function list(token: Tokens.List, depth: number): string {
  const start = typeof token.start === 'number' ? token.start : 1;
  return token.items
    .map((item, index) => {
      const marker = token.ordered ? `${start + index}.` : (BULLETS[depth % BULLETS.length] ?? '•');
      const box = item.task ? (item.checked ? '☑ ' : '☐ ') : '';
      const parts = item.tokens.map((child) => (child.type === 'list' ? list(child as Tokens.List, depth + 1) : block(child)));
      const content = prefixLines(parts.filter((part): part is string => part !== undefined && part !== '').join('\n'), INDENT, '', 1);
      return isFence(content) ? `${marker} ${box}\n${content}` : `${marker} ${box}${content}`;
    })
    .join('\n');
}

function block(token: Token): string | undefined {
  switch (token.type) {
    case 'space':
    case 'def':
    case 'checkbox':
      return undefined;
    case 'paragraph':
      return inline((token as Tokens.Paragraph).tokens);
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : prose(decodeEntities(text.text));
    }
    case 'heading':
      return wrap('*', inline((token as Tokens.Heading).tokens, { bold: true }).replace(/\n/g, ' '));
    case 'code':
      return fence((token as Tokens.Code).text);
    case 'blockquote':
      return prefixLines(blocks((token as Tokens.Blockquote).tokens).join('\n\n'), '> ', '>');
    case 'list':
      return list(token as Tokens.List, 0);
    case 'table':
      return table(token as Tokens.Table);
    case 'hr':
      return '──────────';
    case 'html':
      return prose((token as Tokens.HTML).text.replace(/\n+$/, ''));
    default:
      return prose(token.raw);
  }
}

function blocks(tokens: readonly Token[]): string[] {
  return tokens.map(block).filter((part): part is string => part !== undefined && part.trim() !== '');
}

/** The Markdown's top-level blocks (paragraphs, lists, code blocks…) as mrkdwn, in order. */
export function markdownToMrkdwn(markdown: string): string[] {
  return blocks(Lexer.lex(markdown, { gfm: true }));
}
