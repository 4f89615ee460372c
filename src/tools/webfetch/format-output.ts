/**
 * The tool's answer: status, response headers and the rendered body, the body capped at `maxBytes`
 * with a visible marker of what was cut. Request headers are never echoed (they may hold tokens).
 */
import { z } from 'zod';
import type { CappedBody } from './read-capped.js';
import { BODY_KINDS, formatBytes, type RenderedBody } from './render-body.js';

export interface ResponseSummary {
  status: number;
  statusText: string;
  /** The URL that answered, after redirects. */
  url: string;
  /** The URLs asked before it, in order, when redirects were followed. */
  redirectedFrom: string[];
  headers: Iterable<[string, string]>;
}

/** Values of these response headers are session secrets: named, never shown. */
const HIDDEN_HEADERS = new Set(['set-cookie', 'set-cookie2']);

/** What a fetch answered, as data: the body as shown to the model, with what was cut said in `truncated`. */
export const fetchResultSchema = z.object({
  status: z.number(),
  statusText: z.string(),
  url: z.string().describe('The URL that answered, after redirects'),
  redirectedFrom: z.array(z.string()),
  headers: z
    .array(z.object({ name: z.string(), value: z.string().nullable() }))
    .describe("In the order received; a session secret's value (Set-Cookie) is null"),
  body: z.object({ kind: z.enum(BODY_KINDS), label: z.string(), text: z.string(), truncated: z.array(z.string()) }),
});
export type FetchResult = z.infer<typeof fetchResultSchema>;

/** Cuts text to at most `maxBytes` UTF-8 bytes, never inside a character. */
function capUtf8(text: string, maxBytes: number): { text: string; bytes: number; cut: boolean } {
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.byteLength <= maxBytes) return { text, bytes: encoded.byteLength, cut: false };
  const kept = new TextDecoder().decode(encoded.subarray(0, maxBytes), { stream: true });
  return { text: kept, bytes: encoded.byteLength, cut: true };
}

function truncationMarkers(
  rendered: RenderedBody,
  body: CappedBody,
  shown: ReturnType<typeof capUtf8>,
  maxBytes: number,
  declaredLength: number | undefined,
): string[] {
  const markers: string[] = [];
  // A binary summary states its own size; the markers are for bodies shown as text.
  if (body.truncated && rendered.kind !== 'binary') {
    const total = declaredLength !== undefined ? ` of ${formatBytes(declaredLength)} (Content-Length)` : '';
    markers.push(
      `[Truncated: only the first ${formatBytes(body.bytes.byteLength)}${total} of the body were downloaded; the rest was not read.]`,
    );
  }
  if (shown.cut) {
    markers.push(`[Truncated: the body as shown was cut at ${formatBytes(maxBytes)} of ${formatBytes(shown.bytes)}.]`);
  }
  return markers;
}

export function fetchResult(
  response: ResponseSummary,
  rendered: RenderedBody,
  body: CappedBody,
  maxBytes: number,
  declaredLength: number | undefined,
): FetchResult {
  const shown = capUtf8(rendered.text, maxBytes);
  return {
    status: response.status,
    statusText: response.statusText,
    url: response.url,
    redirectedFrom: response.redirectedFrom,
    headers: [...response.headers].map(([name, value]) => ({ name, value: HIDDEN_HEADERS.has(name.toLowerCase()) ? null : value })),
    body: {
      kind: rendered.kind,
      label: rendered.label,
      text: rendered.kind === 'empty' ? '' : shown.text,
      truncated: rendered.kind === 'empty' ? [] : truncationMarkers(rendered, body, shown, maxBytes, declaredLength),
    },
  };
}

/** The result as the model reads it: status line, URL, redirects, headers, then the body. */
export function formatOutput(result: FetchResult): string {
  const lines = [`HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ''}`, `URL: ${result.url}`];
  if (result.redirectedFrom.length > 0) lines.push(`Redirected from: ${result.redirectedFrom.join(' → ')}`);
  lines.push('Headers:', ...result.headers.map(({ name, value }) => `  ${name}: ${value ?? '(value hidden)'}`));
  if (result.body.kind === 'empty') {
    lines.push('Body: (empty)');
  } else {
    lines.push(`Body (${result.body.label}):`, result.body.text, ...result.body.truncated);
  }
  return lines.join('\n');
}
