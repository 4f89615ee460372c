import { Worker } from 'node:worker_threads';

/** About SQLite's own default (1,000 pages): a few MB of WAL between two checkpoints. */
const WRITES_PER_CHECKPOINT = 500;
/**
 * If the WAL still holds this many frames after a checkpoint (writes never paused long enough for
 * one to finish, or the worker is behind), the writing connection checkpoints itself once.
 */
const MAX_WAL_FRAMES = 16_384;

/** What `PRAGMA wal_checkpoint` answers. */
interface CheckpointResult {
  busy: number;
  /** Frames in the WAL. */
  log: number;
  checkpointed: number;
}

/**
 * The checkpointer's own connection, run in a worker thread. Self-contained (built-in modules only),
 * since it is handed to the worker as source text.
 */
function checkpointLoop(): void {
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  const db = new DatabaseSync((workerData as { file: string }).file);
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  parentPort?.on('message', (message) => {
    if (message === 'close') {
      db.close();
      parentPort.close();
      return;
    }
    parentPort.postMessage(checkpoint.get());
  });
}

/**
 * Moves the WAL's checkpoints off the thread that writes. SQLite's automatic checkpoint runs inside
 * the commit that crosses its threshold, and that commit then copies the WAL into the database file
 * and syncs it: 10–16 ms on this machine's disk, once every few hundred writes, a stall of the event
 * loop that every request then waiting meets. With the automatic checkpoint off (`PRAGMA
 * wal_autocheckpoint = 0`), a worker thread with a connection of its own runs a PASSIVE checkpoint
 * every few hundred writes; it never blocks the writer, and the WAL starts over at the first write
 * after a checkpoint that caught up. The worker is started at the first checkpoint, so a store that
 * writes little never has one. Should the worker fail, SQLite's automatic checkpoint is turned back
 * on.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private writes = 0;
  private running = false;
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly writer: {
      /** Runs a PASSIVE checkpoint on the writing connection. */
      checkpointInline(): void;
      /** Turns SQLite's automatic checkpoint back on for the writing connection. */
      resumeAutomatic(): void;
    },
  ) {}

  /** Counts one write; every WRITES_PER_CHECKPOINT, asks the worker for a checkpoint. */
  wrote(): void {
    if (this.failed || ++this.writes < WRITES_PER_CHECKPOINT || this.running) return;
    this.writes = 0;
    this.running = true;
    this.started().postMessage('checkpoint');
  }

  close(): void {
    this.worker?.postMessage('close');
    this.worker = undefined;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(`(${checkpointLoop.toString()})()`, { eval: true, workerData: { file: this.file } });
    worker.unref();
    worker.on('message', (result: CheckpointResult) => {
      this.running = false;
      if (result.log > MAX_WAL_FRAMES) this.writer.checkpointInline();
    });
    worker.on('error', () => this.fail());
    worker.on('exit', (code) => {
      if (this.worker === worker && code !== 0) this.fail();
    });
    this.worker = worker;
    return worker;
  }

  private fail(): void {
    this.failed = true;
    this.worker = undefined;
    this.writer.resumeAutomatic();
  }
}
