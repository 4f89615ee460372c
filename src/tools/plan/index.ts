export { PLAN_STATUSES, planItemSchema, planProgress, planSchema, type PlanItem, type PlanStatus } from './plan.js';
export { UPDATE_PLAN, updatePlanInput, updatePlanTool } from './update-plan.js';
