import { createHash } from 'node:crypto';
import { formatDateTime } from './datetime.js';
import type { FakePlaneDb } from './db.js';
import type {
  CommentRecord,
  ContainerLinkRecord,
  CycleRecord,
  ModuleRecord,
  LinkRecord,
  FileAssetRecord,
  IntakeRecord,
  LabelRecord,
  ProjectRecord,
  StateRecord,
  UserRecord,
  WorkItemRecord,
  WorkspaceRecord,
} from './records.js';
import { type Expanders, type ShapeQuery, shape } from './shape.js';

/**
 * Rows → the JSON objects of Plane's v1 API, keys in Plane's order. `viewer` is the key's
 * owner: datetimes are rendered in their timezone and projects report their membership.
 */
export class Serializers {
  constructor(
    private readonly db: FakePlaneDb,
    private readonly viewer: UserRecord,
  ) {}

  private time(ms: number | null): string | null {
    return ms === null ? null : formatDateTime(ms, this.viewer.timezone);
  }

  /** UserLiteSerializer. */
  user(user: UserRecord): Record<string, unknown> {
    return {
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      avatar: user.avatar,
      avatar_url: user.avatar_url,
      display_name: user.display_name,
    };
  }

  workspaceLite(workspace: WorkspaceRecord): Record<string, unknown> {
    return { name: workspace.name, slug: workspace.slug, id: workspace.id };
  }

  projectLite(project: ProjectRecord): Record<string, unknown> {
    return {
      id: project.id,
      identifier: project.identifier,
      name: project.name,
      cover_image: null,
      icon_prop: null,
      emoji: project.emoji,
      description: project.description,
      cover_image_url: null,
    };
  }

  stateLite(state: StateRecord): Record<string, unknown> {
    return { id: state.id, name: state.name, color: state.color, group: state.group };
  }

  /** Replaces a UUID by the object it names; null and unknown ids stay as they are. */
  private lookup<Row>(rows: Map<string, Row>, render: (row: Row) => unknown): (value: unknown) => unknown {
    return (value) => {
      const row = typeof value === 'string' ? rows.get(value) : undefined;
      return row === undefined ? value : render(row);
    };
  }

  private common(): Expanders {
    return {
      workspace: this.lookup(this.db.workspaces, (w) => this.workspaceLite(w)),
      created_by: this.lookup(this.db.users, (u) => this.user(u)),
      updated_by: this.lookup(this.db.users, (u) => this.user(u)),
    };
  }

  /** A list row carries the viewer's `sort_order`; the detail answer does not. */
  project(project: ProjectRecord, query: ShapeQuery, listRow = false): Record<string, unknown> {
    const membership = this.db.projectMember(project.id, this.viewer.id);
    const isMember = membership?.is_active === true;
    const object = {
      id: project.id,
      total_members: this.db.projectMembers.filter((m) => m.project === project.id && m.is_active).length,
      total_cycles: 0,
      total_modules: 0,
      is_member: isMember,
      ...(listRow && { sort_order: isMember ? membership.sort_order : null }),
      member_role: isMember ? membership.role : null,
      is_deployed: false,
      cover_image_url: null,
      created_at: this.time(project.created_at),
      updated_at: this.time(project.updated_at),
      deleted_at: null,
      name: project.name,
      description: project.description,
      description_text: null,
      description_html: null,
      network: project.network,
      identifier: project.identifier,
      emoji: project.emoji,
      icon_prop: null,
      module_view: project.module_view,
      cycle_view: project.cycle_view,
      issue_views_view: true,
      page_view: true,
      intake_view: project.intake_view,
      is_time_tracking_enabled: false,
      is_issue_type_enabled: false,
      guest_view_all_features: false,
      cover_image: null,
      archive_in: 0,
      close_in: 0,
      logo_props: logoProps(project.id),
      archived_at: project.archived_at,
      timezone: 'UTC',
      external_source: null,
      external_id: null,
      created_by: project.created_by,
      updated_by: null,
      workspace: project.workspace,
      default_assignee: project.default_assignee,
      project_lead: project.project_lead,
      cover_image_asset: null,
      estimate: null,
      default_state: null,
    };
    const users = this.lookup(this.db.users, (u) => this.user(u));
    return shape(object, query, { ...this.common(), project_lead: users, default_assignee: users });
  }

  private projectScoped(): Expanders {
    return { ...this.common(), project: this.lookup(this.db.projects, (p) => this.projectLite(p)) };
  }

  state(state: StateRecord, query: ShapeQuery): Record<string, unknown> {
    const object = {
      id: state.id,
      created_at: this.time(state.created_at),
      updated_at: this.time(state.updated_at),
      deleted_at: null,
      name: state.name,
      description: state.description,
      color: state.color,
      slug: '',
      sequence: state.sequence,
      group: state.group,
      is_triage: state.is_triage,
      default: state.default,
      external_source: state.external_source,
      external_id: state.external_id,
      created_by: state.created_by,
      updated_by: null,
      project: state.project,
      workspace: state.workspace,
    };
    return shape(object, query, this.projectScoped());
  }

  label(label: LabelRecord, query: ShapeQuery): Record<string, unknown> {
    const object = {
      id: label.id,
      created_at: this.time(label.created_at),
      updated_at: this.time(label.updated_at),
      deleted_at: null,
      name: label.name,
      description: label.description,
      color: label.color,
      sort_order: label.sort_order,
      external_source: label.external_source,
      external_id: label.external_id,
      created_by: label.created_by,
      updated_by: null,
      project: label.project,
      workspace: label.workspace,
      parent: label.parent,
    };
    return shape(object, query, this.projectScoped());
  }

  /** IntakeIssueSerializer: the row, with its work item (state expanded) as `issue_detail`. */
  intake(row: IntakeRecord): Record<string, unknown> {
    const item = this.db.workItems.get(row.issue);
    const state = item?.state ? this.db.states.get(item.state) : undefined;
    const detail = item && {
      ...this.workItem(item, { fields: null, expand: [] }),
      state: state ? { id: state.id, name: state.name, color: state.color, group: state.group } : null,
      description_stripped: item.description_html.replace(/<[^>]*>/g, '').trim(),
    };
    return {
      id: row.id,
      issue_detail: detail ?? null,
      inbox: row.project,
      created_at: this.time(row.created_at),
      updated_at: this.time(row.updated_at),
      deleted_at: null,
      status: row.status,
      snoozed_till: this.time(row.snoozed_till),
      source: 'IN_APP',
      source_email: null,
      external_source: null,
      external_id: null,
      extra: {},
      created_by: row.created_by,
      updated_by: row.updated_by,
      project: row.project,
      workspace: row.workspace,
      intake: row.project,
      issue: row.issue,
      duplicate_to: row.duplicate_to,
    };
  }

  workItem(item: WorkItemRecord, query: ShapeQuery): Record<string, unknown> {
    const object = {
      id: item.id,
      type_id: null,
      created_at: this.time(item.created_at),
      updated_at: this.time(item.updated_at),
      deleted_at: null,
      point: null,
      name: item.name,
      description_html: item.description_html,
      description_binary: null,
      priority: item.priority,
      start_date: item.start_date,
      target_date: item.target_date,
      sequence_id: item.sequence_id,
      sort_order: item.sort_order,
      completed_at: this.time(item.completed_at),
      archived_at: item.archived_at,
      is_draft: item.is_draft,
      external_source: item.external_source,
      external_id: item.external_id,
      created_by: item.created_by,
      updated_by: item.updated_by,
      project: item.project,
      workspace: item.workspace,
      parent: item.parent,
      state: item.state,
      estimate_point: null,
      type: null,
      assignees: [...item.assignees],
      labels: [...item.labels],
    };
    // Expanded, the rows come newest link first (Plane's -created_at on the link tables); as ids, as stored.
    const each = (render: (id: unknown) => unknown) => (ids: unknown) => (Array.isArray(ids) ? ids.map(render).reverse() : ids);
    return shape(object, query, {
      ...this.projectScoped(),
      state: this.lookup(this.db.states, (s) => this.stateLite(s)),
      assignees: each(this.lookup(this.db.users, (u) => this.user(u))),
      labels: each(this.lookup(this.db.labels, (l) => this.label(l, { fields: null, expand: [] }))),
      parent: this.lookup(this.db.workItems, (p) => ({ id: p.id, sequence_id: p.sequence_id, project_id: p.project })),
    });
  }

  /** `is_member` is absent from create/update responses. */
  comment(comment: CommentRecord, query: ShapeQuery, withIsMember: boolean): Record<string, unknown> {
    const actor = comment.actor ? this.db.projectMember(comment.project, comment.actor) : undefined;
    const object = {
      id: comment.id,
      ...(withIsMember ? { is_member: actor?.is_active === true } : {}),
      created_at: this.time(comment.created_at),
      updated_at: this.time(comment.updated_at),
      deleted_at: null,
      comment_html: comment.comment_html,
      attachments: [],
      access: comment.access,
      external_source: comment.external_source,
      external_id: comment.external_id,
      edited_at: this.time(comment.edited_at),
      created_by: comment.created_by,
      updated_by: comment.updated_by,
      project: comment.project,
      workspace: comment.workspace,
      issue: comment.issue,
      actor: comment.actor,
      description: comment.description,
      parent: null,
    };
    return shape(object, query, {
      ...this.projectScoped(),
      actor: this.lookup(this.db.users, (u) => this.user(u)),
      issue: this.lookup(this.db.workItems, (i) => this.workItem(i, { fields: null, expand: [] })),
    });
  }

  /** `fields="__all__"` of IssueLinkSerializer. */
  link(link: LinkRecord, query: ShapeQuery): Record<string, unknown> {
    const object = {
      id: link.id,
      created_at: this.time(link.created_at),
      updated_at: this.time(link.updated_at),
      deleted_at: null,
      title: link.title,
      url: link.url,
      metadata: link.metadata,
      created_by: link.created_by,
      updated_by: link.updated_by,
      project: link.project,
      workspace: link.workspace,
      issue: link.issue,
    };
    return shape(object, query, this.projectScoped());
  }

  /** Every FileAsset column; no `asset_url`. */
  attachment(asset: FileAssetRecord): Record<string, unknown> {
    return {
      id: asset.id,
      created_at: this.time(asset.created_at),
      updated_at: this.time(asset.updated_at),
      deleted_at: null,
      attributes: { ...asset.attributes },
      asset: asset.asset,
      entity_type: asset.entity_type,
      entity_identifier: null,
      is_deleted: asset.is_deleted,
      is_archived: false,
      external_id: asset.external_id,
      external_source: asset.external_source,
      size: asset.attributes.size,
      is_uploaded: asset.is_uploaded,
      storage_metadata: !asset.is_uploaded
        ? {}
        : {
            ContentType: asset.attributes.type,
            ContentLength: asset.attributes.size,
            LastModified: new Date(asset.updated_at).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
            ETag: `"${createHash('md5').update(asset.bytes).digest('hex')}"`,
            Metadata: {},
          },
      created_by: asset.created_by,
      updated_by: null,
      user: null,
      workspace: asset.workspace,
      draft_issue: null,
      project: asset.project,
      issue: asset.issue,
      comment: null,
      page: null,
    };
  }

  /** The six counts Plane annotates on cycles and modules: visible items linked, by state group. */
  private counts(links: readonly ContainerLinkRecord[], containerId: string): Record<string, number> {
    const groups = { backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 };
    let total = 0;
    for (const link of links) {
      if (link.container !== containerId) continue;
      const item = this.db.workItems.get(link.issue);
      if (!item || item.archived_at !== null || item.is_draft) continue;
      const group = item.state ? this.db.states.get(item.state)?.group : undefined;
      if (group === 'triage') continue;
      total += 1;
      if (group) groups[group] += 1;
    }
    return {
      total_issues: total,
      cancelled_issues: groups.cancelled,
      completed_issues: groups.completed,
      started_issues: groups.started,
      unstarted_issues: groups.unstarted,
      backlog_issues: groups.backlog,
    };
  }

  /** CycleSerializer with the list's annotations, in Plane's key order. */
  cycle(cycle: CycleRecord): Record<string, unknown> {
    return {
      id: cycle.id,
      ...this.counts(this.db.cycleIssues, cycle.id),
      created_at: this.time(cycle.created_at),
      updated_at: this.time(cycle.updated_at),
      deleted_at: null,
      name: cycle.name,
      description: cycle.description,
      start_date: this.time(cycle.start_date),
      end_date: this.time(cycle.end_date),
      view_props: {},
      sort_order: 65535.0,
      external_source: null,
      external_id: null,
      progress_snapshot: {},
      archived_at: null,
      logo_props: {},
      timezone: 'UTC',
      version: 1,
      created_by: cycle.created_by,
      updated_by: null,
      project: cycle.project,
      workspace: cycle.workspace,
      owned_by: cycle.owned_by,
    };
  }

  /** ModuleSerializer with the list's annotations. */
  module(module: ModuleRecord): Record<string, unknown> {
    return {
      id: module.id,
      ...this.counts(this.db.moduleIssues, module.id),
      created_at: this.time(module.created_at),
      updated_at: this.time(module.updated_at),
      deleted_at: null,
      name: module.name,
      description: module.description,
      description_text: null,
      description_html: null,
      start_date: module.start_date,
      target_date: module.target_date,
      status: module.status,
      view_props: {},
      sort_order: 65535.0,
      external_source: null,
      external_id: null,
      archived_at: null,
      logo_props: {},
      created_by: module.created_by,
      updated_by: null,
      project: module.project,
      workspace: module.workspace,
      lead: module.lead,
      members: module.members,
    };
  }

  /** A CycleIssue / ModuleIssue row as the POST answers it. */
  containerLink(link: ContainerLinkRecord, kind: 'cycle' | 'module'): Record<string, unknown> {
    const row = {
      id: link.id,
      sub_issues_count: [...this.db.workItems.values()].filter((i) => i.parent === link.issue).length,
      created_at: this.time(link.created_at),
      updated_at: this.time(link.created_at),
      deleted_at: null,
      created_by: link.created_by,
      updated_by: link.created_by,
      project: link.project,
      workspace: link.workspace,
    };
    return kind === 'cycle' ? { ...row, issue: link.issue, cycle: link.container } : { ...row, module: link.container, issue: link.issue };
  }
}

// Plane gives a project made without a logo a random icon and colour from these; the fake picks by id.
const PROJECT_ICONS = ['home', 'apps', 'settings', 'star', 'favorite', 'done', 'check_circle', 'add_task', 'rocket', 'mood'];
const PROJECT_COLOURS = ['#95999f', '#6d7b8a', '#5e6ad2', '#02b5ed', '#02b55c', '#f2be02', '#e57a00', '#f38e82'];

function logoProps(projectId: string): Record<string, unknown> {
  const n = Number.parseInt(projectId.replace(/-/g, '').slice(0, 8), 16);
  return { in_use: 'icon', icon: { name: PROJECT_ICONS[n % PROJECT_ICONS.length], color: PROJECT_COLOURS[n % PROJECT_COLOURS.length] } };
}
