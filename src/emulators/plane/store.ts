import { randomUUID } from 'node:crypto';
import type {
  ApiKeyRecord,
  CommentRecord,
  ContainerLinkRecord,
  CycleRecord,
  ModuleRecord,
  FileAssetRecord,
  IntakeRecord,
  LabelRecord,
  LinkRecord,
  Priority,
  ProjectMemberRecord,
  ProjectRecord,
  StateRecord,
  UserRecord,
  WorkItemRecord,
  WorkspaceMemberRecord,
  WorkspaceRecord,
} from './records.js';
import type { ProjectRef, UserRef, WorkItemRef } from './seed-inputs.js';

/** Plane's IssueRelation row: `issue` is `relation_type` of `related_issue` (A blocked_by B: A waits on B). */
export interface RelationRecord {
  id: string;
  issue: string;
  related_issue: string;
  relation_type: 'blocked_by' | 'duplicate' | 'relates_to' | 'start_before' | 'finish_before';
  created_by: string;
  created_at: number;
}

/** Resolved values the API create/update handlers and the seeding helpers both write through. */
export interface WorkItemFields {
  name: string;
  description_html: string;
  state: string | null;
  priority: Priority;
  assignees: string[];
  labels: string[];
  start_date: string | null;
  target_date: string | null;
  parent: string | null;
  is_draft: boolean;
  archived_at: string | null;
  external_id: string | null;
  external_source: string | null;
  created_by: string | null;
  created_at: number;
}

/** The fake's tables, the lookups handlers need, and the writes API handlers and seeding share. */
export class PlaneStore {
  readonly users = new Map<string, UserRecord>();
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly workspaceMembers: WorkspaceMemberRecord[] = [];
  readonly projects = new Map<string, ProjectRecord>();
  readonly projectMembers: ProjectMemberRecord[] = [];
  readonly states = new Map<string, StateRecord>();
  readonly labels = new Map<string, LabelRecord>();
  readonly workItems = new Map<string, WorkItemRecord>();
  readonly comments = new Map<string, CommentRecord>();
  readonly links = new Map<string, LinkRecord>();
  /** Intake rows by their work item's id. */
  readonly intake = new Map<string, IntakeRecord>();
  /** Attachments, editor images and workspace assets (one FileAsset table, as in Plane). */
  readonly assets = new Map<string, FileAssetRecord>();
  readonly apiKeys = new Map<string, ApiKeyRecord>();
  /** Work-item relations, stored one row per ordered pair in their canonical type (`blocking` as the other's `blocked_by`). */
  readonly relations: RelationRecord[] = [];
  readonly cycles = new Map<string, CycleRecord>();
  readonly modules = new Map<string, ModuleRecord>();
  readonly cycleIssues: ContainerLinkRecord[] = [];
  readonly moduleIssues: ContainerLinkRecord[] = [];
  private lastStamp = 0;

  constructor(readonly now: () => number = Date.now) {}

  /** A strictly increasing "now", so rows created in one millisecond still sort newest first. */
  stamp(): number {
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  // ── lookups ────────────────────────────────────────────────────────────────────────────────

  workspaceBySlug(slug: string): WorkspaceRecord | undefined {
    for (const workspace of this.workspaces.values()) if (workspace.slug === slug) return workspace;
    return undefined;
  }

  findUser(ref: UserRef): UserRecord | undefined {
    const byId = this.users.get(ref);
    if (byId) return byId;
    const lower = ref.toLowerCase();
    for (const user of this.users.values()) {
      if (user.email.toLowerCase() === lower || user.display_name === ref) return user;
    }
    return undefined;
  }

  user(ref: UserRef): UserRecord {
    const user = this.findUser(ref);
    if (!user) throw new Error(`fake Plane: no user ${ref}`);
    return user;
  }

  project(ref: ProjectRef): ProjectRecord {
    const byId = this.projects.get(ref);
    if (byId) return byId;
    for (const project of this.projects.values()) if (project.identifier === ref) return project;
    throw new Error(`fake Plane: no project ${ref}`);
  }

  workItem(ref: WorkItemRef): WorkItemRecord {
    const byId = this.workItems.get(ref);
    if (byId) return byId;
    const match = /^(.+)-(\d+)$/.exec(ref);
    if (match) {
      const project = this.project(match[1] ?? '');
      const sequence = Number(match[2]);
      for (const item of this.workItems.values()) {
        if (item.project === project.id && item.sequence_id === sequence) return item;
      }
    }
    throw new Error(`fake Plane: no work item ${ref}`);
  }

  workspaceMember(workspaceId: string, userId: string): WorkspaceMemberRecord | undefined {
    return this.workspaceMembers.find((m) => m.workspace === workspaceId && m.member === userId);
  }

  projectMember(projectId: string, userId: string): ProjectMemberRecord | undefined {
    return this.projectMembers.find((m) => m.project === projectId && m.member === userId);
  }

  projectStates(projectId: string): StateRecord[] {
    return [...this.states.values()].filter((s) => s.project === projectId);
  }

  defaultState(projectId: string): StateRecord | undefined {
    return this.projectStates(projectId).find((s) => s.default);
  }

  /** The owner of a key, if the key is known, active and unexpired. */
  apiKeyOwner(key: string): UserRecord | undefined {
    const record = this.apiKeys.get(key);
    if (!record?.is_active) return undefined;
    if (record.expires_at !== null && record.expires_at <= this.now()) return undefined;
    return this.findUser(record.user);
  }

  // ── writes shared by the seeding helpers and the API handlers ─────────────────────────────

  createWorkItem(project: ProjectRecord, fields: WorkItemFields): WorkItemRecord {
    const sequence = project.next_sequence;
    project.next_sequence += 1;
    const item: WorkItemRecord = {
      id: randomUUID(),
      project: project.id,
      workspace: project.workspace,
      ...fields,
      sequence_id: sequence,
      sort_order: 65535 + (sequence - 1) * 10000,
      completed_at: null,
      updated_by: null,
      updated_at: fields.created_at,
    };
    this.applyCompletion(item, fields.created_at);
    this.workItems.set(item.id, item);
    return item;
  }

  updateWorkItem(item: WorkItemRecord, changes: Partial<WorkItemFields>, actor: string): WorkItemRecord {
    Object.assign(item, changes);
    // The model re-assigns the default state when state is cleared.
    if (item.state === null) item.state = this.defaultState(item.project)?.id ?? null;
    item.updated_at = this.stamp();
    item.updated_by = actor;
    this.applyCompletion(item, item.updated_at);
    return item;
  }

  createComment(
    item: WorkItemRecord,
    fields: Pick<CommentRecord, 'comment_html' | 'access' | 'external_id' | 'external_source' | 'actor' | 'created_by' | 'created_at'>,
  ): CommentRecord {
    const comment: CommentRecord = {
      id: randomUUID(),
      project: item.project,
      workspace: item.workspace,
      issue: item.id,
      ...fields,
      updated_by: null,
      description: randomUUID(),
      edited_at: null,
      updated_at: fields.created_at,
    };
    this.comments.set(comment.id, comment);
    return comment;
  }

  createLink(item: WorkItemRecord, fields: Pick<LinkRecord, 'title' | 'url' | 'created_by' | 'created_at'>): LinkRecord {
    const link: LinkRecord = {
      id: randomUUID(),
      project: item.project,
      workspace: item.workspace,
      issue: item.id,
      ...fields,
      metadata: {},
      updated_by: null,
      updated_at: fields.created_at,
    };
    this.links.set(link.id, link);
    return link;
  }

  /** completed_at follows the state's group. */
  private applyCompletion(item: WorkItemRecord, at: number): void {
    const group = item.state ? this.states.get(item.state)?.group : undefined;
    if (group === 'completed') item.completed_at ??= at;
    else item.completed_at = null;
  }
}
