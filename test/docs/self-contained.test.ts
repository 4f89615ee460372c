import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: no file cites a document that is not in it, nor a path of the
 * machine it was written on, and every relative Markdown link leads to a file that exists.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Tracked files, as text; binaries (a NUL byte) and the lock file are skipped. */
function trackedTexts(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return paths
    .filter((path) => path !== 'package-lock.json' && existsSync(join(root, path)))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

// Written so that this file does not match itself: \u00a7 is the section sign.
const OUTSIDE_DOCUMENTS: Record<string, RegExp> = {
  'the product spec': /SPEC \u00a7/,
  'the reference notes': /reference \u00a7|reference\/[a-z-]+\.md/,
  'the seeds': /[Ss]eed 00[0-9]/,
  'a shared folder beside the repository': /\.\.\/shared\//,
  'an architecture note outside the repository': /ARCHITECTUR[E]/,
  'a path of a particular machine': /(^|[^A-Za-z0-9_.])\/(work|farm|tmp\/studio)\//m,
};

function offendingLines(files: { path: string; text: string }[], pattern: RegExp): string[] {
  const lines = new RegExp(pattern.source, `${pattern.flags.replace('m', '')}g`);
  const found: string[] = [];
  for (const { path, text } of files)
    text.split('\n').forEach((line, index) => {
      lines.lastIndex = 0;
      if (lines.test(line)) found.push(`${path}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  return found;
}

describe('the repository cites only itself', () => {
  const files = trackedTexts();

  it('sees the tracked files', () => {
    expect(files.some((file) => file.path === 'README.md')).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  for (const [what, pattern] of Object.entries(OUTSIDE_DOCUMENTS)) {
    it(`no tracked file cites ${what}`, () => {
      expect(offendingLines(files, pattern)).toEqual([]);
    });
  }

  it('catches a citation when there is one (the check is not blind)', () => {
    const sample = [
      { path: 'sample.ts', text: ['// fine', `// see SPEC ${'\u00a7'}4`, `// at ${['', 'work', 'x', ''].join('/')}`].join('\n') },
    ];
    expect(offendingLines(sample, OUTSIDE_DOCUMENTS['the product spec']!)).toEqual(['sample.ts:2: // see SPEC \u00a74']);
    expect(offendingLines(sample, OUTSIDE_DOCUMENTS['a path of a particular machine']!)).toHaveLength(1);
  });
});

/** `[text](target)` links of a Markdown text, without URLs, mail links and in-page anchors. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
}

describe('Markdown links', () => {
  const markdown = trackedTexts().filter(({ path }) => path.endsWith('.md'));

  it('covers README.md and every file of docs/', () => {
    const paths = markdown.map((file) => file.path);
    expect(paths).toContain('README.md');
    for (const doc of ['architecture', 'runs', 'tools', 'slack', 'plane']) expect(paths).toContain(`docs/${doc}.md`);
  });

  it('every relative link points to a file of the repository', () => {
    const broken = markdown.flatMap(({ path, text }) =>
      relativeLinks(text)
        .filter((target) => !existsSync(resolve(root, dirname(path), decodeURI(target.split('#')[0]!))))
        .map((target) => `${path}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('finds the links of a text (the check is not blind)', () => {
    expect(relativeLinks('[a](docs/x.md) [b](https://x.y) [c](#top) `[d](e.md)` [f](../g.md#h)')).toEqual(['docs/x.md', '../g.md#h']);
  });
});
