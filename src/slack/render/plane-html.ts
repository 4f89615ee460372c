import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { escapeMrkdwn, FENCE } from '../blocks/text.js';
import { BULLETS, fence, INDENT, prefixLines, prose, safeHref, wrap } from './mrkdwn.js';

/**
 * Plane's rich text (the editor's HTML of descriptions and comments) as Slack mrkdwn, read with
 * htmlparser2 (a forgiving parser: unclosed tags, stray entities and nesting a browser would accept
 * all read as a browser would). Bold, italic, strike, inline code and code blocks, links as
 * `<url|text>` (http, https and mailto only), nested lists, checklists, quotes, headings as bold
 * lines, member mentions as Slack mentions when the member has a Slack account (else `@name`),
 * images as `[image n]`. Every piece of text is escaped, so the only `<…>` are the links and
 * mentions written here; scripts, styles, forms and what Slack cannot show are dropped.
 */

/** A Plane member mentioned in the HTML: their name, and their Slack user id when their e-mail has one. */
export interface MentionedPerson {
  name: string;
  slackId?: string | undefined;
}

export interface PlaneHtmlOptions {
  /** The person behind a mention's Plane user id; an unknown one reads as "@someone". */
  mention?: (planeUserId: string) => MentionedPerson | undefined;
  /** The word for a mention nobody could name. */
  someone?: string;
}

/** Elements whose content is never shown. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'head',
  'title',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'select',
  'button',
  'textarea',
  'form',
  'label',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'figcaption',
  'details',
  'summary',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'blockquote',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'dl',
  'dt',
  'dd',
  'address',
]);
const RULE = '──────────';
/** Deeper lists are shown at this depth: Slack has no room for more indentation. */
const MAX_DEPTH = 6;

interface Inline {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  /** Inside a link's label: no link or mention inside it. */
  label?: boolean;
}

class Reader {
  private images = 0;
  constructor(private readonly options: PlaneHtmlOptions) {}

  /** Block-level content: each paragraph, heading, list, quote or code block one string of lines. */
  blocks(nodes: readonly ChildNode[], depth: number): string[] {
    const out: string[] = [];
    let run: ChildNode[] = [];
    const flush = () => {
      const line = this.inline(run, {}).replace(/^[ \t]+|[ \t]+$/gm, '');
      if (line.trim() !== '') out.push(line);
      run = [];
    };
    for (const node of nodes) {
      if (isTag(node) && DROPPED.has(node.name)) continue;
      if (isTag(node) && (BLOCKS.has(node.name) || isTaskList(node))) {
        flush();
        const block = this.block(node, depth);
        if (block !== undefined && block.trim() !== '') out.push(block);
      } else {
        run.push(node);
      }
    }
    flush();
    return out;
  }

  private block(node: Element, depth: number): string | undefined {
    switch (node.name) {
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'dt':
        return wrap(
          '*',
          this.inline(node.children, { bold: true })
            .replace(/\s*\n\s*/g, ' ')
            .trim(),
        );
      case 'ul':
      case 'ol':
        return this.list(node, depth);
      case 'pre':
        return fence(textOf(node));
      case 'blockquote':
        return prefixLines(this.blocks(node.children, depth).join('\n'), '> ', '>');
      case 'hr':
        return RULE;
      case 'table':
      case 'thead':
      case 'tbody':
      case 'tfoot':
        return this.blocks(node.children, depth).join('\n');
      case 'tr':
        return node.children
          .filter((cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th'))
          .map((cell) => {
            const text = this.inline(cell.children, cell.name === 'th' ? { bold: true } : {})
              .replace(/\s+/g, ' ')
              .trim();
            return cell.name === 'th' ? wrap('*', text) : text;
          })
          .join(' | ');
      default:
        return this.blocks(node.children, depth).join('\n');
    }
  }

  private list(node: Element, depth: number): string {
    const ordered = node.name === 'ol';
    const tasks = isTaskList(node);
    const start = Number.parseInt(node.attribs.start ?? '1', 10);
    const items = node.children.filter((child): child is Element => isTag(child) && child.name === 'li');
    // Past a few levels Slack has no room for more indentation: deeper items line up.
    const indent = depth < MAX_DEPTH ? INDENT : '';
    return items
      .map((item, index) => {
        const checked = item.attribs['data-checked'];
        const box = tasks || checked !== undefined ? (checked === 'true' ? '☑ ' : '☐ ') : '';
        const marker = ordered
          ? `${(Number.isFinite(start) ? start : 1) + index}. `
          : tasks
            ? ''
            : `${BULLETS[depth % BULLETS.length] ?? '•'} `;
        const content = this.blocks(item.children, depth + 1).join('\n');
        if (content.startsWith(FENCE)) return `${marker}${box}\n${content}`;
        // The item's further lines (a nested list among them) go under its text; code stays at the line start.
        return prefixLines(`${marker}${box}${content}`, indent, '', 1);
      })
      .join('\n');
  }

  inline(nodes: readonly ChildNode[], context: Inline): string {
    return nodes.map((node) => this.inlineNode(node, context)).join('');
  }

  private inlineNode(node: ChildNode, context: Inline): string {
    if (isText(node)) return prose(node.data.replace(/\s+/g, ' '));
    if (!isTag(node) || DROPPED.has(node.name)) return '';
    const children = () => this.inline(node.children, context);
    switch (node.name) {
      case 'strong':
      case 'b':
        return context.bold ? children() : lines('*', this.inline(node.children, { ...context, bold: true }));
      case 'em':
      case 'i':
        return context.italic ? children() : lines('_', this.inline(node.children, { ...context, italic: true }));
      case 's':
      case 'del':
      case 'strike':
        return context.strike ? children() : lines('~', this.inline(node.children, { ...context, strike: true }));
      case 'code':
      case 'kbd':
      case 'samp': {
        // mrkdwn has no way to put a backtick inside inline code.
        const code = textOf(node).replace(/\s+/g, ' ').replace(/`/g, 'ˋ');
        return code.trim() === '' ? '' : `\`${escapeMrkdwn(code)}\``;
      }
      case 'br':
        return '\n';
      case 'a': {
        const label = this.inline(node.children, { ...context, label: true })
          .replace(/\s*\n\s*/g, ' ')
          .trim();
        const href = context.label ? undefined : safeHref(node.attribs.href ?? '');
        if (href === undefined) return label;
        return label === '' || label === prose(node.attribs.href ?? '') ? `<${href}>` : `<${href}|${label}>`;
      }
      case 'mention-component':
        return this.mention(node, context);
      case 'img':
      case 'image-component':
        this.images += 1;
        return `[image ${this.images}]`;
      case 'input':
        return node.attribs.type === 'checkbox' ? (node.attribs.checked !== undefined ? '☑ ' : '☐ ') : '';
      default:
        // Spans, underline, marks, sub/sup and unknown tags: their text, as it reads.
        return BLOCKS.has(node.name) ? `\n${this.blocks([node], 0).join('\n')}\n` : children();
    }
  }

  private mention(node: Element, context: Inline): string {
    const id = node.attribs.entity_identifier ?? '';
    const person = this.options.mention?.(id);
    if (person?.slackId && !context.label && /^[UW][A-Z0-9]{2,20}$/.test(person.slackId)) return `<@${person.slackId}>`;
    return prose(`@${person?.name ?? this.options.someone ?? 'someone'}`);
  }
}

/** Marks each line on its own: Slack's markers do not span a line break. */
function lines(marker: string, inner: string): string {
  return inner
    .split('\n')
    .map((line) => wrap(marker, line))
    .join('\n');
}

function isTaskList(node: Element): boolean {
  return node.name === 'ul' && node.attribs['data-type'] === 'taskList';
}

/** The text of an element as written (code keeps its spaces and line breaks); dropped elements excluded. */
function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node) || DROPPED.has(node.name)) return '';
  if (node.name === 'br') return '\n';
  return node.children.map(textOf).join('');
}

/** Plane HTML (a description or comment) as mrkdwn lines; empty when it shows nothing. */
export function planeHtmlToMrkdwn(html: string | null | undefined, options: PlaneHtmlOptions = {}): string {
  const document = parseDocument(html ?? '', { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  return new Reader(options)
    .blocks(document.children, 0)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
