import { z } from 'zod';
import { defineTool, READS_ONLY } from '../registry.js';
import { planItemSchema, planProgress, planSchema } from './plan.js';

export const UPDATE_PLAN = 'update_plan';

export const updatePlanInput = z.object({ items: planSchema });

/**
 * The agent's own checklist. The tool itself only validates and answers with the progress line; the
 * agent keeps the accepted list as the run's plan and shows it to the people waiting.
 */
export const updatePlanTool = defineTool({
  name: UPDATE_PLAN,
  description:
    'Keep your checklist for this request visible to the people waiting. Use it when the request takes ' +
    'three or more steps; skip it for simple questions. Send the WHOLE list on every call (it replaces the ' +
    'previous one). Mark a step in_progress before starting it (at most one at a time) and completed as ' +
    'soon as it is done; mark steps that no longer apply cancelled.',
  input: updatePlanInput,
  output: z.object({ items: z.array(planItemSchema), progress: z.string() }),
  effects: READS_ONLY,
  permission: 'allow',
  async run({ items }, context) {
    await context.replacePlan?.(items);
    return { text: `Plan updated: ${planProgress(items)}`, data: { items, progress: planProgress(items) } };
  },
  progress: (_input, t) => t.t('tool.step.updatePlan'),
  describe: ({ items }, t) =>
    t.t('tool.does.updatePlan', { done: items.filter((item) => item.status === 'completed').length, total: items.length }),
});
