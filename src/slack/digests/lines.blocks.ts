import { escapeTruncated, isLinkableUrl, oneLine } from '../blocks/text.js';

const TITLE_MAX = 90;
const EXTRA_MAX = 120;

/** One work item as a list line: `• <link|ACME-12> Title · extra` (the key linked when the URL can be). */
export function itemLine(item: { key: string; title: string; url: string }, extra?: string): string {
  const key = escapeTruncated(item.key, 40);
  const link = isLinkableUrl(item.url) ? `<${item.url}|${key}>` : key;
  const tail = extra ? ` · ${escapeTruncated(oneLine(extra), EXTRA_MAX)}` : '';
  return `• ${link} ${escapeTruncated(oneLine(item.title), TITLE_MAX)}${tail}`;
}

/**
 * A heading and as many lines as fit in `budget` characters, then "and N more" for the rest
 * (`hidden` more beyond the lines given): a section never passes Slack's text limits.
 */
export function packLines(
  heading: string,
  lines: readonly string[],
  hidden: number,
  budget: number,
  more: (count: number) => string,
): string {
  const kept: string[] = [];
  let used = heading.length;
  const reserve = more(lines.length + hidden).length + 1;
  for (const [i, line] of lines.entries()) {
    const last = i === lines.length - 1 && hidden === 0;
    if (used + line.length + 1 + (last ? 0 : reserve) > budget) break;
    kept.push(line);
    used += line.length + 1;
  }
  const rest = lines.length - kept.length + hidden;
  return [heading, ...kept, ...(rest > 0 ? [more(rest)] : [])].join('\n');
}
