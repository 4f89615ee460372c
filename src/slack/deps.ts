import type { Agent } from '../agent/index.js';
import type { Logger } from '../log.js';
import type { PlaneKit } from '../plane/index.js';
import type { StateStore } from '../state/store.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { TaskEventEmitter } from '../tools/task/events.js';

/** What the Slack listeners work with; start-up builds it once. */
export interface SlackDeps {
  store: StateStore;
  /** Every tool; the slash commands call the same declarations the agent uses. */
  registry: ToolRegistry;
  plane: PlaneKit;
  /** Each channel's todo and task files live in a folder under it. */
  dataDir: string;
  /** The Task tool's transition events, shown in the channel where the tree was last shown. */
  taskEvents: TaskEventEmitter;
  /** Undefined when no model key is configured: mentions then explain how to turn the agent on. */
  agent(): Agent | undefined;
  logger: Logger;
  now?: () => number;
}
