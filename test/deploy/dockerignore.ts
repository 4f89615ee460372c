/**
 * `.dockerignore` as the Docker builder reads it: one pattern a line, `#` comments, paths relative
 * to the context root, `*` and `?` within a path segment, `**` across segments, `!` re-includes; the
 * last matching line decides, and a pattern that matches a folder leaves out everything in it.
 */
export type IgnoreCheck = (relativePath: string) => boolean;

export function parseDockerignore(text: string): IgnoreCheck {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = (include ? line.slice(1) : line).trim().replace(/^\/+/, '').replace(/\/+$/, '');
      return { include, regex: globToRegex(pattern) };
    });
  return (relativePath) => {
    const segments = relativePath.split('/').filter(Boolean);
    // The path and each folder above it: a matched folder takes its contents with it.
    const candidates = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (candidates.some((candidate) => rule.regex.test(candidate))) ignored = !rule.include;
    }
    return ignored;
  };
}

function globToRegex(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') {
        source += '(?:.*/)?';
        i++;
      } else source += '.*';
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
