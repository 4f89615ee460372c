import type Keyv from 'keyv';

/**
 * Where a synced work item's task lives. Each work item the sync creates carries it in Plane's
 * `external_source` / `external_id` (`planebot`, `C0OPS/tasks.json#1-2@<createdAt>`), so Plane's
 * webhook about the item leads back to the task without an index, and a create repeated after a
 * crash (or by a second sync at the same time) is refused by Plane (409) instead of duplicated.
 * The task's creation time keeps a task that reuses a removed task's id apart from it.
 */

export const EXTERNAL_SOURCE = 'planebot';

export interface TaskLocation {
  /** The channel (ToolContext.scope) whose folder holds the file; empty when the sync had none. */
  scope: string;
  file: string;
  taskId: string;
  createdAt: string;
}

export function externalId(location: TaskLocation): string {
  return `${location.scope}/${location.file}#${location.taskId}@${location.createdAt}`;
}

const EXTERNAL_ID = /^([A-Za-z0-9]*)\/([^/#]+)#([0-9-]+)@(.*)$/;

export function parseExternalId(source: string | null | undefined, id: string | null | undefined): TaskLocation | undefined {
  if (source !== EXTERNAL_SOURCE || !id) return undefined;
  const match = EXTERNAL_ID.exec(id);
  if (!match) return undefined;
  return { scope: match[1]!, file: match[2]!, taskId: match[3]!, createdAt: match[4]! };
}

/** Plane's echo of the bot's own write comes within seconds; two minutes cover a slow worker. */
const ECHO_MS = 2 * 60_000;

/**
 * The values the bot wrote to linked work items, field by field, so that Plane's webhook echoing
 * them is not applied to the task again (which could undo a later change made meanwhile).
 */
export class OwnWrites {
  constructor(private readonly keyv: Keyv) {}

  async note(itemId: string, body: Record<string, unknown>): Promise<void> {
    await Promise.all(
      Object.entries(body).map(([field, value]) => this.keyv.set(`${itemId.toLowerCase()}:${field}`, JSON.stringify(value), ECHO_MS)),
    );
  }

  /** Whether a delivery's change is the echo of a value the bot wrote (Plane sends the request's value as `new_value`). */
  async isEcho(itemId: string, field: string, newValue: unknown): Promise<boolean> {
    const noted = await this.keyv.get<string>(`${itemId.toLowerCase()}:${field}`);
    return noted !== undefined && noted !== null && noted === JSON.stringify(newValue);
  }
}
