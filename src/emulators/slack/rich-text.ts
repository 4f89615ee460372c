import { newBlockId } from './ids.js';

/**
 * The `rich_text` block Slack's clients attach to every message a person types, built from the
 * message's mrkdwn text: `<@U…>` mentions, `<#C…|name>` channels, `<!here>` broadcasts, links.
 */
export function richTextBlock(text: string): Record<string, unknown> {
  const elements: Record<string, unknown>[] = [];
  let rest = 0;
  for (const match of text.matchAll(/<([^>]+)>/g)) {
    if (match.index > rest) elements.push({ type: 'text', text: unescape(text.slice(rest, match.index)) });
    elements.push(entity(match[1]!));
    rest = match.index + match[0].length;
  }
  if (rest < text.length) elements.push({ type: 'text', text: unescape(text.slice(rest)) });
  return {
    type: 'rich_text',
    block_id: newBlockId(),
    elements: [{ type: 'rich_text_section', elements }],
  };
}

function entity(inner: string): Record<string, unknown> {
  const [target = '', label] = inner.split('|');
  if (target.startsWith('@')) return { type: 'user', user_id: target.slice(1) };
  if (target.startsWith('#')) return { type: 'channel', channel_id: target.slice(1) };
  if (target.startsWith('!')) return { type: 'broadcast', range: target.slice(1) };
  return label === undefined ? { type: 'link', url: target } : { type: 'link', url: target, text: label };
}

function unescape(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}
