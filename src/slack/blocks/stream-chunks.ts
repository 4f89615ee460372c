import type { PlanItem, PlanStatus } from '../../agent/index.js';
import type { Translator } from '../../i18n/index.js';
import { stripControl } from '../../tools/text.js';
import { defuseBroadcasts, oneLine, truncate, ZWSP } from './text.js';

/**
 * The limits of native streaming (chat.startStream / appendStream / stopStream) the builders work to;
 * test/slack/blocks/limits.ts checks them independently. Slack documents 12,000 characters of
 * `markdown_text` per call and nothing for a whole streamed message, so a message is kept under the
 * markdown block's cumulative 12,000; tasks are undocumented, so a plan keeps within the 50-block budget.
 */
export const STREAM_LIMITS = {
  /** All the markdown one streamed message carries; past it the answer goes on in a new one. */
  markdownPerMessage: 11_000,
  /** Tasks shown in the plan; longer plans end with a task that says how many are not shown. */
  tasks: 40,
  /** A task's title and details (256 per one SDK's documents, not confirmed by Slack). */
  taskText: 200,
} as const;

export type TaskStatus = 'pending' | 'in_progress' | 'complete' | 'error';

export type StreamChunk =
  | { type: 'markdown_text'; text: string }
  | { type: 'plan_update'; title: string }
  | { type: 'task_update'; id: string; title: string; status: TaskStatus; details?: string };

/** Slack's task statuses: `complete`, not `completed`; a cancelled step shows as an error that says so. */
const STATUSES: Record<PlanStatus, TaskStatus> = { pending: 'pending', in_progress: 'in_progress', completed: 'complete', cancelled: 'error' };

/**
 * Text streamed as Markdown, made inert: control characters removed, mention and broadcast syntax
 * (`<!channel>`, `<@U1>`, `@here`) broken by a zero-width space, so the model cannot notify anyone.
 */
export function inertMarkdown(text: string): string {
  return defuseBroadcasts(stripControl(text)).replace(/<([!@#])/g, `<${ZWSP}$1`);
}

/** A task's title: one line, never empty, within the limit (plain text: Markdown is not rendered there). */
function taskTitle(content: string, t: Translator): string {
  return truncate(inertMarkdown(oneLine(content)).trim() || t.t('runControl.untitledStep'), STREAM_LIMITS.taskText);
}

/**
 * The agent's plan as Slack's plan block: its title and one `task_update` per step, ids stable by
 * position (the model's own ids may repeat or be long). A plan longer than the limit shows its first
 * steps and a last task saying how many more there are.
 */
export function planChunks(plan: readonly PlanItem[], t: Translator, title = t.t('runControl.planTitle')): StreamChunk[] {
  const shown = plan.length > STREAM_LIMITS.tasks ? plan.slice(0, STREAM_LIMITS.tasks - 1) : plan;
  const tasks = shown.map((item, index): StreamChunk => ({
    type: 'task_update',
    id: `step-${index + 1}`,
    title: taskTitle(item.content, t),
    status: STATUSES[item.status],
    ...(item.status === 'cancelled' && { details: t.t('runControl.cancelledStep') }),
  }));
  if (shown.length < plan.length) {
    const rest = plan.slice(shown.length);
    const done = rest.every((item) => item.status === 'completed');
    tasks.push({ type: 'task_update', id: 'step-more', title: t.t('runControl.moreSteps', { count: rest.length }), status: done ? 'complete' : 'pending' });
  }
  return [{ type: 'plan_update', title: taskTitle(title, t) }, ...tasks];
}

/** Only the tasks whose title or status differ from what was sent: re-sending an id updates that task. */
export function changedChunks(previous: readonly StreamChunk[], next: readonly StreamChunk[]): StreamChunk[] {
  const sent = new Map(previous.map((chunk) => [chunkKey(chunk), JSON.stringify(chunk)]));
  return next.filter((chunk) => sent.get(chunkKey(chunk)) !== JSON.stringify(chunk));
}

function chunkKey(chunk: StreamChunk): string {
  return chunk.type === 'task_update' ? `task:${chunk.id}` : chunk.type;
}

/**
 * Splits off the part of `text` that fits in `room` characters, at the last line break (else space)
 * before it when there is one, never inside a surrogate pair. Returns [what fits, the rest].
 */
export function fitMarkdown(text: string, room: number): [string, string] {
  if (text.length <= room) return [text, ''];
  if (room <= 0) return ['', text];
  let cut = text.lastIndexOf('\n', room);
  if (cut < room / 2) cut = text.lastIndexOf(' ', room);
  if (cut < room / 2) cut = room;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return [text.slice(0, cut), text.slice(cut)];
}
