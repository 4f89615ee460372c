import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ApiKeyRecord,
  AssetEntityType,
  CommentRecord,
  ContainerLinkRecord,
  CycleRecord,
  ModuleRecord,
  FileAssetRecord,
  IntakeRecord,
  LabelRecord,
  Priority,
  ProjectMemberRecord,
  ProjectRecord,
  Role,
  StateRecord,
  UserRecord,
  WorkItemRecord,
  WorkspaceRecord,
} from './records.js';
import type {
  ApiKeyInput,
  AssetInput,
  AttachmentInput,
  CommentInput,
  CycleInput,
  LabelInput,
  ModuleInput,
  MemberInput,
  ProjectInput,
  ProjectMemberInput,
  ProjectRef,
  StateInput,
  UserRef,
  WorkItemInput,
  WorkItemRef,
} from './seed-inputs.js';
import { PlaneStore } from './store.js';

export type * from './seed-inputs.js';
export type { WorkItemFields } from './store.js';

/** Plane's DEFAULT_STATES for a new project. */
const DEFAULT_STATES: ReadonlyArray<Omit<StateInput, 'description'>> = [
  { name: 'Backlog', group: 'backlog', color: '#60646C', sequence: 15000, default: true },
  { name: 'Todo', group: 'unstarted', color: '#60646C', sequence: 25000 },
  { name: 'In Progress', group: 'started', color: '#F59E0B', sequence: 35000 },
  { name: 'Done', group: 'completed', color: '#46A758', sequence: 45000 },
  { name: 'Cancelled', group: 'cancelled', color: '#9AA4BC', sequence: 55000 },
];

function toBuffer(bytes: Buffer | Uint8Array | string): Buffer {
  return typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
}

/** The fake's data (PlaneStore) plus helpers to seed it. */
export class FakePlaneDb extends PlaneStore {
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
      intake_view: input.intake_view ?? false,
      cycle_view: input.cycle_view ?? true,
      module_view: input.module_view ?? true,
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

  /**
   * An intake request as Plane makes one: the work item in the project's Triage state (made when
   * missing), hidden from lists until accepted, and its intake row. Plane sends no webhook for it.
   */
  addIntakeRequest(
    projectRef: ProjectRef,
    input: { name: string; description_html?: string; priority?: Priority },
    creatorRef: UserRef,
  ): IntakeRecord {
    const project = this.project(projectRef);
    const creator = this.user(creatorRef);
    const triage =
      this.projectStates(project.id).find((s) => s.is_triage) ??
      this.addState(project.id, { name: 'Triage', group: 'triage', color: '#4E5355', sequence: 65000 });
    const now = this.stamp();
    const item = this.createWorkItem(project, {
      name: input.name,
      description_html: input.description_html ?? '<p></p>',
      state: triage.id,
      priority: input.priority ?? 'none',
      assignees: [],
      labels: [],
      start_date: null,
      target_date: null,
      parent: null,
      is_draft: false,
      archived_at: null,
      external_id: null,
      external_source: null,
      created_by: creator.id,
      created_at: now,
    });
    const row: IntakeRecord = {
      id: randomUUID(),
      issue: item.id,
      project: project.id,
      workspace: project.workspace,
      status: -2,
      snoozed_till: null,
      duplicate_to: null,
      created_by: creator.id,
      updated_by: null,
      created_at: now,
      updated_at: now,
    };
    this.intake.set(item.id, row);
    return row;
  }

  /** A project admin's triage decision: accepting moves the work item to the project's default state. */
  decideIntake(
    row: IntakeRecord,
    decision: { status: IntakeRecord['status']; snoozed_till?: number | null; duplicate_to?: string | null },
    actorRef: UserRef,
  ): IntakeRecord {
    const actor = this.user(actorRef);
    row.status = decision.status;
    if (decision.snoozed_till !== undefined) row.snoozed_till = decision.snoozed_till;
    if (decision.duplicate_to !== undefined) row.duplicate_to = decision.duplicate_to;
    row.updated_by = actor.id;
    row.updated_at = this.stamp();
    const item = this.workItems.get(row.issue);
    const fallback = this.defaultState(row.project);
    if (decision.status === 1 && item && fallback) this.updateWorkItem(item, { state: fallback.id }, actor.id);
    return row;
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

  /** An attachment announced through the API: a row waiting for its upload (no bytes yet). */
  announceAttachment(item: WorkItemRecord, input: { name: string; type: string; size: number; created_by: string }): FileAssetRecord {
    const asset = this.insertAsset({
      workspace: item.workspace,
      project: item.project,
      issue: item.id,
      entity_type: 'ISSUE_ATTACHMENT',
      name: input.name,
      type: input.type,
      bytes: Buffer.alloc(0),
      uploaded: false,
      created_by: input.created_by,
    });
    asset.attributes.size = input.size;
    return asset;
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

  addCycle(projectRef: ProjectRef, input: CycleInput): CycleRecord {
    const project = this.project(projectRef);
    const now = this.stamp();
    const when = (value: number | string | null | undefined) => (value === undefined || value === null ? null : this.timestamp(value));
    const cycle: CycleRecord = {
      id: randomUUID(),
      project: project.id,
      workspace: project.workspace,
      name: input.name,
      description: input.description ?? '',
      start_date: when(input.start_date),
      end_date: when(input.end_date),
      owned_by: input.owned_by ? this.user(input.owned_by).id : project.created_by,
      created_by: project.created_by,
      created_at: now,
      updated_at: now,
    };
    this.cycles.set(cycle.id, cycle);
    this.linkItems(
      this.cycleIssues,
      cycle,
      (input.items ?? []).map((ref) => this.workItem(ref).id),
      true,
    );
    return cycle;
  }

  addModule(projectRef: ProjectRef, input: ModuleInput): ModuleRecord {
    const project = this.project(projectRef);
    const now = this.stamp();
    const module: ModuleRecord = {
      id: randomUUID(),
      project: project.id,
      workspace: project.workspace,
      name: input.name,
      description: input.description ?? '',
      status: input.status ?? 'planned',
      start_date: input.start_date ?? null,
      target_date: input.target_date ?? null,
      lead: input.lead ? this.user(input.lead).id : null,
      members: (input.members ?? []).map((ref) => this.user(ref).id),
      created_by: project.created_by,
      created_at: now,
      updated_at: now,
    };
    this.modules.set(module.id, module);
    this.linkItems(
      this.moduleIssues,
      module,
      (input.items ?? []).map((ref) => this.workItem(ref).id),
      false,
    );
    return module;
  }

  /**
   * Puts work items in a cycle (`exclusive`: an item leaves any other cycle, as Plane moves it) or a
   * module (an item may be in several); an item already there stays as it is.
   */
  linkItems(
    links: ContainerLinkRecord[],
    container: CycleRecord | ModuleRecord,
    itemIds: readonly string[],
    exclusive: boolean,
    by: string | null = null,
  ): void {
    for (const issue of itemIds) {
      if (links.some((l) => l.container === container.id && l.issue === issue)) continue;
      if (exclusive) {
        for (let i = links.length - 1; i >= 0; i--) if (links[i]!.issue === issue) links.splice(i, 1);
      }
      links.push({
        id: randomUUID(),
        container: container.id,
        issue,
        project: container.project,
        workspace: container.workspace,
        created_by: by,
        created_at: this.stamp(),
      });
    }
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

  // ── internals ──────────────────────────────────────────────────────────────────────────────

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

  /** Epoch ms from a seeding input, or a fresh stamp. */
  private timestamp(value: number | string | undefined): number {
    if (value === undefined) return this.stamp();
    const ms = typeof value === 'number' ? value : Date.parse(value);
    if (Number.isNaN(ms)) throw new Error(`fake Plane: bad timestamp ${String(value)}`);
    return ms;
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
