/**
 * The tool's output: status, response headers and the rendered body, the body capped at `maxBytes`
 * with a visible marker of what was cut. Request headers are never echoed (they may hold tokens).
 */
import type { CappedBody } from './read-capped.js';
import { formatBytes, type RenderedBody } from './render-body.js';

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

function formatHeaders(headers: Iterable<[string, string]>): string[] {
  return [...headers].map(([name, value]) => `  ${name}: ${HIDDEN_HEADERS.has(name.toLowerCase()) ? '(value hidden)' : value}`);
}

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
    markers.push(`[Truncated: only the first ${formatBytes(body.bytes.byteLength)}${total} of the body were downloaded; the rest was not read.]`);
  }
  if (shown.cut) {
    markers.push(`[Truncated: the body as shown was cut at ${formatBytes(maxBytes)} of ${formatBytes(shown.bytes)}.]`);
  }
  return markers;
}

export function formatOutput(
  response: ResponseSummary,
  rendered: RenderedBody,
  body: CappedBody,
  maxBytes: number,
  declaredLength: number | undefined,
): string {
  const shown = capUtf8(rendered.text, maxBytes);
  const lines = [`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`, `URL: ${response.url}`];
  if (response.redirectedFrom.length > 0) lines.push(`Redirected from: ${response.redirectedFrom.join(' → ')}`);
  lines.push('Headers:', ...formatHeaders(response.headers));
  if (rendered.kind === 'empty') {
    lines.push('Body: (empty)');
  } else {
    lines.push(`Body (${rendered.label}):`, shown.text, ...truncationMarkers(rendered, body, shown, maxBytes, declaredLength));
  }
  return lines.join('\n');
}
