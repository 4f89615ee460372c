import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * A work item's `description_html` as Plane stores it: lxml's `html.fromstring` + `tostring` (one
 * root element kept as is; several wrapped in `<div>`; bare leading text put in a `<p>`), then nh3's
 * clean (script and style dropped with their content, unknown tags unwrapped, links given
 * `rel="noopener noreferrer"`, other URL schemes than http, https, mailto and tel dropped). Entities
 * come back as characters, except `&amp;`, `&lt;`, `&gt;` and `&nbsp;`. Undefined when lxml refuses
 * it (empty or blank): Plane then answers 400 "Invalid HTML passed". Comments are stored as sent.
 */
export function normaliseDescription(html: string): string | undefined {
  if (!html.trim()) return undefined;
  const nodes = parseDocument(html, { decodeEntities: true }).children;
  const first = nodes.findIndex((n) => !isBlank(n));
  const last = nodes.findLastIndex((n) => !isBlank(n));
  const top = nodes.slice(first, last + 1);
  let out: string;
  if (top.length === 1 && isTag(top[0]!)) out = serialise(top[0]!);
  else if (isText(top[0]!) && top.every((n) => isText(n) || (isTag(n) && INLINE.has(n.name))))
    out = `<p>${top.map(serialise).join('')}</p>`;
  else out = `<div>${top.map(serialise).join('')}</div>`;
  return out;
}

/** The text of a description, as Plane's `description_stripped` (lxml's text_content). */
export function strippedText(html: string): string {
  const text = (nodes: ChildNode[]): string => nodes.map((n) => (isText(n) ? n.data : isTag(n) ? text(n.children) : '')).join('');
  return text(parseDocument(html, { decodeEntities: true }).children);
}

const isBlank = (node: ChildNode) => (isText(node) && !node.data.trim()) || (!isText(node) && !isTag(node));

const INLINE = new Set(['a', 'b', 'i', 'em', 'strong', 'code', 'span', 's', 'u', 'sub', 'sup', 'br', 'mark', 'small', 'del', 'ins', 'kbd']);
const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'col', 'area']);
const DROPPED = new Set(['script', 'style']);
// nh3's default tags plus Plane's editor components.
const ALLOWED = new Set([
  'a',
  'abbr',
  'acronym',
  'area',
  'article',
  'aside',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'data',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'map',
  'mark',
  'nav',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
  'image-component',
  'mention-component',
  'label',
  'input',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const SAFE_SCHEME = /^(https?:|mailto:|tel:|[^:]*$)/i;

function serialise(node: ChildNode): string {
  if (isText(node)) return escapeText(node.data);
  if (!isTag(node) || DROPPED.has(node.name)) return '';
  const inner = node.children.map(serialise).join('');
  if (!ALLOWED.has(node.name)) return inner;
  const attributes = attributesOf(node);
  return VOID.has(node.name) ? `<${node.name}${attributes}>` : `<${node.name}${attributes}>${inner}</${node.name}>`;
}

function attributesOf(element: Element): string {
  const link = element.name === 'a';
  const entries = Object.entries(element.attribs).filter(
    ([name, value]) => !name.startsWith('on') && !(link && name === 'rel') && (!URL_ATTRIBUTES.has(name) || SAFE_SCHEME.test(value.trim())),
  );
  if (link) entries.push(['rel', 'noopener noreferrer']);
  return entries.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/"/g, '&quot;');
