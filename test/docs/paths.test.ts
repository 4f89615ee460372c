import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A file a document names in code type (`state/lock.ts`) exists. Docs name files from the
 * repository's root, from `src/` or one of its rooms (`tasks/plane/follow.ts`), or from their
 * own folder or one above it (a folder README naming `progress/run-state.ts`).
 */
it('every file path a doc or README names exists', () => {
  const rooms = readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join('src', entry.name));
  const docs = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const missing: string[] = [];
  for (const doc of docs) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const match of text.matchAll(/`([\w.-]+(?:\/[\w.-]+)*\/[\w.-]+\.(?:ts|js|md|json|yml|cjs|mjs|sh|html|css))`/g)) {
      const path = match[1]!;
      const bases = ['.', 'src', ...rooms];
      for (let folder = dirname(doc); folder !== '.'; folder = dirname(folder)) bases.push(folder);
      if (!bases.some((base) => existsSync(join(root, base, path)))) missing.push(`${doc}: ${path}`);
    }
  }
  expect(missing).toEqual([]);
});
