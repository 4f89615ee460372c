import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compiled } from '../../harness/compiled.js';
import type { Backend } from './backends.js';

/** A new Node process takes seconds to start on a loaded machine. */
export const CHILD_START_MS = 30_000;

export interface AgentProcess {
  child: ChildProcess;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** SIGKILL, and wait for it to be gone. */
  kill(): Promise<void>;
}

/**
 * Another process running an agent (`crashing-agent.ts`) on the backend, which submits `text` in
 * `threadKey` against the fake model at `apiUrl`; the test kills it mid-run.
 */
export async function startAgentProcess(apiUrl: string, threadKey: string, where: Backend['where'], text?: string): Promise<AgentProcess> {
  const script = await compiled(fileURLToPath(new URL('./crashing-agent.ts', import.meta.url)));
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', script, apiUrl, threadKey, where.dataDir, where.redisUrl ?? '', ...(text ? [text] : [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
