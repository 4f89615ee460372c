/** The shapes of Plane's v1 objects that the kit reads, nothing more. */

export const STATE_GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;
export type StateGroup = (typeof STATE_GROUPS)[number];

/** Most urgent first, as Plane sorts them. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface Project {
  id: string;
  name: string;
  identifier: string;
  archived_at?: string | null;
  is_member?: boolean;
  /** Whether the project's Intake is on (off by default; only a project admin turns it on). */
  intake_view?: boolean;
  /** Whether cycles are on in the project (off by default since v1.1.0). */
  cycle_view?: boolean;
  module_view?: boolean;
}

export interface State {
  id: string;
  name: string;
  group: StateGroup;
  sequence?: number;
  default?: boolean;
  color?: string;
}

export interface Label {
  id: string;
  name: string;
  color?: string;
  parent?: string | null;
}

export interface Member {
  id: string;
  email?: string;
  display_name?: string;
  first_name?: string;
  last_name?: string;
  role?: number;
}

/** A work item as the list, get, create and update endpoints return it; expanded fields are objects. */
/** A work item's key and title, as a duplicate check reads a whole project. */
export type WorkItemTitle = Pick<WorkItem, 'id' | 'name' | 'sequence_id' | 'state'>;

export interface WorkItem {
  id: string;
  name: string;
  sequence_id: number;
  project: string | { id: string; identifier?: string; name?: string };
  state: string | State | null;
  priority: Priority;
  assignees: (string | Member)[];
  labels: (string | Label)[];
  start_date: string | null;
  target_date: string | null;
  description_html?: string | null;
  /** The parent work item's id (a sub-work-item), unless expanded. */
  parent?: string | { id: string; sequence_id?: number } | null;
  /** Set by whoever created it through the API to find it again (`external_source` names that writer). */
  external_id?: string | null;
  external_source?: string | null;
  created_at?: string;
  updated_at?: string;
  completed_at?: string | null;
}

/** A work item's link: a URL and the title shown for it. */
export interface Link {
  id: string;
  url: string;
  title: string | null;
}

export interface Comment {
  id: string;
  comment_html: string;
  created_at: string;
  actor: string | Member | null;
  created_by?: string | Member | null;
}

/** The offset paginator's envelope: loop on `next_page_results`, not on the cursor. */
export interface Page<T> {
  next_cursor: string;
  next_page_results: boolean;
  total_count?: number;
  total_results?: number;
  results: T[];
}

/**
 * Intake (triage): `status` is −2 pending, −1 declined, 0 snoozed (`snoozed_till`), 1 accepted,
 * 2 duplicate (`duplicate_to`, a work item id). `issue` is the work item's id, which the intake
 * routes take in their path (not the intake row's own id).
 */
export const INTAKE_STATUS = { pending: -2, declined: -1, snoozed: 0, accepted: 1, duplicate: 2 } as const;

export interface IntakeRequest {
  id: string;
  issue: string;
  status: number;
  snoozed_till?: string | null;
  duplicate_to?: string | null;
  issue_detail?: {
    id: string;
    name: string;
    sequence_id: number;
    description_stripped?: string | null;
    state?: string | State | null;
  } | null;
}

/** How many work items of a cycle or module are in each state group (Plane's annotated counts). */
export interface ItemCounts {
  total_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
}

/** `cycle_view` of the cycle list: which cycles by their dates (`draft`: without dates). */
export const CYCLE_VIEWS = ['all', 'current', 'upcoming', 'completed', 'draft', 'incomplete'] as const;
export type CycleView = (typeof CYCLE_VIEWS)[number];

/** A cycle: dates are datetimes, in the key owner's timezone. */
export interface Cycle extends ItemCounts {
  id: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  owned_by?: string | null;
  archived_at?: string | null;
}

export const MODULE_STATUSES = ['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled'] as const;

/** A module: dates are dates. */
export interface Module extends ItemCounts {
  id: string;
  name: string;
  status?: string | null;
  start_date: string | null;
  target_date: string | null;
  lead?: string | null;
  archived_at?: string | null;
}
