import type { PlanItem, PlanStatus } from '../../agent/index.js';
import type { Translator } from '../../i18n/index.js';
import { defuseBroadcasts, oneLine, truncate, ZWSP } from '../blocks/text.js';
import { stripControl } from '../../tools/index.js';

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
const STATUSES: Record<PlanStatus, TaskStatus> = {
  pending: 'pending',
  in_progress: 'in_progress',
  completed: 'complete',
  cancelled: 'error',
};

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
  const tasks = shown.map(
    (item, index): StreamChunk => ({
      type: 'task_update',
      id: `step-${index + 1}`,
      title: taskTitle(item.content, t),
      status: STATUSES[item.status],
      ...(item.status === 'cancelled' && { details: t.t('runControl.cancelledStep') }),
    }),
  );
  if (shown.length < plan.length) {
    const rest = plan.slice(shown.length);
    const done = rest.every((item) => item.status === 'completed');
    tasks.push({
      type: 'task_update',
      id: 'step-more',
      title: t.t('runControl.moreSteps', { count: rest.length }),
      status: done ? 'complete' : 'pending',
    });
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

/** What one streaming call carries of the text waiting, and what the next message must start with. */
export interface StreamCut {
  /** The text to send (a code block the cut leaves open is closed at its end). */
  text: string;
  /** How many characters of the waiting text it takes. */
  consumed: number;
  /** Goes before the rest in the next message: the fence line of a code block cut in two. */
  reopen: string;
  /** The message is full: the rest goes on in a new one. */
  full: boolean;
}

/** Near the end of a message, appends stop at a line break, so that the message ends at one. */
export const STREAM_TAIL_MARGIN = 2_000;
/** Room kept for the fence that closes a code block at the end of a message. */
const CLOSE_ROOM = 4;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The code fence open at the end of Markdown (its opening line), if a code block is open there.
 * Only fences at the start of a line count, as CommonMark says.
 */
export function openFence(markdown: string): string | undefined {
  let open: { line: string; run: string } | undefined;
  for (const line of markdown.split('\n')) {
    const run = FENCE_LINE.exec(line)?.[1];
    if (run === undefined) continue;
    if (open === undefined) open = { line: line.trimStart(), run };
    else if (run[0] === open.run[0] && run.length >= open.run.length && line.trim() === run) open = undefined;
  }
  return open?.line;
}

/** Spans a cut must not fall inside: links, inline code, bold and strike runs of one line. */
const UNCUTTABLE = /\[[^\]\n]*\]\([^)\n]*\)|<https?:[^>\s]*>|`[^`\n]+`|\*\*[^*\n]+\*\*|~~[^~\n]+~~|https?:\/\/\S+/g;

/** The last space at or before `limit` in `line` outside every uncuttable span, or -1. */
function wordBoundary(line: string, limit: number): number {
  const spans = [...line.matchAll(UNCUTTABLE)].map((m) => [m.index, m.index + m[0].length] as const);
  for (let at = line.lastIndexOf(' ', limit); at > 0; at = line.lastIndexOf(' ', at - 1)) {
    if (!spans.some(([from, to]) => at > from && at < to)) return at + 1;
  }
  return -1;
}

/**
 * How much of `waiting` the next streaming call of a message carries, when `before` is the Markdown
 * the message shows already and `room` what it may still take. All of it when it fits (near the
 * end of the message, an append `holding` the tail stops at the last line break). Past the room the
 * message ends: at a paragraph break, else a line break, else between words (never inside a link,
 * inline code or a bold run), a code block cut in two closed here and reopened in the next message.
 */
export function cutStreamedMarkdown(waiting: string, before: string, room: number, holding = false): StreamCut {
  if (waiting.length <= room) {
    if (!holding || waiting.length <= room - STREAM_TAIL_MARGIN)
      return { text: waiting, consumed: waiting.length, reopen: '', full: false };
    const line = waiting.lastIndexOf('\n') + 1;
    return { text: waiting.slice(0, line), consumed: line, reopen: '', full: false };
  }
  const limit = Math.max(0, room - CLOSE_ROOM);
  const paragraph = limit >= 2 ? waiting.lastIndexOf('\n\n', limit - 2) : -1;
  let cut = paragraph < 0 ? 0 : paragraph + 2;
  if (cut < limit / 2 && limit > 0) cut = Math.max(cut, waiting.lastIndexOf('\n', limit - 1) + 1);
  if (cut <= 0) {
    // One line longer than the room: between words, counting the start of the line already sent.
    const tail = before.slice(before.lastIndexOf('\n') + 1);
    const end = waiting.indexOf('\n');
    const at = wordBoundary(tail + waiting.slice(0, end < 0 ? undefined : end), tail.length + limit) - tail.length;
    // Else the message ends where it is (at a line break, as appends near the end leave it).
    cut = Math.max(0, at);
  }
  // A message that says nothing yet must take something: a word longer than a message is cut.
  if (cut === 0 && before.trim() === '') cut = limit;
  if (cut > 0 && isHighSurrogate(waiting.charCodeAt(cut - 1))) cut -= 1;
  const text = waiting.slice(0, cut);
  const fence = openFence(before + text);
  if (fence === undefined) return { text, consumed: cut, reopen: '', full: true };
  const run = FENCE_LINE.exec(fence)?.[1] ?? '```';
  const close = (before + text).endsWith('\n') ? run : `\n${run}`;
  return { text: `${text}${close}`, consumed: cut, reopen: `${fence}\n`, full: true };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
