import type { AssetEntityType, CommentAccess, Priority, Role, StateGroup } from './records.js';

/** What the FakePlaneDb seeding helpers take (see the doc comment of index.ts). */

/** A user by id, e-mail or display name. */
export type UserRef = string;
/** A project by id or identifier (`ACME`). */
export type ProjectRef = string;
/** A work item by id or human key (`ACME-12`). */
export type WorkItemRef = string;

export interface MemberInput {
  email: string;
  first_name?: string;
  last_name?: string;
  /** Defaults to the e-mail's local part. */
  display_name?: string;
  /** Workspace role, default 15 (member). */
  role?: Role;
  is_active?: boolean;
  timezone?: string;
  avatar_url?: string | null;
}

export interface ProjectMemberInput {
  user: UserRef;
  role?: Role;
  is_active?: boolean;
}

export interface ProjectInput {
  identifier: string;
  name: string;
  description?: string;
  /** 2 public (default), 0 secret. */
  network?: 0 | 2;
  archived_at?: string | null;
  emoji?: string | null;
  default_assignee?: UserRef | null;
  project_lead?: UserRef | null;
  created_by?: UserRef;
  /** Default: every active workspace member, with their workspace role. */
  members?: Array<UserRef | ProjectMemberInput>;
  /** Plane's five default states (Backlog … Cancelled) are created unless this is false. */
  defaultStates?: boolean;
  /** Intake on (default off, as in Plane). */
  intake_view?: boolean;
  /** Cycles / modules switched on (default true, as a project made in Plane's web app). */
  cycle_view?: boolean;
  module_view?: boolean;
}

export interface CycleInput {
  name: string;
  description?: string;
  /** ISO datetimes or epoch ms; both absent makes a draft cycle. */
  start_date?: number | string | null;
  end_date?: number | string | null;
  owned_by?: UserRef;
  /** Work items by id or key. */
  items?: WorkItemRef[];
}

export interface ModuleInput {
  name: string;
  description?: string;
  status?: 'backlog' | 'planned' | 'in-progress' | 'paused' | 'completed' | 'cancelled';
  start_date?: string | null;
  target_date?: string | null;
  lead?: UserRef | null;
  members?: UserRef[];
  items?: WorkItemRef[];
}

export interface StateInput {
  name: string;
  group: StateGroup;
  color?: string;
  description?: string;
  /** Default: after the project's last state. */
  sequence?: number;
  /** Makes it the project's default state (the one work items get when created without one). */
  default?: boolean;
  external_id?: string;
  external_source?: string;
}

export interface LabelInput {
  name: string;
  color?: string;
  description?: string;
  parent?: string;
  external_id?: string;
  external_source?: string;
}

export interface WorkItemInput {
  name: string;
  description_html?: string;
  /** State id or name; default: the project's default state. */
  state?: string | null;
  priority?: Priority;
  /** User refs; default: the project's default assignee, if any. */
  assignees?: UserRef[];
  /** Label ids or names. */
  labels?: string[];
  start_date?: string | null;
  target_date?: string | null;
  parent?: WorkItemRef | null;
  is_draft?: boolean;
  archived_at?: string | null;
  created_by?: UserRef;
  /** Epoch ms or ISO string; default: now. */
  created_at?: number | string;
  external_id?: string;
  external_source?: string;
}

export interface CommentInput {
  comment_html: string;
  /** Default: the work item's creator. */
  actor?: UserRef;
  created_at?: number | string;
  access?: CommentAccess;
  external_id?: string;
  external_source?: string;
}

export interface AttachmentInput {
  name: string;
  type?: string;
  bytes: Buffer | Uint8Array | string;
  /** false leaves the upload unconfirmed (hidden from lists, 400 on download). Default true. */
  uploaded?: boolean;
  created_by?: UserRef;
}

export interface AssetInput {
  type: string;
  bytes: Buffer | Uint8Array | string;
  name?: string;
  project?: ProjectRef;
  /** The work item whose description embeds the image; sets project too. */
  workItem?: WorkItemRef;
  /** Default ISSUE_DESCRIPTION. */
  entity_type?: AssetEntityType;
  uploaded?: boolean;
  created_by?: UserRef;
}

export interface ApiKeyInput {
  active?: boolean;
  expiresAt?: number | null;
}
