/**
 * Which test files share their workers, read from their source: a file starts a process when it, or
 * a local module it imports (followed through test/ and src/), spawns one or drives a browser; it
 * starts Redis when it reaches the helper that starts redis-server (a process too, but a light one);
 * it serves when it starts an HTTP (or other) server in the test process. Files that do none of
 * these are pure units; files that only serve run their servers in-process. All share their workers
 * (no isolation: a module is loaded once per worker, not once per file), unless they touch what one
 * file could leave to the next (the environment, fake timers, spies, globals): those run isolated,
 * each in a process of its own.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const STARTS_PROCESS = /['"](node:)?child_process['"]|playwright|new Worker\(/;
const STARTS_REDIS = /\bstartRedisServer\(/;
/**
 * Not followed when looking for processes: the helper that starts redis-server (followed for Redis
 * only), and the state file's checkpoint thread, which belongs to a store and ends with it.
 */
const NOT_A_PROCESS = [join('test', 'helpers', 'redis-server.ts'), join('src', 'state', 'sqlite-checkpointer.ts')];
const SERVES = /\bcreateServer\(|\.listen\(/;
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

/** Whether `file` or a local module it imports (but those ending with one of `skipped`) matches `pattern`. */
function reaches(pattern: RegExp, skipped: readonly string[] = []): (file: string) => boolean {
  const known = new Map<string, boolean>();
  const visit = (file: string, seen: Set<string>): boolean => {
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    if (seen.has(file) || skipped.some((end) => file.endsWith(end))) return false;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    let result = pattern.test(text);
    for (const [, spec] of text.matchAll(IMPORT)) {
      if (result) break;
      const imported = source(resolve(dirname(file), spec!));
      if (imported) result = visit(imported, seen);
    }
    known.set(file, result);
    return result;
  };
  return (file) => visit(file, new Set());
}

/**
 * The files (relative to `root`) that may share workers, none of which touches what one file could
 * leave to the next: `units` (they start nothing), `inProcess` (they start servers in the test
 * process but no process), `redis` (they start Redis but no other process) and `processes` (they
 * start other processes, which each test stops). Every other file touches global state and runs
 * isolated; the real Plane's files (test/plane-ce) are a project of their own.
 */
export function sharedWorkerTests(root: string): { units: string[]; inProcess: string[]; redis: string[]; processes: string[] } {
  const startsProcess = reaches(STARTS_PROCESS, NOT_A_PROCESS);
  const startsRedis = reaches(STARTS_REDIS);
  const serves = reaches(SERVES);
  const units: string[] = [];
  const inProcess: string[] = [];
  const redis: string[] = [];
  const processes: string[] = [];
  for (const file of [...testFiles(root, 'test'), ...testFiles(root, 'src')]) {
    const path = join(root, file);
    if (file.startsWith('test/plane-ce/') || LEAVES_STATE.test(readFileSync(path, 'utf8'))) continue;
    if (startsProcess(path)) processes.push(file);
    else if (startsRedis(path)) redis.push(file);
    else (serves(path) ? inProcess : units).push(file);
  }
  return { units, inProcess, redis, processes };
}
