/** The languages the bot writes in. Slack's locale tags (`fr-FR`, `zh-CN`) are matched to one of these. */
export const LOCALES = ['en', 'fr', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * The catalogue for a BCP 47 tag as Slack gives it (`fr-FR`, `fr-CA`, `zh-CN`, `en-GB`), by its
 * language: every Chinese tag gets Simplified Chinese, the one Chinese catalogue. A tag of another
 * language, a malformed one or none gives `fallback` (the operator's PLANEBOT_LOCALE).
 */
export function matchLocale(tag: string | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  if (tag === undefined || tag.trim() === '') return fallback;
  const language = languageOf(tag);
  if (language === 'en') return 'en';
  if (language === 'fr') return 'fr';
  if (language === 'zh') return 'zh-CN';
  return fallback;
}

/** Each tag's language, parsed once: every command asks, and Slack's tags are few (one per language it offers). */
const languages = new Map<string, string | undefined>();
const MAX_TAGS = 100;

function languageOf(tag: string): string | undefined {
  if (languages.has(tag)) return languages.get(tag);
  let language: string | undefined;
  try {
    language = new Intl.Locale(tag.trim().replace(/_/g, '-')).language;
  } catch {
    language = undefined;
  }
  if (languages.size < MAX_TAGS) languages.set(tag, language);
  return language;
}

/** A language as the model reads it: "French (France)" for `fr-FR`; the tag itself when unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag.replace(/_/g, '-')) ?? tag;
  } catch {
    return tag;
  }
}
