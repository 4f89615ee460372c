import type { Phrase } from '../../i18n/index.js';
import type { Cadence } from '../../digests/channel-digests.js';
import type { NotifyEvent } from '../../notifications/subscriptions.js';
import type { Priority as PlanePriority, StateGroup } from '../../plane/types.js';
import type { TaskPriority, TaskStatus } from '../../tasks/format.js';

export type CommandName = 'task' | 'todo' | 'plane';

/** An assignee as typed: a Slack mention (`<@U123|alice>`) or a plain name (`@alice`, `alice`). */
export type UserRef = { kind: 'mention'; userId: string; label?: string } | { kind: 'name'; name: string };

/** Options of `/task add`, `sub` and `update`. Dates are `YYYY-MM-DD`, already checked to exist. */
export interface TaskOptions {
  priority?: TaskPriority;
  assignee?: UserRef;
  due?: string;
  tags: string[];
}

export type TaskCommand =
  | { kind: 'task'; action: 'help' }
  | { kind: 'task'; action: 'list' | 'tree' }
  | { kind: 'task'; action: 'add'; title: string; options: TaskOptions }
  | { kind: 'task'; action: 'sub'; parentId: string; title: string; options: TaskOptions }
  | { kind: 'task'; action: 'status'; id: string; status: TaskStatus }
  | { kind: 'task'; action: 'assign'; id: string; assignee: UserRef }
  | { kind: 'task'; action: 'update'; id: string; title?: string; description?: string; options: TaskOptions }
  | { kind: 'task'; action: 'remove'; id: string }
  /** The task and its subtree to work items of a Plane project. */
  | { kind: 'task'; action: 'sync'; id: string; project: string }
  /** Anything that is not a sub-command: the text, as Slack sent it, goes to the agent. */
  | { kind: 'task'; action: 'agent'; text: string };

export type TodoCommand =
  | { kind: 'todo'; action: 'help' }
  | { kind: 'todo'; action: 'list' | 'export' }
  | { kind: 'todo'; action: 'add'; title: string; tags: string[]; due?: string }
  | { kind: 'todo'; action: 'done' | 'undone' | 'block' | 'unblock' | 'remove'; id: string }
  | { kind: 'todo'; action: 'update'; id: string; title?: string; description?: string; tags: string[]; due?: string };

export type PlaneCommand =
  | { kind: 'plane'; action: 'help' }
  | { kind: 'plane'; action: 'mine'; project?: string }
  | { kind: 'plane'; action: 'show'; key: string }
  | { kind: 'plane'; action: 'search'; project: string; query: string }
  | {
      kind: 'plane';
      action: 'new';
      project: string;
      /** Empty when one word was typed: that word is the title if the channel has a default project. */
      title: string;
      priority?: PlanePriority;
      assignees: UserRef[];
      /** The work item's target date. */
      due?: string;
      /** Plane label names (`#tag` in the command). */
      labels: string[];
    }
  | {
      kind: 'plane';
      action: 'subscribe';
      project: string;
      /** Empty means every event (`all`). */
      events: NotifyEvent[];
      labels: string[];
      members: UserRef[];
      priorities: PlanePriority[];
      stateGroups: StateGroup[];
    }
  | { kind: 'plane'; action: 'unsubscribe'; project: string }
  | { kind: 'plane'; action: 'subscriptions' }
  | { kind: 'plane'; action: 'notify'; on: boolean }
  /** The person's own Plane token: the connect modal, or forgetting it. */
  | { kind: 'plane'; action: 'connect' | 'disconnect' }
  /** The channel as an intake desk: shown, turned off, or set for a project (emoji without colons). */
  /** The channel's settings, in a modal. */
  | { kind: 'plane'; action: 'config' }
  | { kind: 'plane'; action: 'intake'; mode: 'show' | 'off' }
  | { kind: 'plane'; action: 'intake'; mode: 'set'; project: string; emoji?: string; auto: boolean }
  | { kind: 'plane'; action: 'digest'; op: 'list' | 'help' }
  | { kind: 'plane'; action: 'digest'; op: 'off' | 'now'; project: string }
  | {
      kind: 'plane';
      action: 'digest';
      op: 'set';
      project: string;
      cadence: Cadence;
      /** Weekly: 0 Sunday … 6 Saturday. */
      day?: number;
      /** HH:MM in the setter's time zone. */
      time: string;
      labels: string[];
      members: UserRef[];
      priorities: PlanePriority[];
      stateGroups: StateGroup[];
      staleDays?: number;
      quiet: boolean;
    }
  /** `now` sends the reminder at once: a sandbox-only control. */
  | { kind: 'plane'; action: 'remind'; setting: 'on' | 'off' | 'now' }
  | { kind: 'plane'; action: 'remind'; setting: 'time'; time: string }
  /** The project's current cycle(s) with the burn-up picture. */
  | { kind: 'plane'; action: 'cycle'; project: string };

/**
 * Bad input: a one-line reason, said in the reader's language, and the sub-command concerned,
 * whose usage line goes with it (the command's overview when `action` is none of its own).
 */
export interface CommandError {
  reason: Phrase;
  command: CommandName;
  action?: string;
}

export type ParseResult<C> = { ok: true; command: C } | { ok: false; error: CommandError };
