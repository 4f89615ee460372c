import type { Locale } from './locales.js';

/**
 * One area's messages in every language. English comes first and is the reference: its keys are
 * the keys, and its texts give the arguments' types; the other languages must have exactly the
 * same keys (a missing or extra one does not compile) and, as `test/i18n/catalogues.test.ts`
 * checks, the same arguments.
 */
export function defineMessages<const English extends Record<string, string>>(
  messages: {
    en: English;
  } & { [L in Exclude<Locale, 'en'>]: NoInfer<{ [K in keyof English]: string }> },
): { [L in Locale]: { [K in keyof English]: L extends 'en' ? English[K] : string } } {
  return messages as never;
}
