/** A caller asked for something impossible (an unknown user, a message they cannot see…). */
export class UsageError extends Error {
  override name = 'UsageError';
}
