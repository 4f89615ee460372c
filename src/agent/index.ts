export {
  agentTools,
  createAgent,
  type Agent,
  type AgentOptions,
  type RetryInput,
  type RetrySubmission,
  type StopInput,
  type StopResult,
  type SubmitInput,
  type Submission,
} from './agent.js';
export type { AwaitingApproval, DecideInput, DecideResult } from './approvals.js';
export { mayControl } from './control.js';
export type {
  ApprovalOutcome,
  BulkApprovalRequest,
  ApprovalRequest,
  Approver,
  Decision,
  FrontEnd,
  FrontEndFactory,
  PlanView,
  Reporter,
  RunFailure,
  RunInfo,
  RunResult,
  RunStopped,
  RunStop,
  RunStranded,
  RunTotals,
  SubAgentPhase,
  SubAgentView,
  ToolCallOutcome,
  ToolCallView,
} from './front-end.js';
export { AnswerPartlyShown } from './front-end.js';
export type { ModelOptions } from './model.js';
export { forModel } from './reasons.js';
export {
  createPermissions,
  deniedCallText,
  loadPermissions,
  permissionOfCall,
  PermissionsError,
  type Permission,
  type Permissions,
} from './permissions.js';
export type { IncomingMessage, RunContext } from './run.js';
export type { PromptSettings } from './system-prompt.js';
// The agent's own checklist (its update_plan tool), as front ends show it.
export { planProgress, type PlanItem, type PlanStatus } from '../tools/plan/index.js';
export { toJsonSchema, toModelTool, toModelTools } from './tool-schema.js';
export type { RunUsage } from './usage.js';
