import { broadcastHtml, channelMentionHtml, escapeHtml, jsonHtml, linkHtml, userMentionHtml, utcDateText } from './html.js';

/**
 * The `rich_text` block (what Slack clients attach to every typed message) → safe HTML: sections,
 * bullet and numbered lists with their indent, quotes, preformatted text; inline text with its
 * styles, links, user / channel / group mentions, emoji, broadcasts, dates and colours. An element
 * it does not know is shown as JSON.
 */
export function richTextToHtml(block, directory) {
  if (!Array.isArray(block.elements)) throw new TypeError('rich_text needs elements');
  return block.elements.map((element) => containerHtml(element, directory)).join('');
}

function containerHtml(element, directory) {
  switch (element?.type) {
    case 'rich_text_section':
      return `<div class="rt-section">${inlineList(element.elements, directory)}</div>`;
    case 'rich_text_quote':
      return `<blockquote class="rt-quote">${inlineList(element.elements, directory)}</blockquote>`;
    case 'rich_text_preformatted':
      return `<pre class="rt-pre">${inlineList(element.elements, directory)}</pre>`;
    case 'rich_text_list':
      return listHtml(element, directory);
    default:
      return `<pre class="rt-unknown" data-testid="unknown-element">${jsonHtml(element)}</pre>`;
  }
}

function listHtml(list, directory) {
  const ordered = list.style === 'ordered';
  const indent = Math.min(Math.max(Number.isInteger(list.indent) ? list.indent : 0, 0), 8);
  const offset = Number.isInteger(list.offset) && list.offset > 0 ? ` start="${list.offset + 1}"` : '';
  const items = (Array.isArray(list.elements) ? list.elements : []).map((item) => `<li>${containerInner(item, directory)}</li>`);
  const tag = ordered ? 'ol' : 'ul';
  return `<${tag} class="rt-list rt-indent-${indent}"${ordered ? offset : ''}>${items.join('')}</${tag}>`;
}

/** A list item is a section; drawn without the section's own box. */
function containerInner(item, directory) {
  return item?.type === 'rich_text_section' ? inlineList(item.elements, directory) : containerHtml(item, directory);
}

function inlineList(elements, directory) {
  return (Array.isArray(elements) ? elements : []).map((element) => inlineHtml(element, directory)).join('');
}

function inlineHtml(element, directory) {
  switch (element?.type) {
    case 'text':
      return styled(escapeHtml(element.text ?? ''), element.style);
    case 'link': {
      const label = typeof element.text === 'string' && element.text !== '' ? element.text : element.url;
      return styled(linkHtml(element.url, escapeHtml(label ?? '')), element.style);
    }
    case 'user':
      return styled(userMentionHtml(directory, String(element.user_id)), element.style);
    case 'channel':
      return styled(channelMentionHtml(directory, String(element.channel_id)), element.style);
    case 'usergroup':
      return `<span class="mention">@${escapeHtml(String(element.usergroup_id))}</span>`;
    case 'broadcast':
      return broadcastHtml(String(element.range));
    case 'emoji':
      return `<span class="emoji" title=":${escapeHtml(String(element.name))}:">${escapeHtml(emojiText(element))}</span>`;
    case 'date':
      return `<span class="mk-date">${escapeHtml(dateText(element))}</span>`;
    case 'color':
      return `<code class="rt-color">${escapeHtml(String(element.value))}</code>`;
    default:
      return `<code class="rt-unknown" data-testid="unknown-element">${jsonHtml(element)}</code>`;
  }
}

/** bold → italic → strike → code, innermost first, as Slack nests them. */
function styled(html, style) {
  if (!style || typeof style !== 'object') return html;
  let out = html;
  if (style.code) out = `<code>${out}</code>`;
  if (style.strike) out = `<del>${out}</del>`;
  if (style.italic) out = `<em>${out}</em>`;
  if (style.bold) out = `<strong>${out}</strong>`;
  return out;
}

/** The emoji's characters from its `unicode` code points ("1f44d", "1f1eb-1f1f7"), else `:name:`. */
function emojiText(element) {
  if (typeof element.unicode === 'string' && /^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(element.unicode)) {
    const points = element.unicode.split('-').map((hex) => parseInt(hex, 16));
    if (points.every((point) => point <= 0x10ffff)) return String.fromCodePoint(...points);
  }
  return `:${element.name}:`;
}

function dateText(element) {
  return typeof element.fallback === 'string' ? element.fallback : utcDateText(element.timestamp);
}
