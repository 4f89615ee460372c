import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Kills the server (SIGTERM, then SIGKILL) and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
  /**
   * An outage that loses nothing: the server stops, then `resume` starts it again on the same port
   * and folder, with what it held (its append-only file is flushed on the way down).
   */
  interrupt(): Promise<{ resume(): Promise<RedisServer> }>;
}

const READY_ATTEMPTS = 100;
const READY_INTERVAL_MS = 50;
const START_ATTEMPTS = 3;

/**
 * Starts a real, private redis-server on a free loopback port (or on `port`, to bring a stopped
 * server back at the same URL), persisting nothing. Fails with an explanation when the binary is
 * not installed.
 */
export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  if (options.port !== undefined) return startOnce(options.port);
  let lastError: unknown;
  // A free port can be taken between probing and binding; try again on another one.
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(await freePort());
    } catch (error) {
      if (error instanceof RedisMissing) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

class RedisMissing extends Error {
  constructor() {
    super(
      'redis-server is not installed: the state and replica tests need a real Redis. ' +
        'Install it (Debian/Ubuntu: `apt-get install redis-server`); `.ci/run` installs it on CI.',
    );
  }
}

async function startOnce(port: number, kept?: string): Promise<RedisServer> {
  const dir = kept ?? (await mkdtemp(join(tmpdir(), 'planebot-redis-')));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Error>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT' ? new RedisMissing() : error));
    child.once('exit', (code, signal) => resolve(new Error(`redis-server exited (${signal ?? code}) before answering:\n${output.trim()}`)));
  });
  // A test runner that dies must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopped: Promise<void> | undefined;
  const halt = () =>
    (stopped ??= (async () => {
      process.off('exit', killOnExit);
      await terminate(child);
    })());
  const stop = async () => {
    await halt();
    await rm(dir, { recursive: true, force: true });
  };
  const interrupt = async () => {
    await halt();
    return { resume: () => startOnce(port, dir) };
  };

  const failure = await Promise.race([waitForPong(port), exited]);
  if (failure) {
    await stop();
    throw failure;
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop, interrupt };
}

/** Resolves undefined once the server answers PING, or an error after a bounded number of tries. */
async function waitForPong(port: number): Promise<Error | undefined> {
  for (let attempt = 0; attempt < READY_ATTEMPTS; attempt++) {
    if (await answersPing(port)) return undefined;
    await sleep(READY_INTERVAL_MS);
  }
  return new Error(`redis-server on port ${port} did not answer PING within ${READY_ATTEMPTS * READY_INTERVAL_MS} ms`);
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(timer);
}
