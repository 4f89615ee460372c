import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageArguments } from './args.js';
import { CATALOGUES, type English, type MessageKey } from './catalogue.js';
import type { Locale } from './locales.js';

/** The values a message takes: `[]` for a message without arguments, else `[{ … }]`. */
export type ArgumentsOf<K extends MessageKey> = keyof MessageArguments<English[K]> extends never ? [] : [MessageArguments<English[K]>];

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
  /** A duration to the second ("1m 23s", "1min 23s", "1分钟23秒"); hours and minutes from an hour on; "under a second" below one. */
  duration(ms: number): string;
}

declare global {
  namespace Intl {
    /** In Node 24, not yet in TypeScript's lib: the part used here. */
    class DurationFormat {
      constructor(locale: string, options: { style: 'long' | 'short' | 'narrow' });
      format(duration: { hours?: number; minutes?: number; seconds?: number }): string;
    }
  }
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
  const durations = new Intl.DurationFormat(locale, { style: 'narrow' });
  const made: Translator = {
    locale,
    t: (key, ...values) => format(locale, key, values[0] as Record<string, unknown> | undefined),
    say: (said) => format(locale, said.key, said.values as Record<string, unknown> | undefined),
    list: (items, type = 'conjunction') => lists[type].format(items),
    duration: (ms) => {
      const seconds = Math.round(Math.max(0, ms) / 1000);
      if (seconds < 1) return format(locale, 'common.underASecond', undefined);
      const minutes = Math.floor(seconds / 60);
      // A chat reads seconds, minutes and hours; beyond an hour the seconds are noise.
      if (minutes < 60) return durations.format({ minutes, seconds: seconds % 60 });
      return durations.format({ hours: Math.floor(minutes / 60), minutes: minutes % 60 });
    },
  };
  translators.set(locale, made);
  return made;
}
