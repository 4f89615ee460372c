/**
 * Which test files are pure units and which start something (a server, a process, Redis, a
 * browser), read from their source: a file counts as starting something when it, or a local module
 * it imports (followed through test/ and src/), creates a server, spawns a process or drives a
 * browser. Pure units share their workers (no isolation: a module is loaded once per worker, not
 * once per file), unless they touch what one file could leave to the next (the environment, fake
 * timers, spies, globals).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const STARTS_SOMETHING =
  /\bcreateServer\(|\.listen\(|\bspawn\(|\bfork\(|\bexecFile(Sync)?\(|\bexecSync\(|startRedisServer|playwright|new Worker\(/;
const LEAVES_STATE =
  /process\.env\b|vi\.useFakeTimers|vi\.spyOn|vi\.stubGlobal|vi\.stubEnv|globalThis\.\w+\s*=|process\.chdir|process\.on\(/;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function testFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(join(root, path)).isDirectory()) return testFiles(root, path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

function source(file: string): string | undefined {
  for (const candidate of [file, file.replace(/\.js$/, '.ts'), `${file}.ts`, join(file, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The pure unit files that may share workers (relative to `root`); every other file runs isolated. */
export function sharedWorkerTests(root: string): string[] {
  const starts = new Map<string, boolean>();
  const startsSomething = (file: string, seen: Set<string>): boolean => {
    const known = starts.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    let result = STARTS_SOMETHING.test(text);
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (result) break;
      const imported = source(resolve(dirname(file), spec!));
      if (imported) result = startsSomething(imported, seen);
    }
    starts.set(file, result);
    return result;
  };
  return [...testFiles(root, 'test'), ...testFiles(root, 'src')].filter((file) => {
    if (file.startsWith('test/plane-ce/')) return false;
    const path = join(root, file);
    return !startsSomething(path, new Set()) && !LEAVES_STATE.test(readFileSync(path, 'utf8'));
  });
}
