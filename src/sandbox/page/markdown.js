import { Lexer } from 'marked';
import { escapeHtml, linkHtml } from './html.js';

/**
 * The `markdown` block's standard Markdown → safe HTML. marked only tokenises (in the browser it
 * is mapped to /assets/vendor/marked.js by the page's import map); this file draws the tokens
 * itself, escaping every piece of text, so raw HTML in the Markdown is shown as text and only
 * http(s) / mailto links are followed. Images are shown as links: the page loads nothing a
 * message names by itself.
 */
export function markdownToHtml(markdown) {
  return blocks(Lexer.lex(String(markdown ?? ''), { gfm: true }));
}

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Markdown text may spell characters as entities (`&amp;`, `&#39;`); they mean the character. */
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (entity, name) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

function text(value) {
  return escapeHtml(decodeEntities(value ?? ''));
}

function blocks(tokens) {
  return (tokens ?? []).map(block).join('');
}

function block(token) {
  switch (token.type) {
    case 'space':
    case 'def':
      return '';
    case 'paragraph':
      return `<p>${inline(token.tokens)}</p>`;
    case 'text':
      return token.tokens ? inline(token.tokens) : text(token.text);
    case 'heading': {
      const depth = Math.min(Math.max(Number(token.depth) || 1, 1), 6);
      return `<h${depth} class="md-h">${inline(token.tokens)}</h${depth}>`;
    }
    case 'code':
      return `<pre class="mk-pre"><code>${escapeHtml(token.text ?? '')}</code></pre>`;
    case 'blockquote':
      return `<blockquote class="mk-quote">${blocks(token.tokens)}</blockquote>`;
    case 'list':
      return listHtml(token);
    case 'table':
      return tableHtml(token);
    case 'hr':
      return '<hr class="md-hr">';
    case 'html':
      return `<p class="md-raw">${escapeHtml((token.text ?? token.raw ?? '').replace(/\n+$/, ''))}</p>`;
    default:
      return `<p>${escapeHtml(token.raw ?? '')}</p>`;
  }
}

function listHtml(token) {
  const start = token.ordered && Number.isInteger(token.start) && token.start !== 1 ? ` start="${token.start}"` : '';
  const items = token.items.map((item) => {
    const box = item.task ? `<span class="md-task">${item.checked ? '☑' : '☐'}</span> ` : '';
    return `<li>${box}${blocks(item.tokens.filter((child) => child.type !== 'checkbox'))}</li>`;
  });
  return token.ordered ? `<ol class="md-list"${start}>${items.join('')}</ol>` : `<ul class="md-list">${items.join('')}</ul>`;
}

function tableHtml(token) {
  const align = (index) => {
    const value = token.align?.[index];
    return value === 'left' || value === 'center' || value === 'right' ? ` class="md-align-${value}"` : '';
  };
  const row = (cells, tag) => `<tr>${cells.map((cell, index) => `<${tag}${align(index)}>${inline(cell.tokens)}</${tag}>`).join('')}</tr>`;
  return `<table class="md-table"><thead>${row(token.header, 'th')}</thead><tbody>${token.rows.map((cells) => row(cells, 'td')).join('')}</tbody></table>`;
}

function inline(tokens) {
  return (tokens ?? []).map(inlineToken).join('');
}

function inlineToken(token) {
  switch (token.type) {
    case 'text':
      return token.tokens ? inline(token.tokens) : text(token.text);
    case 'escape':
      return escapeHtml(token.text);
    case 'strong':
      return `<strong>${inline(token.tokens)}</strong>`;
    case 'em':
      return `<em>${inline(token.tokens)}</em>`;
    case 'del':
      return `<del>${inline(token.tokens)}</del>`;
    case 'codespan':
      return `<code>${escapeHtml(token.text)}</code>`;
    case 'br':
      return '<br>';
    case 'link':
      return linkHtml(token.href, inline(token.tokens) || escapeHtml(token.href));
    case 'image':
      return linkHtml(token.href, `Image: ${text(token.text || 'untitled')}`);
    case 'checkbox':
      return '';
    default:
      return escapeHtml(token.raw ?? '');
  }
}
