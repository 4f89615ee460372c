import type Keyv from 'keyv';
import type { Logger } from '../../log.js';
import type { PlaneKit } from '../../plane/kit.js';
import { memberName } from '../../plane/member-names.js';
import { lookUpOrNone } from '../../plane/resolve.js';
import type { PlaneDelivery, WebhookPerson, WebhookWorkItem } from '../../plane/webhooks.js';
import type { FileLocks } from '../../files/file-lock.js';
import type { Requester } from '../../requester.js';
import type { TaskEventEmitter } from '../events.js';
import type { Task } from '../format.js';
import { TaskStore } from '../store.js';
import { indexTasks } from '../tree.js';
import { OwnWrites, parseExternalId } from './links.js';
import { BLOCKED_LABEL, statusOfGroup, targetDate, taskPriority } from './mapping.js';

export interface TaskFollowerOptions {
  kit: PlaneKit;
  /** The same notes the TaskPlane writes: what the bot wrote itself is not applied back. */
  ownWrites: Keyv;
  /** The folder of a sync's scope (a channel id), where its task file is; undefined for one the bot cannot place. */
  filesDirOf(scope: string): string | undefined;
  /** Where the task changes are announced, as every other change of the tree. */
  events: TaskEventEmitter;
  /** The process's locks on the channels' files. */
  fileLocks: FileLocks;
  logger: Logger;
}

/** The Plane fields a task has a counterpart for (the API's names; the web app's are translated before). */
const FOLLOWED = new Set(['state', 'labels', 'name', 'priority', 'assignees', 'target_date']);

/**
 * Plane → the task tree: a change to a work item a sync created (Plane's `issue` webhook) is
 * written to its task and announced like any change of the tree, by the person who made it in
 * Plane. Items no sync created, and items whose task is gone, touch no file. Nothing here writes to
 * Plane, so a change that came from Plane is never sent back; a change the bot itself wrote is
 * recognised by its value and skipped.
 */
export class TaskFollower {
  private readonly ownWrites: OwnWrites;

  constructor(private readonly options: TaskFollowerOptions) {
    this.ownWrites = new OwnWrites(options.ownWrites);
  }

  async handle(delivery: PlaneDelivery): Promise<void> {
    if (delivery.kind !== 'work-item' || delivery.action !== 'updated') return;
    const { item } = delivery;
    const { field, newValue } = delivery.change;
    if (field === null || !FOLLOWED.has(field)) return;
    const location = parseExternalId(item.external_source, item.external_id);
    const dir = location?.scope ? this.options.filesDirOf(location.scope) : undefined;
    if (!location || !dir) return;
    if (await this.ownWrites.isEcho(item.id, field, newValue)) return;
    const { kit } = this.options;
    const project = await lookUpOrNone(
      (opts) => kit.api().projects(kit.slug(), opts),
      (all) => all.find((candidate) => candidate.id === item.project),
    );
    if (!project) return;
    const key = `${project.identifier}-${item.sequence_id}`;
    const store = await TaskStore.open({
      dir,
      file: location.file,
      scope: location.scope,
      actor: planeActor(delivery.actor),
      events: this.options.events,
      logger: this.options.logger,
      locks: this.options.fileLocks,
    });
    const task = indexTasks((await store.read()).tasks).get(location.taskId)?.task;
    // Removed since, or its id now names another task.
    if (!task || task.plane !== key) return;
    await this.apply(store, task, field, item, key);
  }

  private async apply(store: TaskStore, task: Task, field: string, item: WebhookWorkItem, key: string): Promise<void> {
    const blocked = item.labels.some((label) => typeof label !== 'string' && label.name.trim().toLowerCase() === BLOCKED_LABEL);
    const state = typeof item.state === 'object' && item.state !== null ? item.state : undefined;
    switch (field) {
      case 'state': {
        if (!state) return;
        const mapped = statusOfGroup(state.group);
        const moved = { key, state: state.name, group: state.group };
        if (!mapped) await store.announce(task.id, { type: 'noted', note: { kind: 'no-status', ...moved, status: task.status } });
        else if (blocked) await store.announce(task.id, { type: 'noted', note: { kind: 'stays-blocked', ...moved, label: BLOCKED_LABEL } });
        else await store.setStatus(task.id, mapped.status, mapped.cancelled ? { kind: 'cancelled' } : undefined);
        return;
      }
      case 'labels':
        if (blocked && task.status !== 'blocked')
          await store.setStatus(task.id, 'blocked', { kind: 'blocked-label', label: BLOCKED_LABEL });
        if (!blocked && task.status === 'blocked') await store.setStatus(task.id, (state && statusOfGroup(state.group)?.status) ?? 'todo');
        return;
      case 'name':
        if (item.name.trim() !== '' && item.name !== task.title) await store.update(task.id, { title: item.name });
        return;
      case 'priority':
        if (taskPriority(item.priority) !== task.priority) await store.update(task.id, { priority: taskPriority(item.priority) });
        return;
      case 'assignees': {
        const people = item.assignees.filter((person): person is WebhookPerson => typeof person !== 'string');
        if (task.assignee !== undefined && people.some((person) => names(person).includes(task.assignee!.toLowerCase()))) return;
        const first = people[0];
        if (first === undefined && task.assignee === undefined) return;
        await store.update(task.id, { assignee: first ? personName(first) : null });
        return;
      }
      case 'target_date':
        if ((item.target_date ?? null) !== targetDate(task.dueAt)) await store.update(task.id, { dueAt: item.target_date ?? null });
        return;
    }
  }
}

function personName(person: WebhookPerson): string {
  return memberName({
    id: person.id,
    email: person.email ?? undefined,
    display_name: person.display_name ?? undefined,
    first_name: person.first_name ?? undefined,
    last_name: person.last_name ?? undefined,
  });
}

/** The names a task's assignee may use for this person (lower case). */
function names(person: WebhookPerson): string[] {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return [person.display_name, full, person.email].filter((name): name is string => !!name).map((name) => name.toLowerCase());
}

/** Who made the change, as task events name people: their Plane name, said to be from Plane. */
function planeActor(actor: WebhookPerson | undefined): Requester | undefined {
  return actor ? { id: `plane:${actor.id}`, name: `${personName(actor)} in Plane` } : undefined;
}
