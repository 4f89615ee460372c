import { phrase, translator, type Phrase } from '../../i18n/index.js';

/** A word of a command's text. `key` is set for `title:"…"`-style tokens whose value was quoted. */
export interface Token {
  text: string;
  quoted: boolean;
  key?: string;
  /** Slack's own mention markup (`<@U…>`), as opposed to the same characters typed by a person. */
  mention?: boolean;
}

/**
 * Raised while reading a command's text: what was wrong, to be said in the language of the person
 * who typed it; the parser adds the usage line. The message is the English, for logs.
 */
export class InputError extends Error {
  constructor(readonly phrase: Phrase) {
    super(translator('en').say(phrase));
  }
}

const CLOSING: Record<string, string> = { '"': '"”“', '“': '"”“', '”': '"”“', '„': '"”“', '«': '»' };
const KEYS = new Set(['title', 'desc', 'due']);

/**
 * Slack's markup for links, channels and broadcasts becomes the words a person typed; user
 * mentions (`<@U…|name>`) are kept whole so the parser can read the user id.
 */
function normalize(text: string): string {
  return (
    text
      .replace(/<((?:https?|mailto):[^|>\s]*)(?:\|[^>]*)?>/gi, '$1')
      // Slack may send a channel reference without its name (`<#C123|>`); the id is all there is.
      .replace(/<#([A-Z0-9]+)(?:\|([^>]*))?>/g, (_, id: string, name?: string) => `#${name || id}`)
      .replace(/<!subteam\^[A-Z0-9]+\|(@?[^>]*)>/g, '$1')
      .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
  );
}

/** Slack sends `&`, `<`, `>` typed by people as entities. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'));
}

function readQuoted(text: string, open: number): { value: string; end: number } {
  const closers = CLOSING[text[open] ?? ''] ?? '"';
  let end = open + 1;
  while (end < text.length && !closers.includes(text[end] ?? '')) end += 1;
  if (end >= text.length) throw new InputError(phrase('commands.error.unclosedQuote', { text: text.slice(open, open + 30) }));
  return { value: text.slice(open + 1, end), end: end + 1 };
}

/** Splits a command's text into words; `"…"` (straight or curly quotes) keeps spaces in one word. */
export function tokenize(raw: string): Token[] {
  const text = normalize(raw);
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    if (char in CLOSING) {
      const { value, end } = readQuoted(text, i);
      tokens.push({ text: decodeEntities(value), quoted: true });
      i = end;
      continue;
    }
    if (text.startsWith('<@', i) && text.indexOf('>', i) > i) {
      const end = text.indexOf('>', i) + 1;
      tokens.push({ text: text.slice(i, end), quoted: false, mention: true });
      i = end;
      continue;
    }
    let end = i;
    while (end < text.length && !/\s/.test(text[end] ?? '')) {
      const key = text.slice(i, end - 1).toLowerCase();
      if (text[end - 1] === ':' && (text[end] ?? '') in CLOSING && KEYS.has(key)) break;
      end += 1;
    }
    const word = text.slice(i, end);
    if (end < text.length && !/\s/.test(text[end] ?? '')) {
      const { value, end: after } = readQuoted(text, end);
      tokens.push({ text: decodeEntities(value), quoted: true, key: word.slice(0, -1).toLowerCase() });
      i = after;
      continue;
    }
    tokens.push({ text: decodeEntities(word), quoted: false });
    i = end;
  }
  return tokens;
}
