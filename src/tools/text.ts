/** `1 item`, `2 items`: a count with its noun, for the tools' answers. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
