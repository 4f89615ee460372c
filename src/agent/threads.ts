import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import type { Requester } from '../tools/registry.js';
import { fitHistory } from './history-budget.js';
import { withLock } from '../state/lock.js';
import type { IncomingMessage } from './run.js';
import { modelMessageSchema, requesterSchema } from './run-records.js';

/** A conversation nobody touched for this long is forgotten. */
const KEEP_MS = 30 * 24 * 3_600_000;

/** A message waiting for the thread's run to end, or a failed run to take up again. */
export type QueuedItem = { runId: string; message: IncomingMessage } | { runId: string; retry: true; frontEndState?: unknown };

export type StartItem = (item: QueuedItem, history: Anthropic.MessageParam[]) => Promise<boolean>;

export type Admission = { status: 'started' | 'gone' } | { status: 'queued'; position: number };

/** One conversation: what was said (so the front end never re-reads it), its run and its queue. */
export interface ThreadRecord {
  history: Anthropic.MessageParam[];
  activeRunId?: string;
  queue: QueuedItem[];
}

const incomingMessage = z.looseObject({ requester: requesterSchema, text: z.string(), context: z.looseObject({}) });
const threadRecord = defineRecord<ThreadRecord>({
  namespace: 'agent:thread',
  version: 1,
  schema: z.looseObject({
    history: z.array(modelMessageSchema),
    activeRunId: z.string().optional(),
    queue: z.array(
      z.union([
        z.looseObject({ runId: z.string(), message: incomingMessage }),
        z.looseObject({ runId: z.string(), retry: z.literal(true), frontEndState: z.unknown() }),
      ]),
    ),
  }) as unknown as z.ZodType<ThreadRecord>,
  ttlMs: KEEP_MS,
});

/** A tool approved for the rest of a thread, and by whom. */
const threadToolRecord = defineRecord({
  namespace: 'agent:thread-tool',
  version: 1,
  schema: z.object({ by: z.string().optional(), at: z.number() }),
  ttlMs: KEEP_MS,
});

/**
 * Serialises a thread's runs across processes: one run at a time, later messages queued in the
 * store and taken in order. Each read-modify-write holds the thread's lock.
 */
export class ThreadStore {
  constructor(private readonly store: StateStore) {}

  async get(threadKey: string): Promise<ThreadRecord> {
    return (await this.store.get(threadRecord, threadKey)) ?? { history: [], queue: [] };
  }

  /**
   * Starts `item` at once when the thread is idle (`start` saves its run while the lock is held and
   * says false when there is nothing to start), else queues it. `isLive` guards against an active run
   * that vanished without finishing (its record expired).
   */
  admit(threadKey: string, item: QueuedItem, start: StartItem, isLive: (runId: string) => Promise<boolean>): Promise<Admission> {
    return this.update(threadKey, async (thread) => {
      if (thread.activeRunId && (await isLive(thread.activeRunId))) {
        thread.queue.push(item);
        return { status: 'queued', position: thread.queue.length };
      }
      thread.activeRunId = (await start(item, thread.history)) ? item.runId : undefined;
      return { status: thread.activeRunId ? 'started' : 'gone' };
    });
  }

  /**
   * Ends the thread's active run: its turns join the history (none for a failed run), whose oldest
   * tool results are trimmed when it outgrew its budget, and the next queued item that can start
   * does. Returns the id of the run started, if any.
   */
  complete(threadKey: string, runId: string, turns: Anthropic.MessageParam[], start: StartItem): Promise<string | undefined> {
    return this.update(threadKey, async (thread) => {
      // Only the active run's turns: completing twice (after a crash) must not repeat them.
      if (thread.activeRunId !== runId) return undefined;
      // Stored within its budget, so a busy thread's record does not grow without bound.
      thread.history = fitHistory([...thread.history, ...turns]).messages;
      thread.activeRunId = undefined;
      for (let item = thread.queue.shift(); item; item = thread.queue.shift()) {
        if (await start(item, thread.history)) {
          thread.activeRunId = item.runId;
          break;
        }
      }
      return thread.activeRunId;
    });
  }

  private update<T>(threadKey: string, change: (thread: ThreadRecord) => Promise<T>): Promise<T> {
    return withLock(this.store, `${threadRecord.namespace}:${threadKey}`, async () => {
      const thread = await this.get(threadKey);
      const result = await change(thread);
      await this.store.set(threadRecord, threadKey, thread);
      return result;
    });
  }

  /** "Approve for this thread": the tool runs without asking for the rest of the conversation. */
  async approveTool(threadKey: string, toolName: string, by: Requester | undefined, at: number): Promise<void> {
    await this.store.set(threadToolRecord, `${threadKey}\n${toolName}`, { ...(by && { by: by.id }), at });
  }

  async toolApproved(threadKey: string, toolName: string): Promise<boolean> {
    return (await this.store.get(threadToolRecord, `${threadKey}\n${toolName}`)) !== undefined;
  }
}
