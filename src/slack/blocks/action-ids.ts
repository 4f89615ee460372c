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
  /** A work item card's own actions (its block_id names the key: see work-item-card.ts). */
  workItemAssignMe: 'work_item_assign_me',
  workItemState: 'work_item_state',
  workItemComment: 'work_item_comment',
  workItemStopSync: 'work_item_stop_sync',
  /** The "Create work item" modal's project menu: choosing one loads its states, people and labels. */
  createFormProject: 'create_form_project',
  /** App Home: post a work item's card (value: its key) or a channel's tree (value: the channel id) in the person's DM. */
  homeShowCard: 'home_show_card',
  homeShowTree: 'home_show_tree',
  /** App Home: open the connect modal, or forget the person's Plane token. */
  identityConnect: 'identity_connect',
  identityDisconnect: 'identity_disconnect',
  /** Undo under a confirmation of a Plane write (value: the kept write's id). */
  undoWrite: 'undo_write',
} as const;

/** The message shortcuts of the manifest, and the callback_id of each modal this app opens. */
export const CALLBACK_IDS = {
  createWorkItem: 'create_work_item',
  linkWorkItem: 'link_work_item',
  createForm: 'create_work_item_form',
  linkForm: 'link_work_item_form',
  commentForm: 'work_item_comment_form',
  /** `/plane connect`: a person's own Plane token. */
  connectForm: 'plane_connect_form',
} as const;
