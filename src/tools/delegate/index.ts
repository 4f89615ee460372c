export {
  createDelegateTool,
  DELEGATE,
  MAX_DELEGATED_TASKS,
  reportsText,
  type DelegateData,
  type DelegateToolOptions,
} from './delegate-tool.js';
export type { DelegatedTask, DelegationHooks, SubAgentOutcome, SubAgentReport } from './types.js';
