import { translator, type Phrase, type Translator } from './translator.js';

/**
 * A failure written for whoever caused it. Given phrases (sentences said one after another), their
 * English rendering is the message (what the model and the logs read), and a front end may say
 * them in the reader's language instead; given plain text, that text is all there is.
 */
export class PhrasedError extends Error {
  readonly phrases?: readonly Phrase[];

  constructor(said: string | Phrase | readonly Phrase[]) {
    const phrases = typeof said === 'string' ? undefined : 'key' in said ? [said] : said;
    super(phrases ? sayAll(phrases, translator('en')) : (said as string));
    if (phrases) this.phrases = phrases;
  }

  /** What the reader of this translator reads. */
  sayTo(t: Translator): string {
    return this.phrases ? sayAll(this.phrases, t) : this.message;
  }
}

function sayAll(phrases: readonly Phrase[], t: Translator): string {
  return phrases.map((one) => t.say(one)).join(' ');
}
