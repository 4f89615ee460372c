import { z } from 'zod';
import { silentLogger, type Logger } from '../../log.js';
import { defineTool, ToolError, type ToolContext, type ToolDefinition } from '../registry.js';
import { plural } from '../text.js';
import type { TaskEventEmitter } from '../../tasks/events.js';
import { performTask, type TaskActionEnv } from '../../tasks/actions.js';
import { cleanId, unknownId } from '../../tasks/fields.js';
import type { Task } from '../../tasks/format.js';
import type { TaskPlane } from '../../tasks/plane/task-plane.js';
import type { FileLocks } from '../../files/file-lock.js';
import { TaskStore } from '../../tasks/store.js';
import { indexTasks } from '../../tasks/tree.js';
import type { DelegatedTask, SubAgentReport } from './types.js';

export const DELEGATE = 'delegate';
/** At most this many tasks per call: each one is a whole loop of its own. */
export const MAX_DELEGATED_TASKS = 5;

const input = z.strictObject({
  tasks: z
    .array(
      z.strictObject({
        title: z
          .string()
          .trim()
          .min(1)
          .max(80)
          .describe('A few words naming the task, e.g. "Audit ACME bugs"; people see it while it runs.'),
        prompt: z
          .string()
          .trim()
          .min(1)
          .describe('Everything the sub-agent needs to do the task on its own: it sees neither this conversation nor the other tasks.'),
        task_id: z
          .string()
          .trim()
          .min(1)
          .optional()
          .describe(
            'A task of this channel\'s task tree ("3", "1-2") that this sub-agent works on: in-progress while it runs, then done or blocked.',
          ),
      }),
    )
    .min(1)
    .max(MAX_DELEGATED_TASKS),
});
type Input = z.output<typeof input>;

const description = `Delegate independent parts of a big request to sub-agents that work side by side (at most 3 at once), each with your tools (but delegate) and its own plan, under the same permissions.
Use it when a request splits into parts that each take several steps and need not see each other (triage every open bug of two projects, audit several work items); do small things yourself.
Each task's prompt must say everything its sub-agent needs: it sees neither this conversation nor the other tasks. You get one result with every sub-agent's report, in the order of the tasks (for one that failed or hit its limit: what it got done and why it stopped); the people see only your answer, so say what matters from the reports.`;

export interface DelegateToolOptions {
  /** The process's locks on the channels' files, for moving `task_id` tasks in their tree. */
  fileLocks: FileLocks;
  /** Where the moves of `task_id` tasks are announced, as every change of the task tree is. */
  taskEvents?: TaskEventEmitter;
  /** A `task_id` task synced with a Plane work item has its moves written there too, as the Task tool's are. */
  taskPlane?: TaskPlane;
  logger?: Logger;
}

const reportSchema = z.object({
  title: z.string(),
  taskId: z.string().optional(),
  outcome: z.enum(['done', 'capped', 'failed']),
  report: z.string(),
  reason: z.string().optional(),
  toolCalls: z.number(),
  iterations: z.number(),
  durationMs: z.number(),
});
/** The sub-agents' reports, in the tasks' order. */
const output = z.object({ reports: z.array(reportSchema) });
export type DelegateData = z.infer<typeof output>;

/**
 * The agent's `delegate` tool. The sub-agents themselves are the run's (ToolContext.delegate); the
 * tool checks the tasks, moves the channel-tree tasks they name through the task store, and words the
 * reports for the model.
 */
/** Without `options` (a tool list for permissions only) a `task_id` is refused: there is no tree to move it in. */
export function createDelegateTool(options?: DelegateToolOptions): ToolDefinition {
  const logger = options?.logger ?? silentLogger;
  return defineTool({
    name: DELEGATE,
    description,
    input,
    output,
    // What the sub-agents do is checked call by call, each under its own tool's permission.
    effects: { readOnly: false, destructive: true, openWorld: true },
    permission: 'allow',
    progress: ({ tasks }: Input, t) => t.t('tool.step.delegate', { count: tasks.length }),
    describe: ({ tasks }: Input, t) =>
      t.t('tool.does.delegate', { count: tasks.length, titles: tasks.map((task) => task.title).join(t.t('tool.field.separator')) }),
    async run({ tasks }: Input, context: ToolContext) {
      if (!context.delegate) throw new ToolError('delegate works only in the agent’s own run: a sub-agent cannot delegate further.');
      const delegated: DelegatedTask[] = tasks.map((task) => ({
        title: task.title,
        prompt: task.prompt,
        ...(task.task_id && { taskId: cleanId(task.task_id) }),
      }));
      const linked = delegated.some((task) => task.taskId);
      const store = linked ? await openTree(context, options) : undefined;
      if (store) await checkTaskIds(store, delegated);
      const moveNotes = new Map<number, string>();
      const move = async (index: number, status: 'in-progress' | 'done' | 'blocked', reason?: string) => {
        const taskId = delegated[index]?.taskId;
        if (!store || !taskId) return;
        try {
          // The Task tool's own action; idempotent: a run taken up again moves its tasks again without a new event.
          const env = { plane: options?.taskPlane, requester: context.requester };
          const moved = await performTask(store, { action: 'status', id: taskId, status }, env);
          if (reason && moved.action === 'status') {
            await noteReason(store, moved.task, `Blocked: ${delegated[index]!.title} stopped: ${reason}`, env);
          }
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          logger.warn({ err: error, taskId }, 'could not move the task of a sub-agent');
          moveNotes.set(index, `task ${taskId} could not be set ${status}: ${reason}`);
        }
      };
      const reports = await context.delegate(delegated, {
        started: (index) => move(index, 'in-progress'),
        ended: (index, report) => (report.outcome === 'done' ? move(index, 'done') : move(index, 'blocked', report.reason)),
      });
      return { text: reportsText(reports, moveNotes), data: { reports } };
    },
  });
}

function openTree(context: ToolContext, options: DelegateToolOptions | undefined): Promise<TaskStore> {
  if (!options) throw new ToolError('task_id needs the channel’s task tree, which this agent was not given; delegate without it.');
  const { fileLocks: locks, taskEvents: events, logger } = options;
  return TaskStore.open({ dir: context.filesDir, scope: context.scope, actor: context.requester, events, logger, locks });
}

/** Every task_id must name a task of the tree before any sub-agent starts. */
async function checkTaskIds(store: TaskStore, tasks: readonly DelegatedTask[]): Promise<void> {
  const index = indexTasks((await store.read()).tasks);
  for (const task of tasks) {
    if (task.taskId && !index.has(task.taskId)) throw unknownId('task', task.taskId, [...index.keys()], store.file);
  }
}

/** The most of a reason written into a blocked task's description. */
const REASON_MAX = 500;

/** Why the task is blocked, as the last line of its description (once: a run taken up again does not repeat it). */
async function noteReason(store: TaskStore, task: Task, reason: string, env: TaskActionEnv): Promise<void> {
  const line = reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason;
  if (task.description?.split('\n').includes(line)) return;
  const description = task.description ? `${task.description}\n${line}` : line;
  await performTask(store, { action: 'update', id: task.id, changes: { description } }, env);
}

const HEADINGS: Record<SubAgentReport['outcome'], string> = {
  done: 'done',
  capped: 'stopped at its iteration limit',
  failed: 'failed',
};

/** The reports as the model reads them: one section per task, in the tasks' order. */
export function reportsText(reports: readonly SubAgentReport[], notes: ReadonlyMap<number, string> = new Map()): string {
  const sections = reports.map((report, index) => {
    const task = report.taskId ? ` (task ${report.taskId} → ${report.outcome === 'done' ? 'done' : 'blocked'})` : '';
    const lines = [`## ${index + 1}. ${report.title} — ${HEADINGS[report.outcome]}${task}`];
    if (report.reason) lines.push(`Why it stopped: ${report.reason}`, 'What it got done:');
    lines.push(report.report || '(no report)');
    const note = notes.get(index);
    if (note) lines.push(`Note: ${note}`);
    lines.push(`(${plural(report.toolCalls, 'tool call')}, ${plural(report.iterations, 'model request')})`);
    return lines.join('\n');
  });
  return `Reports of ${plural(reports.length, 'sub-agent')}, in the order of the tasks:\n\n${sections.join('\n\n')}`;
}
