/** `1 item`, `2 items`: a count with its noun, for the tools' answers. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

// Control characters (C0, DEL, C1) other than tab, line feed and carriage return.
const CONTROL = /[^\P{Cc}\t\n\r]/gu;

/**
 * Text without control characters other than line breaks and tabs: a NUL, ESC or DEL typed or
 * pasted into a title is never stored, nor sent to Slack or Plane, where it shows as garbage or
 * breaks a terminal.
 */
export function stripControl(text: string): string {
  return text.replace(CONTROL, '');
}

/** stripControl on every string inside a JSON-like value (a tool's input). */
export function stripControlDeep(value: unknown): unknown {
  if (typeof value === 'string') return stripControl(value);
  if (Array.isArray(value)) return value.map(stripControlDeep);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [stripControl(key), stripControlDeep(inner)]));
  return value;
}
