import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { lock } from 'proper-lockfile';
import { PhrasedError } from '../i18n/index.js';

/** Throws if the lock was lost while held (another process judged it stale), so nothing is written. */
export type AssertLockHeld = () => void;

/** How long a writer waits for the lock before giving up: 14 to 28 s, longer than a dead holder keeps it. */
const RETRIES = { retries: 150, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true };
/** A lock not refreshed for this long is taken over: its holder has died. */
const STALE_MS = 10_000;

export interface FileLocksOptions {
  /** How long a lock not refreshed is kept (default 10 s; at least 2 s): tests of a dead holder shorten it. */
  staleMs?: number;
}

/**
 * The file locks of one process: a queue per path, so that the process's own writers take turns
 * without polling the lock directory. The composition makes one and hands it to every store that
 * writes the channels' files; two instances on one file stay correct (the lock directory still
 * excludes), only slower.
 */
export class FileLocks {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly staleMs: number;

  constructor(options: FileLocksOptions = {}) {
    this.staleMs = options.staleMs ?? STALE_MS;
  }

  /**
   * Runs `work` holding the lock of `path` against this process (its queue) and against other
   * processes (a `<path>.lock` directory, refreshed while held and taken over once stale).
   */
  run<R>(path: string, work: (assertHeld: AssertLockHeld) => Promise<R>): Promise<R> {
    const turn = (this.queues.get(path) ?? Promise.resolve()).then(() => holdLock(path, this.staleMs, work));
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(path, settled);
    void settled.then(() => {
      if (this.queues.get(path) === settled) this.queues.delete(path);
    });
    return turn;
  }
}

async function holdLock<R>(path: string, staleMs: number, work: (assertHeld: AssertLockHeld) => Promise<R>): Promise<R> {
  let lost: Error | undefined;
  let release: () => Promise<void>;
  const options = {
    realpath: false,
    stale: staleMs,
    onCompromised: (error: Error) => {
      lost = error;
    },
  };
  try {
    // The lock directory goes beside the file. Made in the turn, not before it, so that writers
    // take their turns in the order they asked.
    await mkdir(dirname(path), { recursive: true });
    // Only a lock held by another writer is worth waiting for: proper-lockfile retries on any error,
    // so a folder the bot may not write in would otherwise take every retry (~15 s) to report.
    release = await lock(path, options).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      return lock(path, { ...options, retries: RETRIES });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new PhrasedError(`${basename(path)} is busy: another writer has held it for a long time. Try again shortly.`);
    }
    throw error;
  }
  try {
    return await work(() => {
      if (lost) throw new PhrasedError(`The lock on ${basename(path)} was lost (${lost.message}); nothing was written.`);
    });
  } finally {
    // A lock that cannot be released (it was lost) goes stale by itself; the work's outcome stands.
    await release().catch(() => undefined);
  }
}
