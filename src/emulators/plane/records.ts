/**
 * The rows the fake stores. Field names follow Plane's models (snake_case) so the serializers mostly
 * copy them; datetimes are epoch milliseconds here and rendered per request.
 */

/** 20 admin, 15 member, 5 guest. */
export type Role = 20 | 15 | 5;
export const ROLES: readonly Role[] = [20, 15, 5];

export const STATE_GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled', 'triage'] as const;
export type StateGroup = (typeof STATE_GROUPS)[number];

/** In `order_by=priority` rank order. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface UserRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  display_name: string;
  avatar: string;
  avatar_url: string | null;
  /** Profile timezone: datetimes in responses are rendered in the key owner's zone. */
  timezone: string;
}

export interface WorkspaceRecord {
  id: string;
  slug: string;
  name: string;
  created_at: number;
}

export interface WorkspaceMemberRecord {
  id: string;
  workspace: string;
  member: string;
  role: Role;
  is_active: boolean;
}

export interface ProjectRecord {
  id: string;
  workspace: string;
  name: string;
  identifier: string;
  description: string;
  /** 2 public, 0 secret. */
  network: 0 | 2;
  archived_at: string | null;
  default_assignee: string | null;
  project_lead: string | null;
  emoji: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  /** Next work-item sequence number. */
  next_sequence: number;
  /** Intake on (off by default, as Plane's `intake_view`). */
  intake_view: boolean;
  /** The project's feature switches: projects made through the API have both off (CE v1.1.0 on). */
  cycle_view: boolean;
  module_view: boolean;
}

export interface ProjectMemberRecord {
  id: string;
  project: string;
  member: string;
  role: Role;
  is_active: boolean;
  /** The member's sidebar order: the project list is sorted by it. */
  sort_order: number;
}

export interface StateRecord {
  id: string;
  project: string;
  workspace: string;
  name: string;
  description: string;
  color: string;
  sequence: number;
  group: StateGroup;
  is_triage: boolean;
  default: boolean;
  external_source: string | null;
  external_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface LabelRecord {
  id: string;
  project: string;
  workspace: string;
  name: string;
  description: string;
  color: string;
  sort_order: number;
  parent: string | null;
  external_source: string | null;
  external_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface WorkItemRecord {
  id: string;
  project: string;
  workspace: string;
  name: string;
  description_html: string;
  priority: Priority;
  start_date: string | null;
  target_date: string | null;
  sequence_id: number;
  sort_order: number;
  completed_at: number | null;
  /** A date, not a datetime. */
  archived_at: string | null;
  is_draft: boolean;
  external_source: string | null;
  external_id: string | null;
  created_by: string | null;
  updated_by: string | null;
  parent: string | null;
  state: string | null;
  assignees: string[];
  labels: string[];
  created_at: number;
  updated_at: number;
}

export type CommentAccess = 'INTERNAL' | 'EXTERNAL';

export interface CommentRecord {
  id: string;
  project: string;
  workspace: string;
  issue: string;
  comment_html: string;
  access: CommentAccess;
  external_source: string | null;
  external_id: string | null;
  actor: string | null;
  created_by: string | null;
  updated_by: string | null;
  /** Id of the comment's internal description row. */
  description: string;
  edited_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A work item's link (IssueLink): a URL with a title; Plane's worker fills `metadata` later. */
export interface LinkRecord {
  id: string;
  project: string;
  workspace: string;
  issue: string;
  title: string | null;
  url: string;
  metadata: Record<string, unknown>;
  created_by: string | null;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

export type AssetEntityType = 'ISSUE_ATTACHMENT' | 'ISSUE_DESCRIPTION' | 'COMMENT_DESCRIPTION';

/** Plane's FileAsset: attachments, editor images and workspace assets are all rows of this table. */
export interface FileAssetRecord {
  id: string;
  workspace: string;
  project: string | null;
  issue: string | null;
  entity_type: AssetEntityType;
  attributes: { name: string; type: string; size: number };
  /** The storage object key, e.g. `<workspace id>/<hex>-<name>`. */
  asset: string;
  is_uploaded: boolean;
  is_deleted: boolean;
  external_id: string | null;
  external_source: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  bytes: Buffer;
}

export interface ApiKeyRecord {
  key: string;
  /** The owner: a user id, or an e-mail resolved when a request arrives (so keys may precede users). */
  user: string;
  is_active: boolean;
  /** Epoch ms; null never expires. */
  expires_at: number | null;
}

/** An intake row (Plane's IntakeIssue): keyed by its work item, which the intake routes name. */
export interface IntakeRecord {
  id: string;
  issue: string;
  project: string;
  workspace: string;
  /** −2 pending, −1 declined, 0 snoozed, 1 accepted, 2 duplicate. */
  status: -2 | -1 | 0 | 1 | 2;
  snoozed_till: number | null;
  duplicate_to: string | null;
  created_by: string;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}
/** A cycle: a date range (datetimes, epoch ms) holding work items; an item is in at most one. */
export interface CycleRecord {
  id: string;
  project: string;
  workspace: string;
  name: string;
  description: string;
  start_date: number | null;
  end_date: number | null;
  owned_by: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export const MODULE_STATUSES = ['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** A module: a group of work items with a status; an item may be in several. Dates are dates. */
export interface ModuleRecord {
  id: string;
  project: string;
  workspace: string;
  name: string;
  description: string;
  status: ModuleStatus;
  start_date: string | null;
  target_date: string | null;
  lead: string | null;
  members: string[];
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** CycleIssue / ModuleIssue: one work item in one cycle or module. */
export interface ContainerLinkRecord {
  id: string;
  container: string;
  issue: string;
  project: string;
  workspace: string;
  created_by: string | null;
  created_at: number;
}
