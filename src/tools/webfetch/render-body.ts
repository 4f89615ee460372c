/**
 * Turns the bytes read into what the reader is shown: JSON pretty-printed, text and XML
 * as they are, HTML as readable text, anything binary summarised with its type and size.
 */
import { TextDecoder } from 'node:util';
import { fileTypeFromBuffer } from 'file-type';
import { convert as htmlToText } from 'html-to-text';
import type { CappedBody } from './read-capped.js';

export const BODY_KINDS = ['empty', 'json', 'html', 'xml', 'text', 'binary'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

export interface RenderedBody {
  kind: BodyKind;
  /** How the body is shown, for the output's "Body (…)" line. */
  label: string;
  text: string;
}

interface ContentType {
  essence: string;
  charset?: string;
}

function parseContentType(header: string | null): ContentType {
  const [essence = '', ...params] = (header ?? '').split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  return { essence: essence.trim().toLowerCase(), charset };
}

const TEXT_APPLICATION_TYPES = new Set([
  'application/javascript',
  'application/ecmascript',
  'application/x-www-form-urlencoded',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/sql',
  'application/graphql',
  'application/x-ndjson',
]);

/** The kind a media type announces; undefined when it says nothing useful (absent or octet-stream). */
function kindOfMediaType(essence: string): Exclude<BodyKind, 'empty'> | undefined {
  if (essence === '' || essence === 'application/octet-stream') return undefined;
  if (essence === 'application/json' || essence.endsWith('+json') || essence === 'text/json') return 'json';
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return 'html';
  if (essence.endsWith('/xml') || essence.endsWith('+xml')) return 'xml';
  if (essence.startsWith('text/') || TEXT_APPLICATION_TYPES.has(essence)) return 'text';
  return 'binary';
}

function decoderFor(charset: string | undefined, fatal = false): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8', { fatal });
  } catch {
    return new TextDecoder('utf-8', { fatal }); // an unknown charset label: UTF-8 is the likeliest truth
  }
}

/** Decodes the start of a body; an incomplete character at the cut is dropped rather than garbled. */
function decode(body: CappedBody, charset: string | undefined): string {
  return decoderFor(charset).decode(body.bytes, { stream: body.truncated });
}

function looksLikeText(body: CappedBody): boolean {
  try {
    const text = decoderFor('utf-8', true).decode(body.bytes, { stream: body.truncated });
    // Control characters other than whitespace do not occur in text.
    return !/[\u0000-\u0008\u000e-\u001f]/.test(text);
  } catch {
    return false;
  }
}

/** Plain text that keeps the page's wording: no re-wrapping, headings not upper-cased. */
const HTML_OPTIONS = {
  wordwrap: false as const,
  selectors: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
};

const numberFormat = new Intl.NumberFormat('en-US');

export function formatBytes(count: number): string {
  return `${numberFormat.format(count)} byte${count === 1 ? '' : 's'}`;
}

async function summariseBinary(body: CappedBody, declared: string, declaredLength: number | undefined): Promise<string> {
  const detected = await fileTypeFromBuffer(body.bytes);
  const type = detected
    ? `${detected.mime} (.${detected.ext}, detected from its bytes${declared && declared !== detected.mime ? `; the server said ${declared}` : ''})`
    : declared || 'unknown type';
  const size = !body.truncated
    ? formatBytes(body.bytes.byteLength)
    : declaredLength !== undefined
      ? `${formatBytes(declaredLength)} by its Content-Length (only the first ${formatBytes(body.bytes.byteLength)} were read)`
      : `more than ${formatBytes(body.bytes.byteLength)} (reading stopped there)`;
  return `[Binary content, not shown: ${type}, ${size}]`;
}

export async function renderBody(
  body: CappedBody,
  contentTypeHeader: string | null,
  declaredLength: number | undefined,
): Promise<RenderedBody> {
  if (body.bytes.byteLength === 0) return { kind: 'empty', label: 'empty', text: '' };
  const { essence, charset } = parseContentType(contentTypeHeader);
  let kind = kindOfMediaType(essence);
  if (kind === undefined) {
    const detected = await fileTypeFromBuffer(body.bytes);
    kind = detected ? (kindOfMediaType(detected.mime) ?? 'binary') : looksLikeText(body) ? 'text' : 'binary';
  }
  switch (kind) {
    case 'binary':
      return { kind, label: 'binary', text: await summariseBinary(body, essence, declaredLength) };
    case 'json':
      return renderJson(body, charset);
    case 'html':
      return { kind, label: 'HTML shown as plain text', text: htmlToText(decode(body, charset), HTML_OPTIONS) };
    case 'xml':
      return { kind, label: 'XML', text: decode(body, charset) };
    case 'text':
      return { kind, label: essence || 'text', text: decode(body, charset) };
  }
}

function renderJson(body: CappedBody, charset: string | undefined): RenderedBody {
  const text = decode(body, charset);
  if (body.truncated) return { kind: 'json', label: 'JSON, incomplete, shown as received', text };
  try {
    return { kind: 'json', label: 'JSON, pretty-printed', text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { kind: 'json', label: 'declared JSON but not valid JSON, shown as received', text };
  }
}
