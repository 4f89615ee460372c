/**
 * `.dockerignore` as the Docker builder reads it: one pattern a line, `#` comments, paths relative
 * to the context root, `*` and `?` within a path segment, `**` across segments, `!` re-includes; the
 * last matching line decides, and a pattern that matches a folder leaves out everything in it. The
 * globs are matched by picomatch (Go's `filepath.Match` syntax, which Docker uses, is a subset of it).
 */
import picomatch from 'picomatch';

export type IgnoreCheck = (relativePath: string) => boolean;

export function parseDockerignore(text: string): IgnoreCheck {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = (include ? line.slice(1) : line).trim().replace(/^\/+/, '').replace(/\/+$/, '');
      return { include, matches: picomatch(pattern, { dot: true }) };
    });
  return (relativePath) => {
    const segments = relativePath.split('/').filter(Boolean);
    // The path and each folder above it: a matched folder takes its contents with it.
    const candidates = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (candidates.some((candidate) => rule.matches(candidate))) ignored = !rule.include;
    }
    return ignored;
  };
}
