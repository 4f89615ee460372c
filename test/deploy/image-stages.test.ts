/**
 * What can be checked of the image without a Docker engine: every stage of the Dockerfile replayed
 * in a fresh folder (exactly what it COPYs, its npm steps run for real), then the final stage's CMD
 * started as an unprivileged user with only the image's environment: it must answer its health
 * check and serve the sandbox page, and stop cleanly on SIGTERM. Node here is the machine's (22.19 or
 * newer), not necessarily the image's 24.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDockerignore } from './dockerignore.js';
import { all, commandArgv, healthcheck, parseDockerfile, stageEnv, volumePaths } from './dockerfile.js';
import { replayStage, type ReplayedStage } from './replay-stage.js';

const context = fileURLToPath(new URL('../../', import.meta.url));
const stages = parseDockerfile(readFileSync(join(context, 'Dockerfile'), 'utf8'));
const final = stages.at(-1)!;
const ignore = parseDockerignore(readFileSync(join(context, '.dockerignore'), 'utf8'));
const entryArgv = commandArgv(all(final, 'CMD')[0]!.args);
/** The script node runs: the last argument, after node's own flags. */
const entryPoint = entryArgv.at(-1)!;
const healthArgv = healthcheck(all(final, 'HEALTHCHECK')[0]!)!.argv;
const dataVolume = stageEnv(final).PLANEBOT_DATA_DIR!;
/** `node_modules/…` paths the lockfile marks as needed only for development. */
const devOnly = Object.entries(
  (JSON.parse(readFileSync(join(context, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> }).packages,
)
  .filter(([, entry]) => entry.dev)
  .map(([path]) => path);

/** Two `npm ci` and a TypeScript build. */
const BUILD_TIMEOUT_MS = 10 * 60_000;
const START_TIMEOUT_MS = 60_000;
/** The image's `node` user stands in as nobody when the tests run as root. */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
/** Steps that need the image's system, not this machine's: packages, the volume's owner, the cache. */
const SYSTEM_STEP = new RegExp(`^(apt-get |rm -rf /var/lib/apt/lists|npm cache clean|mkdir -p ${dataVolume}$|chown \\S+ ${dataVolume}$)`);

let workspace: string;
const replayed: ReplayedStage[] = [];

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'planebot-image-'));
  // mkdtemp makes it private; the unprivileged run must reach the app folder, as in the image.
  await chmod(workspace, 0o755);
  // RUN steps see a clean environment: no npm_* of a parent `npm test`, no NODE_ENV of the test runner.
  const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE_ENV'));
  const earlier: Record<string, ReplayedStage> = {};
  for (const [index, stage] of stages.entries()) {
    const result = await replayStage(stage, { context, ignore, dir: join(workspace, stage.name ?? `stage-${index}`), earlier, baseEnv });
    if (stage.name) earlier[stage.name] = result;
    replayed.push(result);
  }
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

describe('Docker image stages, replayed without Docker', () => {
  it('the build stage builds from exactly what it copies, and produces the entry point', () => {
    const build = replayed[0]!;
    expect(build.ran).toEqual(expect.arrayContaining([expect.stringMatching(/^npm ci\b/), 'npm run build']));
    for (const step of build.skipped) expect(step).toMatch(SYSTEM_STEP);
    expect(existsSync(join(build.dir, entryPoint)), entryPoint).toBe(true);
    expect(existsSync(join(build.dir, 'dist/src/sandbox/page/index.html'))).toBe(true);
    // The context went through .dockerignore: nothing of this checkout's own build or installs.
    expect(readdirSync(build.dir).sort()).toEqual([
      'dist',
      'node_modules',
      'package-lock.json',
      'package.json',
      'src',
      'tsconfig.build.json',
      'tsconfig.json',
    ]);
  });

  it('the final stage holds production dependencies only, the built code and the entry point', () => {
    const app = replayed.at(-1)!;
    expect(app.ran).toEqual([expect.stringMatching(/^npm ci\b.*--omit=dev/)]);
    for (const step of app.skipped) expect(step).toMatch(SYSTEM_STEP);
    expect(existsSync(join(app.dir, entryPoint))).toBe(true);
    expect(devOnly.length).toBeGreaterThan(0);
    expect(devOnly.filter((path) => existsSync(join(app.dir, path)))).toEqual([]);
    expect(existsSync(join(app.dir, 'node_modules/typescript'))).toBe(false);
    expect(existsSync(join(app.dir, 'src'))).toBe(false);
  });

  it(
    'starts as an unprivileged user with only the image environment: health, the sandbox page, SIGTERM exits 0',
    async () => {
      const app = replayed.at(-1)!;
      const dataDir = join(workspace, 'data');
      await mkdir(dataDir);
      if (UNPRIVILEGED.uid !== undefined) await chown(dataDir, UNPRIVILEGED.uid, UNPRIVILEGED.gid!);
      const port = await freePort();
      // No Slack tokens: the sandbox starts. The image's paths become this machine's folders.
      const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...app.env, PLANEBOT_DATA_DIR: dataDir, PORT: String(port) };
      expect(volumePaths(all(final, 'VOLUME')[0]!.args)).toContain(dataVolume);

      const child = spawn(entryArgv[0]!, entryArgv.slice(1), { cwd: app.dir, env, ...UNPRIVILEGED, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitForHealth(`${base}/healthz`, child, () => output);
        expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        const page = await fetch(`${base}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<html');
        const marked = await fetch(`${base}/assets/vendor/marked.js`);
        expect(marked.status).toBe(200);
        expect(marked.headers.get('content-type')).toContain('javascript');

        // The HEALTHCHECK's own command, as Docker runs it inside the container.
        const check = () =>
          promisify(execFile)(healthArgv[0]!, healthArgv.slice(1), { cwd: app.dir, env, ...UNPRIVILEGED, timeout: 30_000 });
        await expect(check()).resolves.toBeDefined();

        // The state store went to the volume, written by the unprivileged user.
        const written = readdirSync(dataDir);
        expect(written.length).toBeGreaterThan(0);
        if (UNPRIVILEGED.uid !== undefined) expect(statSync(join(dataDir, written[0]!)).uid).toBe(UNPRIVILEGED.uid);

        const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
        child.kill('SIGTERM');
        const [code, signal] = await exited;
        expect({ code, signal }, output).toEqual({ code: 0, signal: null });
        // And the check is not vacuous: with the process gone it fails.
        await expect(check()).rejects.toMatchObject({ code: 1 });
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
    START_TIMEOUT_MS * 2,
  );
});

describe('The planebot-mcp bin in the image', () => {
  it('serves MCP over stdio from the built code with production dependencies only', async () => {
    const app = replayed.at(-1)!;
    const bin = (JSON.parse(readFileSync(join(context, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['planebot-mcp']!;
    expect(existsSync(join(app.dir, bin)), bin).toBe(true);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin],
      cwd: app.dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...app.env, PLANE_API_KEY: 'plane_api_unused', PLANE_WORKSPACE: 'acme' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'image-check', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('planebot');
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('plane_get_issue');
    } finally {
      await client.close();
    }
  });
});

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the entry point exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no 200 from ${url} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
