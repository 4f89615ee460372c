import { translator, type Phrase, type Translator } from './translator.js';

/**
 * A failure written for whoever caused it. Given a phrase, its English rendering is the message
 * (what the model and the logs read), and a front end may say the phrase in the reader's language
 * instead; given plain text, that text is all there is.
 */
export class PhrasedError extends Error {
  readonly phrase?: Phrase;

  constructor(said: string | Phrase) {
    super(typeof said === 'string' ? said : translator('en').say(said));
    if (typeof said !== 'string') this.phrase = said;
  }

  /** What the reader of this translator reads. */
  sayTo(t: Translator): string {
    return this.phrase ? t.say(this.phrase) : this.message;
  }
}
