import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageArguments } from './args.js';
import { CATALOGUES, type English, type MessageKey } from './catalogue.js';
import type { Locale } from './locales.js';

/** The values a message takes: `[]` for a message without arguments, else `[{ … }]`. */
export type ArgumentsOf<K extends MessageKey> = keyof MessageArguments<English[K]> extends never
  ? []
  : [MessageArguments<English[K]>];

/** A key whose message takes no values: one that a table can name (`{ summary: 'task.summary' }`). */
export type PlainKey = { [K in MessageKey]: ArgumentsOf<K> extends [] ? K : never }[MessageKey];

/** A key whose message takes exactly these values. */
export type KeyTaking<Values> = {
  [K in MessageKey]: ArgumentsOf<K> extends [Values] ? ([Values] extends ArgumentsOf<K> ? K : never) : never;
}[MessageKey];

/** A message chosen now and written later, in the language of whoever reads it. */
export type Phrase = { [K in MessageKey]: { key: K; values: ArgumentsOf<K> extends [infer V] ? V : undefined } }[MessageKey];

export function phrase<K extends MessageKey>(key: K, ...values: ArgumentsOf<K>): Phrase {
  return { key, values: values[0] } as Phrase;
}

/** Writes the bot's messages in one language. */
export interface Translator {
  readonly locale: Locale;
  /** The message `key` with its values, e.g. `t('task.added', { id: '1-2' })`. */
  t<K extends MessageKey>(key: K, ...values: ArgumentsOf<K>): string;
  /** A phrase made elsewhere (a parser's error), written now. */
  say(phrase: Phrase): string;
  /** "a, b and c" / "a, b et c" / "a、b和c". */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
}

const formats = new Map<string, IntlMessageFormat>();

function format(locale: Locale, key: MessageKey, values: Record<string, unknown> | undefined): string {
  const id = `${locale}\u0000${key}`;
  let compiled = formats.get(id);
  if (compiled === undefined) {
    // Slack's mrkdwn writes <@U123> and <url|text>: angle brackets are text, not ICU tags.
    compiled = new IntlMessageFormat(CATALOGUES[locale][key], locale, undefined, { ignoreTag: true });
    formats.set(id, compiled);
  }
  return String(compiled.format(values as Record<string, string | number | Date> | undefined));
}

const translators = new Map<Locale, Translator>();

export function translator(locale: Locale): Translator {
  const known = translators.get(locale);
  if (known) return known;
  const lists = {
    conjunction: new Intl.ListFormat(locale, { type: 'conjunction' }),
    disjunction: new Intl.ListFormat(locale, { type: 'disjunction' }),
  };
  const made: Translator = {
    locale,
    t: (key, ...values) => format(locale, key, values[0] as Record<string, unknown> | undefined),
    say: (said) => format(locale, said.key, said.values as Record<string, unknown> | undefined),
    list: (items, type = 'conjunction') => lists[type].format(items),
  };
  translators.set(locale, made);
  return made;
}
