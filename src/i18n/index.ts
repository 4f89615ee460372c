export { LOCALES, DEFAULT_LOCALE, isLocale, matchLocale, languageName, type Locale } from './locales.js';
export type { MessageKey } from './catalogue.js';
export { PhrasedError } from './phrased-error.js';
export { translator, phrase, type Translator, type Phrase, type ArgumentsOf, type PlainKey, type KeyTaking } from './translator.js';
