/**
 * The errors of a guarded fetch. A NetError is written for the reader and reaches the caller as it
 * stands, wherever in the fetch it happened; each caller turns it into its own layer's error.
 * undici's "fetch failed" (the real reason sits in `cause`) becomes a NetError the reader can act on.
 * Aborts are left to the caller, which knows whether its timeout or its caller's signal fired.
 */
export class NetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetError';
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export function explainFetchFailure(error: unknown, url: URL): unknown {
  if (error instanceof NetError || isAbort(error)) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof NetError || isAbort(cause)) return cause;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new NetError(`Could not fetch ${url.href}: ${code && !message.includes(code) ? `${code} ` : ''}${message}`);
}
