import { z } from 'zod';

/** One step of the agent's own checklist for the run under way. */
export const PLAN_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export interface PlanItem {
  id: string;
  content: string;
  status: PlanStatus;
}

export const planItemSchema = z.object({
  id: z.string().min(1).describe('A short stable id, e.g. "1"'),
  content: z.string().min(1).describe('The step in the imperative, e.g. "Find the open bugs in ACME"'),
  status: z.enum(PLAN_STATUSES),
});

/** The whole list, checked as a checklist must be: unique ids, at most one step under way. */
export const planSchema = z.array(planItemSchema).superRefine((items, ctx) => {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `id "${item.id}" is used twice` });
    seen.add(item.id);
  }
  const active = items.filter((item) => item.status === 'in_progress').length;
  if (active > 1) ctx.addIssue({ code: 'custom', message: `${active} items are in_progress; at most one may be` });
});

/** The progress line: completed items over all items. */
export function planProgress(items: readonly PlanItem[]): string {
  const completed = items.filter((item) => item.status === 'completed').length;
  return `${completed}/${items.length} tasks completed`;
}
