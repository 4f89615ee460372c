/**
 * The Dockerfile's rules, read without a Docker engine.
 * `image-stages.test.ts` then replays its stages and starts the result.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_NODE_FLAGS, startNodeFlags } from '../harness/process.js';
import { parseDockerignore } from './dockerignore.js';
import { all, commandArgv, copyPaths, healthcheck, parseDockerfile, runSteps, stageEnv, volumePaths } from './dockerfile.js';

const root = new URL('../../', import.meta.url);
const stages = parseDockerfile(readFileSync(new URL('Dockerfile', root), 'utf8'));
const final = stages.at(-1)!;
const ignored = parseDockerignore(readFileSync(new URL('.dockerignore', root), 'utf8'));
const runs = (stage: typeof final) => all(stage, 'RUN').flatMap((run) => runSteps(run.args));

describe('Dockerfile parser', () => {
  it('reads stages, continuations, comments inside continuations, flags and both ENV spellings', () => {
    const parsed = parseDockerfile(
      [
        '# comment',
        'FROM node:24 AS build',
        'RUN a \\',
        '# dropped',
        ' && b',
        'COPY --from=build /app/dist ./dist',
        'FROM node:24-slim',
        'ENV A=1 B="two words"',
        'ENV C 3',
        'HEALTHCHECK --interval=30s CMD ["node", "-e", "1"]',
      ].join('\n'),
    );
    expect(parsed.map((stage) => [stage.from, stage.name])).toEqual([
      ['node:24', 'build'],
      ['node:24-slim', undefined],
    ]);
    expect(runSteps(parsed[0]!.instructions[0]!.args)).toEqual(['a', 'b']);
    expect(parsed[0]!.instructions[1]).toMatchObject({ keyword: 'COPY', flags: { from: 'build' }, args: '/app/dist ./dist', line: 6 });
    expect(stageEnv(parsed[1]!)).toEqual({ A: '1', B: 'two words', C: '3' });
    expect(healthcheck(parsed[1]!.instructions[2]!)).toEqual({ options: { interval: '30s' }, argv: ['node', '-e', '1'] });
    expect(commandArgv('node x.js')).toEqual(['/bin/sh', '-c', 'node x.js']);
  });

  it('reads .dockerignore as Docker does: folders take their contents, ** crosses folders, ! re-includes', () => {
    const check = parseDockerignore('# c\nnode_modules\n/dist/\n*.log\n**/*.tmp\n!keep.log\n');
    expect(['node_modules', 'node_modules/a/b.js', 'dist/x.js', 'app.log', 'a/b/c.tmp', 'x.tmp'].filter(check)).toHaveLength(6);
    expect(['src/a.log', 'keep.log', 'src/main.ts', 'distant.js'].filter(check)).toEqual([]);
  });
});

describe('Dockerfile', () => {
  it('is multi-stage, every stage on Node 24, the final one copying the build from an earlier stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:24([.-]|$)/);
    const from = all(final, 'COPY')
      .map((copy) => copy.flags.from)
      .filter(Boolean);
    const earlier = stages.slice(0, -1).map((stage) => stage.name);
    expect(from.length).toBeGreaterThan(0);
    for (const name of from) expect(earlier).toContain(name);
  });

  it('installs production dependencies only in the final stage, with the lockfile', () => {
    const installs = runs(final).filter((step) => /^npm (ci|install)\b/.test(step));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/^npm ci\b.*\s--omit=dev\b/);
    const copied = all(final, 'COPY')
      .filter((copy) => !copy.flags.from)
      .flatMap((copy) => copyPaths(copy.args).sources);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
  });

  it('runs as a non-root user that owns the data volume, which is PLANEBOT_DATA_DIR', () => {
    const user = all(final, 'USER').at(-1)?.args.split(':')[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    const dataDir = stageEnv(final).PLANEBOT_DATA_DIR;
    expect(dataDir).toMatch(/^\//);
    expect(all(final, 'VOLUME').flatMap((volume) => volumePaths(volume.args))).toContain(dataDir);
    // The volume starts as the image's folder: it must exist and belong to the user, or the first write fails.
    expect(runs(final).some((step) => new RegExp(`^chown (-R )?${user}(:\\S+)? ${dataDir}$`).test(step))).toBe(true);
    expect(runs(final).some((step) => new RegExp(`^mkdir (-p )?${dataDir}$`).test(step))).toBe(true);
  });

  // image-stages.test.ts runs it on another port, so a check that ignores PORT fails there.
  it('checks its health on /healthz, and exposes its PORT', () => {
    const checks = all(final, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    const check = healthcheck(checks[0]!);
    expect(check?.argv.join(' ')).toContain('/healthz');
    const port = stageEnv(final).PORT;
    expect(all(final, 'EXPOSE').map((expose) => expose.args)).toContain(port);
  });

  it('starts the built entry point with node, in exec form so SIGTERM reaches it', () => {
    const cmd = all(final, 'CMD');
    expect(cmd).toHaveLength(1);
    expect(cmd[0]!.args.startsWith('[')).toBe(true);
    const argv = commandArgv(cmd[0]!.args);
    expect(argv[0]).toBe('node');
    // The flags `npm start` gives node (and the tests' bot processes), then the built entry point.
    expect(argv.slice(1, -1)).toEqual(START_NODE_FLAGS);
    expect(argv.at(-1)).toBe('dist/src/main.js');
    expect(all(final, 'ENTRYPOINT')).toEqual([]);
    expect(stageEnv(final).NODE_ENV).toBe('production');
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, builds, data, secrets and history out of the context', () => {
    for (const path of [
      'node_modules/zod/package.json',
      'dist/src/main.js',
      'data/state.sqlite',
      '.env',
      '.env.production',
      '.git/HEAD',
      'test-output/x.png',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
  });

  it('lets in everything the stages COPY from the context', () => {
    const sources = stages.flatMap((stage) =>
      all(stage, 'COPY')
        .filter((copy) => !copy.flags.from)
        .flatMap((copy) => copyPaths(copy.args).sources),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(ignored(source.replace(/^\.\//, '')), source).toBe(false);
  });
});

describe("another checkout's start flags (the Slack bench's baseline)", () => {
  const checkoutWith = (start: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'planebot-start-flags-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { start } }));
    return dir;
  };

  it('reads the flags before the built entry, none when there are none, and refuses a start script that runs something else', () => {
    const dirs = [
      checkoutWith('npm run build && node --max-semi-space-size=16 --enable-source-maps dist/src/main.js'),
      checkoutWith('npm run build && node dist/src/main.js'),
      checkoutWith('tsx src/main.ts'),
    ];
    try {
      expect(startNodeFlags(dirs[0]!)).toEqual(['--max-semi-space-size=16', '--enable-source-maps']);
      expect(startNodeFlags(dirs[1]!)).toEqual([]);
      expect(() => startNodeFlags(dirs[2]!)).toThrow("package.json's start script does not run node … dist/src/main.js: tsx src/main.ts");
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
