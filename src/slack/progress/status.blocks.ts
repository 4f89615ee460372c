import type { PlanItem, PlanStatus, SubAgentView } from '../../agent/index.js';
import { DEFAULT_LOCALE, translator, type Phrase, type Translator } from '../../i18n/index.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { FALLBACK_TEXT_MAX, SLACK_LIMITS } from '../blocks/limits.js';
import { button, escapeTruncated, mentionUser, mrkdwn, oneLine, pack } from '../blocks/text.js';
import type { Block, SlackMessage } from '../blocks/types.js';

/** The agent's checklist item (update_plan's input), as the status message shows it. */
export type PlanItemView = PlanItem;

/** What the status message shows of one sub-agent: a line under the run's plan. */
export type SubAgentLineView = Pick<SubAgentView, 'title' | 'phase' | 'plan' | 'step' | 'outcome' | 'toolCalls' | 'durationMs'>;

export type RunStatusView =
  | {
      phase: 'running';
      plan: readonly PlanItemView[];
      /** The step under way, e.g. "Reading ACME-130…". */
      step?: string;
      /** Opaque reference carried by the Stop button (≤ 2000 characters); no button without it. */
      stopValue?: string;
      subAgents?: readonly SubAgentLineView[];
    }
  | { phase: 'done'; plan: readonly PlanItemView[]; elapsedMs: number; toolCalls: number; subAgents?: readonly SubAgentLineView[] }
  | {
      phase: 'stopped';
      plan: readonly PlanItemView[];
      /** Slack user id of who stopped the run. */
      stoppedById: string;
      elapsedMs: number;
      toolCalls: number;
      subAgents?: readonly SubAgentLineView[];
    }
  | {
      phase: 'failed';
      plan: readonly PlanItemView[];
      subAgents?: readonly SubAgentLineView[];
      /** What failed, said in the reader's language. */
      failure: Phrase;
      /** Opaque reference carried by the Retry button (≤ 2000 characters); no button without it. */
      retryValue?: string;
      elapsedMs?: number;
      toolCalls?: number;
    }
  | {
      /** The state store stopped answering: the run waits for it and goes on by itself, so no Retry. */
      phase: 'stranded';
      plan: readonly PlanItemView[];
      subAgents?: readonly SubAgentLineView[];
      reason: Phrase;
      elapsedMs: number;
      toolCalls: number;
    };

const ICONS: Record<PlanStatus, string> = { pending: '○', in_progress: '→', completed: '✓', cancelled: '✗' };
/** One plan step is shortened beyond this. */
const PLAN_LINE_MAX = 300;
/** The plan's share of the message's text; longer plans say how many steps are not shown. */
const PLAN_TEXT_BUDGET = 8000;
const STEP_MAX = 300;
const FAILURE_MAX = 1000;

function planBlocks(plan: readonly PlanItemView[], budget: number, t: Translator): Block[] {
  const lines: string[] = [];
  let used = 0;
  for (const [index, item] of plan.entries()) {
    const line = `${ICONS[item.status]} ${escapeTruncated(oneLine(item.content), PLAN_LINE_MAX)}`;
    if (used + line.length + 1 > budget) {
      lines.push(t.t('runControl.moreSteps', { count: plan.length - index }));
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return pack(lines, '\n', SLACK_LIMITS.sectionText).map((chunk) => ({ type: 'section', text: mrkdwn(chunk) }));
}

/** The sub-agents' share of the plan's text budget; a run delegates a handful, each on one line. */
const SUBAGENT_TEXT_BUDGET = 2500;
const SUBAGENT_TITLE_MAX = 80;
const SUBAGENT_STEP_MAX = 120;

const ENDINGS: Record<NonNullable<SubAgentLineView['outcome']>, string> = { done: '✓', capped: '⚠', failed: '✗' };

/**
 * "↳ Audit ACME bugs — 2/4 · Reading ACME-12…" while it works; "↳ ✓ Audit ACME bugs — 12s · 5 tool
 * calls" once it finished (⚠ stopped at its limit, ✗ failed).
 */
export function subAgentLine(subAgent: SubAgentLineView, t: Translator = translator(DEFAULT_LOCALE)): string {
  const title = escapeTruncated(oneLine(subAgent.title), SUBAGENT_TITLE_MAX);
  const items = subAgent.plan.items;
  const counted = items.length > 0 ? [`${items.filter((item) => item.status === 'completed').length}/${items.length}`] : [];
  switch (subAgent.phase) {
    case 'queued':
      return `↳ ${title} — ${t.t('subAgents.queued')}`;
    case 'waiting':
      return `↳ ${title} — ${[...counted, t.t('subAgents.waiting')].join(' · ')}`;
    case 'running': {
      const current = subAgent.step ?? items.find((item) => item.status === 'in_progress')?.content ?? t.t('subAgents.thinking');
      return `↳ ${title} — ${[...counted, escapeTruncated(oneLine(current), SUBAGENT_STEP_MAX)].join(' · ')}`;
    }
    case 'finished': {
      const mark = ENDINGS[subAgent.outcome ?? 'done'];
      const why =
        subAgent.outcome === 'capped' ? [t.t('subAgents.capped')] : subAgent.outcome === 'failed' ? [t.t('subAgents.failed')] : [];
      return `↳ ${mark} ${title} — ${[...why, t.duration(subAgent.durationMs), t.t('subAgents.toolCalls', { count: subAgent.toolCalls })].join(' · ')}`;
    }
  }
}

function subAgentLines(subAgents: readonly SubAgentLineView[] = [], t: Translator): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const [index, subAgent] of subAgents.entries()) {
    const line = subAgentLine(subAgent, t);
    if (used + line.length + 1 > SUBAGENT_TEXT_BUDGET) {
      lines.push(t.t('subAgents.more', { count: subAgents.length - index }));
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines;
}

/** How long the run went and how many tools it called, where known. */
function facts(status: { elapsedMs?: number; toolCalls?: number }, t: Translator): string[] {
  return [
    ...(status.elapsedMs === undefined ? [] : [t.t('runControl.stoppedAfter', { duration: t.duration(status.elapsedMs) })]),
    ...(status.toolCalls === undefined ? [] : [t.t('runControl.toolCalls', { count: status.toolCalls })]),
  ];
}

function context(parts: readonly string[]): Block {
  return { type: 'context', elements: [mrkdwn(parts.join(' · '))] };
}

/**
 * The run's status message, edited as the run goes: the agent's plan as a checklist, progress and
 * the step under way; then the time taken and tool calls; or what failed, with a Retry button.
 */
export function buildStatus(status: RunStatusView, t: Translator = translator(DEFAULT_LOCALE)): SlackMessage {
  const subAgents = subAgentLines(status.subAgents, t);
  const subAgentText = subAgents.join('\n');
  const blocks = [
    ...planBlocks(status.plan, PLAN_TEXT_BUDGET - subAgentText.length, t),
    ...pack(subAgents, '\n', SLACK_LIMITS.sectionText).map((chunk): Block => ({ type: 'section', text: mrkdwn(chunk) })),
  ];
  const done = status.plan.filter((item) => item.status === 'completed').length;
  const counted = status.plan.length > 0 ? [t.t('run.planProgress', { done, total: status.plan.length })] : [];
  switch (status.phase) {
    case 'running': {
      const step = status.step === undefined ? t.t('run.working') : escapeTruncated(oneLine(status.step), STEP_MAX);
      blocks.push(context([...counted, step]));
      if (status.stopValue !== undefined) {
        blocks.push({
          type: 'actions',
          elements: [button({ text: t.t('runControl.stop'), actionId: ACTION_IDS.runStop, value: status.stopValue, style: 'danger' })],
        });
      }
      return {
        text: escapeTruncated([t.t('run.workingText'), ...counted, status.step ?? ''].filter(Boolean).join(' — '), FALLBACK_TEXT_MAX),
        blocks,
      };
    }
    case 'stopped': {
      const summary = t.t('runControl.stoppedBy', { who: mentionUser(status.stoppedById) });
      const after = t.t('runControl.stoppedAfter', { duration: t.duration(status.elapsedMs) });
      blocks.push(context([`■ ${summary}`, after, t.t('runControl.toolCalls', { count: status.toolCalls }), ...counted]));
      return { text: summary, blocks };
    }
    case 'done': {
      const summary = `${t.t('run.doneIn', { duration: t.duration(status.elapsedMs) })} · ${t.t('runControl.toolCalls', { count: status.toolCalls })}`;
      blocks.push(context([`✓ ${summary}`, ...counted]));
      return { text: summary, blocks };
    }
    case 'stranded': {
      const reason = escapeTruncated(oneLine(t.say(status.reason)), FAILURE_MAX);
      blocks.push({ type: 'section', text: mrkdwn(`⏸ ${t.t('run.stranded', { reason })}`) });
      blocks.push(context([...facts(status, t), ...counted]));
      return { text: t.t('run.strandedText', { reason }), blocks };
    }
    case 'failed': {
      const failure = escapeTruncated(oneLine(t.say(status.failure)), FAILURE_MAX);
      blocks.push({ type: 'section', text: mrkdwn(`✗ ${t.t('run.failed', { failure })}`) });
      const shown = [...facts(status, t), ...counted];
      if (shown.length > 0) blocks.push(context(shown));
      if (status.retryValue !== undefined) {
        blocks.push({
          type: 'actions',
          elements: [button({ text: t.t('run.retry'), actionId: ACTION_IDS.runRetry, value: status.retryValue, style: 'primary' })],
        });
      }
      return { text: t.t('run.failedText', { failure }), blocks };
    }
  }
}
