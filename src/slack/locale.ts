import { matchLocale, translator, type Locale, type Translator } from '../i18n/index.js';
import type { Requester } from '../tools/index.js';

/**
 * The language the bot writes to a person in: their Slack locale (`users.info` with
 * `include_locale`, kept on the requester) when the bot has a catalogue for it, else `fallback`
 * (PLANEBOT_LOCALE), which is also the language of posts nobody asked for.
 */
export function translatorFor(requester: Pick<Requester, 'locale'> | undefined, fallback: Locale): Translator {
  return translator(matchLocale(requester?.locale, fallback));
}
