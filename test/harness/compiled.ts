import { createHash } from 'node:crypto';
import { globSync } from 'node:fs';
import { chmod, cp, mkdtemp, readFile, readdir, rename, rm, stat, symlink, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What a child reads besides code: the package (module type, version), the manifest, the sandbox page. */
const ASSETS = ['package.json', 'manifest.yml', 'src/sandbox/page'];
const PREFIX = 'planebot-js-';
/** Trees of other sources are removed once unused this long (a suite still running on one is long over). */
const STALE_MS = 24 * 60 * 60 * 1000;

let tree: Promise<string> | undefined;

/**
 * The JavaScript a child process runs for `file` (a .ts file under src/, test/ or bench/). The three
 * folders are transpiled once, file by file and without type checks, by esbuild (the transpiler tsx runs on), into a
 * temporary folder named after the sources, which every test process and later runs share until a
 * source changes. A child then runs plain `node`, as the built image does, instead of going through
 * tsx's hooks for each of the hundreds of modules it loads: a bot process reaches "listening" in
 * half to three quarters of the time, the more so the busier the machine (2.8 s instead of 5.5 s
 * at a load of 7.5 on two cores), which keeps process tests inside their start-up limit.
 */
export async function compiled(file: string): Promise<string> {
  tree ??= build();
  return join(await tree, relative(ROOT, file)).replace(/\.ts$/, '.js');
}

async function build(): Promise<string> {
  const sources = globSync(['{src,test,bench}/**/*.ts', ...ASSETS.map((a) => `${a}/**`), ...ASSETS], { cwd: ROOT }).sort();
  // The checkout too: the tree's node_modules is a link into it.
  const hash = createHash('sha256').update(ROOT);
  for (const source of sources) {
    const path = join(ROOT, source);
    if ((await stat(path)).isFile()) hash.update(source).update(await readFile(path));
  }
  const dir = join(tmpdir(), PREFIX + hash.digest('hex').slice(0, 16));
  // The folder appears whole (a rename), so one that exists is complete; touched, it is not stale.
  const now = new Date();
  if (
    await utimes(dir, now, now).then(
      () => true,
      () => false,
    )
  )
    return dir;

  const work = await mkdtemp(join(tmpdir(), `${PREFIX}building-`));
  await esbuild.build({
    entryPoints: sources.filter((s) => s.endsWith('.ts') && !s.endsWith('.d.ts')).map((s) => join(ROOT, s)),
    outbase: ROOT,
    outdir: work,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Stack traces in a child's output name the .ts lines (children run with --enable-source-maps).
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  for (const asset of ASSETS) await cp(join(ROOT, asset), join(work, asset), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  // Some tests run the bot as an unprivileged user.
  await chmod(work, 0o755);
  // Another test process may have built the same tree meanwhile; either copy will do.
  await rename(work, dir).catch(() => rm(work, { recursive: true, force: true }));
  await removeStale(dir);
  return dir;
}

async function removeStale(current: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(PREFIX) || path === current) continue;
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
  }
}
