import { readFileSync } from 'node:fs';
import { access, rename } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import type { z } from 'zod';
import { silentLogger, type Logger } from '../log.js';
import { PhrasedError } from '../i18n/index.js';
import { fileAccessError } from './access-error.js';
import type { FileLocks } from './file-lock.js';

/** The shape of one kind of file: how to validate it and what a missing file stands for. */
export interface JsonFormat<T> {
  schema: z.ZodType<T>;
  empty(): T;
}

/** The file could not be used; it was renamed to `movedTo` and nothing was changed. */
export class CorruptFileError extends PhrasedError {
  constructor(
    message: string,
    readonly movedTo: string,
  ) {
    super(message);
    this.name = 'CorruptFileError';
  }
}

export interface JsonFileOptions {
  /** The process's locks (one instance per process): writers of one file take turns. */
  locks: FileLocks;
  now?: () => Date;
  logger?: Logger;
}

type Loaded<T> = { ok: true; data: T } | { ok: false; reason: string };

/**
 * One JSON file with a `lastModified` stamp. Reads need no lock because every write replaces the
 * file whole (temporary file, then rename); read-modify-write runs under the per-file lock.
 */
export class JsonFile<T extends { lastModified?: string }> {
  private readonly now: () => Date;
  private readonly logger: Logger;
  private readonly locks: FileLocks;

  constructor(
    readonly path: string,
    /** The name shown in messages (relative to the caller's folder). */
    readonly name: string,
    private readonly format: JsonFormat<T>,
    options: JsonFileOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger ?? silentLogger;
    this.locks = options.locks;
  }

  async read(): Promise<T> {
    const loaded = await this.load();
    if (loaded.ok) return loaded.data;
    // Confirm under the lock so that two readers never both move the file aside.
    return this.locks.run(this.path, async () => this.loadOrMoveAside());
  }

  /**
   * Applies `change` to the file's content and writes it back, stamped `lastModified` with the same
   * instant `change` was given. If `change` throws, or `changed` says its result changed nothing,
   * nothing is written.
   */
  async update<R>(change: (data: T, now: Date) => R, changed: (result: R) => boolean = () => true): Promise<R> {
    try {
      return await this.locks.run(this.path, async (assertHeld) => {
        const data = await this.loadOrMoveAside();
        const now = this.now();
        const result = change(data, now);
        if (!changed(result)) return result;
        data.lastModified = now.toISOString();
        assertHeld();
        await writeFileAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`, { fsync: true });
        return result;
      });
    } catch (error) {
      throw fileAccessError(error, this.name, 'write');
    }
  }

  private async loadOrMoveAside(): Promise<T> {
    const loaded = await this.load();
    if (loaded.ok) return loaded.data;
    const movedTo = await this.moveAside();
    this.logger.warn({ file: this.path, movedTo, reason: loaded.reason }, 'corrupt file moved aside');
    throw new CorruptFileError(
      `${this.name} could not be used (${loaded.reason}). It was moved aside to ${this.name}${movedTo.slice(this.path.length)} ` +
        `and nothing was changed; the next change starts a new, empty ${this.name}.`,
      movedTo,
    );
  }

  private async load(): Promise<Loaded<T>> {
    let text: string;
    try {
      // One synchronous call (open, read, close): a few µs on the data folder, where readFile's
      // promise version makes four round trips through libuv's thread pool.
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { ok: true, data: this.format.empty() };
      if (code === 'EISDIR') throw new PhrasedError(`${this.name} is a folder, not a file; choose another file name.`);
      // Only content that is not the format is corrupt: a file that cannot be read stays where it is.
      throw fileAccessError(error, this.name, 'read');
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return { ok: false, reason: `not valid JSON: ${(error as Error).message}` };
    }
    const parsed = this.format.schema.safeParse(raw);
    if (parsed.success) return { ok: true, data: parsed.data };
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the file';
    return { ok: false, reason: `not in the expected format at ${where}: ${issue?.message ?? 'invalid'}` };
  }

  /** Renames the file to `<file>.corrupt-<timestamp>`, never over an earlier copy. */
  private async moveAside(): Promise<string> {
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    for (let attempt = 0; attempt < 100; attempt++) {
      const target = `${this.path}.corrupt-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
      const taken = await access(target).then(
        () => true,
        () => false,
      );
      if (!taken) {
        await rename(this.path, target);
        return target;
      }
    }
    throw new PhrasedError(`${this.name} is corrupt and could not be moved aside (too many earlier copies).`);
  }
}
