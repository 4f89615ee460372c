/**
 * Turns undici's "fetch failed" (the real reason sits in `cause`) into a message the model can act
 * on. The guard's own refusals pass through as they stand. Aborts are left to the caller, which
 * knows whether its timeout or its caller's signal fired.
 */
import { ToolError } from '../registry.js';

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export function explainFetchFailure(error: unknown, url: URL): unknown {
  if (error instanceof ToolError || isAbort(error)) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof ToolError || isAbort(cause)) return cause;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ToolError(`Could not fetch ${url.href}: ${code && !message.includes(code) ? `${code} ` : ''}${message}`);
}
