import { phrase, translator, type Phrase } from '../i18n/index.js';

/**
 * Why a run failed or ended early is decided here, before anyone reads it, as a `Phrase`: each front
 * end says it in its reader's language. What the model reads (a run's history, a sub-agent's report)
 * is the English of the same phrase, so both always say the same thing.
 */
export function forModel(reason: Phrase): string {
  return translator('en').say(reason);
}

/** The value of a message's optional detail when there is none (its `select` branch `none`). */
export const NONE = 'none';

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A bug, not a fault of a service: the run failed on something it did not expect. */
export function internalFailure(error: unknown): Phrase {
  return phrase('runEnd.internal', { detail: errorText(error) });
}
