import { cutLine, FENCE, pack } from '../blocks/text.js';

/** Room for closing a code block at the end of a chunk and reopening it in the next. */
const FENCE_ROOM = FENCE.length * 2 + 2;

/** Splits one block of mrkdwn on line boundaries; a code block cut in two is closed and reopened. */
function splitBlock(text: string, max: number): string[] {
  const chunks: string[] = [];
  let lines: string[] = [];
  let length = 0;
  let inCode: boolean = false;
  const flush = () => {
    chunks.push([...lines, ...(inCode ? [FENCE] : [])].join('\n'));
    lines = inCode ? [FENCE] : [];
    length = inCode ? FENCE.length : 0;
  };
  for (const line of text.split('\n')) {
    const fenceLine = line.startsWith(FENCE);
    for (const piece of cutLine(line, max - FENCE_ROOM)) {
      const codeAfter: boolean = fenceLine ? !inCode : inCode;
      const needed = length + (lines.length > 0 ? 1 : 0) + piece.length + (codeAfter ? FENCE_ROOM / 2 : 0);
      if (needed > max && lines.length > (inCode ? 1 : 0)) flush();
      length += (lines.length > 0 ? 1 : 0) + piece.length;
      lines.push(piece);
      inCode = codeAfter;
    }
  }
  if (inCode) lines.push(FENCE);
  if (lines.length > 0) chunks.push(lines.join('\n'));
  return chunks;
}

/**
 * Packs mrkdwn blocks (paragraphs, lists, code blocks) into as few chunks of at most `max`
 * characters as possible, splitting a block only when it alone is too long.
 */
export function splitMrkdwn(blocks: readonly string[], max: number): string[] {
  const parts = blocks.flatMap((block) => (block.length <= max ? [block] : splitBlock(block, max)));
  return pack(parts, '\n\n', max).filter((chunk) => chunk.trim() !== '');
}
