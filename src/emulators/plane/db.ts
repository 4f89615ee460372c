import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ApiKeyRecord,
  AssetEntityType,
  CommentAccess,
  CommentRecord,
  FileAssetRecord,
  LabelRecord,
  Priority,
  ProjectMemberRecord,
  ProjectRecord,
  Role,
  StateGroup,
  StateRecord,
  UserRecord,
  WorkItemRecord,
  WorkspaceMemberRecord,
  WorkspaceRecord,
} from './records.js';

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

/** Plane's DEFAULT_STATES for a new project (reference §4.4). */
const DEFAULT_STATES: ReadonlyArray<Omit<StateInput, 'description'>> = [
  { name: 'Backlog', group: 'backlog', color: '#60646C', sequence: 15000, default: true },
  { name: 'Todo', group: 'unstarted', color: '#60646C', sequence: 25000 },
  { name: 'In Progress', group: 'started', color: '#F59E0B', sequence: 35000 },
  { name: 'Done', group: 'completed', color: '#46A758', sequence: 45000 },
  { name: 'Cancelled', group: 'cancelled', color: '#9AA4BC', sequence: 55000 },
];

function toBuffer(bytes: Buffer | Uint8Array | string): Buffer {
  return typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes);
}

/** The fake's data: plain maps the handlers read and write, plus helpers to seed them. */
export class FakePlaneDb {
  readonly users = new Map<string, UserRecord>();
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly workspaceMembers: WorkspaceMemberRecord[] = [];
  readonly projects = new Map<string, ProjectRecord>();
  readonly projectMembers: ProjectMemberRecord[] = [];
  readonly states = new Map<string, StateRecord>();
  readonly labels = new Map<string, LabelRecord>();
  readonly workItems = new Map<string, WorkItemRecord>();
  readonly comments = new Map<string, CommentRecord>();
  /** Attachments, editor images and workspace assets (one FileAsset table, as in Plane). */
  readonly assets = new Map<string, FileAssetRecord>();
  readonly apiKeys = new Map<string, ApiKeyRecord>();
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

  /** The owner of a key, if the key is known, active and unexpired (reference §1.2). */
  apiKeyOwner(key: string): UserRecord | undefined {
    const record = this.apiKeys.get(key);
    if (!record || !record.is_active) return undefined;
    if (record.expires_at !== null && record.expires_at <= this.now()) return undefined;
    return this.findUser(record.user);
  }

  // ── seeding ────────────────────────────────────────────────────────────────────────────────

  addWorkspace(input: { slug: string; name?: string }): WorkspaceRecord {
    if (this.workspaceBySlug(input.slug)) throw new Error(`fake Plane: workspace ${input.slug} exists`);
    const workspace: WorkspaceRecord = {
      id: randomUUID(),
      slug: input.slug,
      name: input.name ?? input.slug.charAt(0).toUpperCase() + input.slug.slice(1),
      created_at: this.stamp(),
    };
    this.workspaces.set(workspace.id, workspace);
    return workspace;
  }

  /** A user with no membership anywhere (see addMember for the usual case). */
  addUser(input: Omit<MemberInput, 'role' | 'is_active'>): UserRecord {
    const user: UserRecord = {
      id: randomUUID(),
      first_name: input.first_name ?? '',
      last_name: input.last_name ?? '',
      email: input.email,
      display_name: input.display_name ?? input.email.split('@')[0] ?? input.email,
      avatar: '',
      avatar_url: input.avatar_url ?? null,
      timezone: input.timezone ?? 'UTC',
    };
    this.users.set(user.id, user);
    return user;
  }

  /** Adds a user (or reuses the one with that e-mail) to a workspace, creating the workspace if needed. */
  addMember(slug: string, input: MemberInput): UserRecord {
    const workspace = this.workspaceBySlug(slug) ?? this.addWorkspace({ slug });
    const user = this.findUser(input.email) ?? this.addUser(input);
    if (!this.workspaceMember(workspace.id, user.id)) {
      this.workspaceMembers.push({
        id: randomUUID(),
        workspace: workspace.id,
        member: user.id,
        role: input.role ?? 15,
        is_active: input.is_active ?? true,
      });
    }
    return user;
  }

  addProject(slug: string, input: ProjectInput): ProjectRecord {
    const workspace = this.workspaceBySlug(slug) ?? this.addWorkspace({ slug });
    const identifier = input.identifier.toUpperCase();
    for (const other of this.projects.values()) {
      if (other.workspace === workspace.id && other.identifier === identifier) {
        throw new Error(`fake Plane: project ${identifier} exists in ${slug}`);
      }
    }
    const now = this.stamp();
    const optionalUser = (ref: UserRef | null | undefined) => (ref ? this.user(ref).id : null);
    const project: ProjectRecord = {
      id: randomUUID(),
      workspace: workspace.id,
      name: input.name,
      identifier,
      description: input.description ?? '',
      network: input.network ?? 2,
      archived_at: input.archived_at ?? null,
      default_assignee: optionalUser(input.default_assignee),
      project_lead: optionalUser(input.project_lead),
      emoji: input.emoji ?? null,
      created_by: optionalUser(input.created_by),
      created_at: now,
      updated_at: now,
      next_sequence: 1,
    };
    this.projects.set(project.id, project);
    const members =
      input.members ??
      this.workspaceMembers
        .filter((m) => m.workspace === workspace.id && m.is_active)
        .map((m): ProjectMemberInput => ({ user: m.member, role: m.role }));
    for (const member of members) {
      const spec = typeof member === 'string' ? { user: member } : member;
      this.addProjectMember(project.id, spec.user, { role: spec.role, is_active: spec.is_active });
    }
    if (input.defaultStates !== false) for (const state of DEFAULT_STATES) this.addState(project.id, state);
    return project;
  }

  addProjectMember(projectRef: ProjectRef, userRef: UserRef, options: { role?: Role; is_active?: boolean } = {}): ProjectMemberRecord {
    const project = this.project(projectRef);
    const user = this.user(userRef);
    const existing = this.projectMember(project.id, user.id);
    if (existing) return existing;
    const order = this.projectMembers.filter((m) => m.member === user.id).length;
    const membership: ProjectMemberRecord = {
      id: randomUUID(),
      project: project.id,
      member: user.id,
      role: options.role ?? this.workspaceMember(project.workspace, user.id)?.role ?? 15,
      is_active: options.is_active ?? true,
      sort_order: 65535 + order * 10000,
    };
    this.projectMembers.push(membership);
    return membership;
  }

  addState(projectRef: ProjectRef, input: StateInput & { is_triage?: boolean }): StateRecord {
    const project = this.project(projectRef);
    const siblings = this.projectStates(project.id);
    if (input.default) for (const sibling of siblings) sibling.default = false;
    const now = this.stamp();
    const state: StateRecord = {
      id: randomUUID(),
      project: project.id,
      workspace: project.workspace,
      name: input.name,
      description: input.description ?? '',
      color: input.color ?? '#60646C',
      sequence: input.sequence ?? Math.max(0, ...siblings.map((s) => s.sequence)) + 10000,
      group: input.group,
      is_triage: input.is_triage ?? input.group === 'triage',
      default: input.default ?? false,
      external_source: input.external_source ?? null,
      external_id: input.external_id ?? null,
      created_by: project.created_by,
      created_at: now,
      updated_at: now,
    };
    this.states.set(state.id, state);
    return state;
  }

  addLabel(projectRef: ProjectRef, input: LabelInput): LabelRecord {
    const project = this.project(projectRef);
    const now = this.stamp();
    const siblings = [...this.labels.values()].filter((l) => l.project === project.id);
    const label: LabelRecord = {
      id: randomUUID(),
      project: project.id,
      workspace: project.workspace,
      name: input.name,
      description: input.description ?? '',
      color: input.color ?? '#6B7280',
      sort_order: 65535 + siblings.length * 10000,
      parent: input.parent ? this.labelIn(project.id, input.parent).id : null,
      external_source: input.external_source ?? null,
      external_id: input.external_id ?? null,
      created_by: project.created_by,
      created_at: now,
      updated_at: now,
    };
    this.labels.set(label.id, label);
    return label;
  }

  addWorkItem(projectRef: ProjectRef, input: WorkItemInput): WorkItemRecord {
    const project = this.project(projectRef);
    const defaultAssignee = project.default_assignee ? [project.default_assignee] : [];
    return this.createWorkItem(project, {
      name: input.name,
      description_html: input.description_html ?? '<p></p>',
      state: input.state ? this.stateIn(project.id, input.state).id : (this.defaultState(project.id)?.id ?? null),
      priority: input.priority ?? 'none',
      assignees: input.assignees ? input.assignees.map((ref) => this.user(ref).id) : defaultAssignee,
      labels: (input.labels ?? []).map((ref) => this.labelIn(project.id, ref).id),
      start_date: input.start_date ?? null,
      target_date: input.target_date ?? null,
      parent: input.parent ? this.workItem(input.parent).id : null,
      is_draft: input.is_draft ?? false,
      archived_at: input.archived_at ?? null,
      external_id: input.external_id ?? null,
      external_source: input.external_source ?? null,
      created_by: input.created_by ? this.user(input.created_by).id : project.created_by,
      created_at: this.timestamp(input.created_at),
    });
  }

  /** n work items named "Work item 1" … (for pagination tests); `make` customises each one. */
  addManyWorkItems(projectRef: ProjectRef, n: number, make?: (index: number) => Partial<WorkItemInput>): WorkItemRecord[] {
    const items: WorkItemRecord[] = [];
    for (let index = 0; index < n; index += 1) {
      items.push(this.addWorkItem(projectRef, { name: `Work item ${index + 1}`, ...make?.(index) }));
    }
    return items;
  }

  addComment(workItemRef: WorkItemRef, input: CommentInput): CommentRecord {
    const item = this.workItem(workItemRef);
    const actor = input.actor ? this.user(input.actor).id : item.created_by;
    return this.createComment(item, {
      comment_html: input.comment_html,
      access: input.access ?? 'INTERNAL',
      external_id: input.external_id ?? null,
      external_source: input.external_source ?? null,
      actor,
      created_by: actor,
      created_at: this.timestamp(input.created_at),
    });
  }

  /** A work-item attachment (entity ISSUE_ATTACHMENT) with its bytes in the fake storage. */
  addAttachment(workItemRef: WorkItemRef, input: AttachmentInput): FileAssetRecord {
    const item = this.workItem(workItemRef);
    return this.insertAsset({
      workspace: item.workspace,
      project: item.project,
      issue: item.id,
      entity_type: 'ISSUE_ATTACHMENT',
      name: input.name,
      type: input.type ?? 'application/octet-stream',
      bytes: toBuffer(input.bytes),
      uploaded: input.uploaded ?? true,
      created_by: input.created_by ? this.user(input.created_by).id : item.created_by,
    });
  }

  /**
   * Any other asset: an image embedded in a description (put its id in an `<image-component src>`,
   * see imageComponent) or a workspace asset.
   */
  addAsset(slug: string, input: AssetInput): FileAssetRecord {
    const workspace = this.workspaceBySlug(slug);
    if (!workspace) throw new Error(`fake Plane: no workspace ${slug}`);
    const item = input.workItem ? this.workItem(input.workItem) : undefined;
    const project = item ? item.project : input.project ? this.project(input.project).id : null;
    return this.insertAsset({
      workspace: workspace.id,
      project,
      issue: item?.id ?? null,
      entity_type: input.entity_type ?? 'ISSUE_DESCRIPTION',
      name: input.name ?? `image.${input.type.split('/')[1] ?? 'bin'}`,
      type: input.type,
      bytes: toBuffer(input.bytes),
      uploaded: input.uploaded ?? true,
      created_by: input.created_by ? this.user(input.created_by).id : null,
    });
  }

  /** Registers an API key acting as `user` (an id, or an e-mail resolved at request time). */
  addApiKey(key: string, user: UserRef, options: ApiKeyInput = {}): ApiKeyRecord {
    const record: ApiKeyRecord = {
      key,
      user,
      is_active: options.active ?? true,
      expires_at: options.expiresAt ?? null,
    };
    this.apiKeys.set(key, record);
    return record;
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
    // The model re-assigns the default state when state is cleared (reference §4.3.7).
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

  /** Epoch ms from a seeding input, or a fresh stamp. */
  timestamp(value: number | string | undefined): number {
    if (value === undefined) return this.stamp();
    const ms = typeof value === 'number' ? value : Date.parse(value);
    if (Number.isNaN(ms)) throw new Error(`fake Plane: bad timestamp ${String(value)}`);
    return ms;
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────

  /** completed_at follows the state's group (reference §4.3.1). */
  private applyCompletion(item: WorkItemRecord, at: number): void {
    const group = item.state ? this.states.get(item.state)?.group : undefined;
    if (group === 'completed') item.completed_at ??= at;
    else item.completed_at = null;
  }

  private stateIn(projectId: string, ref: string): StateRecord {
    const state = this.projectStates(projectId).find((s) => s.id === ref || s.name === ref);
    if (!state) throw new Error(`fake Plane: no state ${ref} in project ${projectId}`);
    return state;
  }

  private labelIn(projectId: string, ref: string): LabelRecord {
    for (const label of this.labels.values()) {
      if (label.project === projectId && (label.id === ref || label.name === ref)) return label;
    }
    throw new Error(`fake Plane: no label ${ref} in project ${projectId}`);
  }

  private insertAsset(input: {
    workspace: string;
    project: string | null;
    issue: string | null;
    entity_type: AssetEntityType;
    name: string;
    type: string;
    bytes: Buffer;
    uploaded: boolean;
    created_by: string | null;
  }): FileAssetRecord {
    const now = this.stamp();
    const asset: FileAssetRecord = {
      id: randomUUID(),
      workspace: input.workspace,
      project: input.project,
      issue: input.issue,
      entity_type: input.entity_type,
      attributes: { name: input.name, type: input.type, size: input.bytes.length },
      asset: `${input.workspace}/${randomBytes(16).toString('hex')}-${input.name}`,
      is_uploaded: input.uploaded,
      is_deleted: false,
      external_id: null,
      external_source: null,
      created_by: input.created_by,
      created_at: now,
      updated_at: now,
      bytes: input.bytes,
    };
    this.assets.set(asset.id, asset);
    return asset;
  }
}
