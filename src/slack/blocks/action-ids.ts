/** The action_id of every interactive element this app sends: the listeners register these. */
export const ACTION_IDS = {
  taskTreeMore: 'task_tree_more',
  todoListMore: 'todo_list_more',
  runRetry: 'run_retry',
  runStop: 'run_stop',
  approvalApprove: 'approval_approve',
  approvalApproveThread: 'approval_approve_thread',
  approvalDeny: 'approval_deny',
  /** A link button still sends an action, which must be acknowledged. */
  workItemOpen: 'work_item_open',
} as const;
