import type { PlaneCache } from './cache.js';
import { phrase } from '../i18n/index.js';
import { PlaneError } from './errors.js';
import type { PlaneHttp } from './http.js';
import { fetchAllPages } from './pagination.js';
import { projectPath, servesRelations, workItemPaths, workspacePath } from './paths.js';
import { z } from 'zod';
import {
  commentAnswer,
  containerLinksAnswer,
  cycleAnswer,
  intakeAnswer,
  labelAnswer,
  linkAnswer,
  memberAnswer,
  moduleAnswer,
  projectAnswer,
  relationsAnswer,
  stateAnswer,
  workItemAnswer,
  workItemTitleAnswer,
} from './answers.js';
import type {
  Comment,
  Cycle,
  CycleView,
  IntakeRequest,
  Label,
  Link,
  Member,
  Module,
  Project,
  State,
  WorkItem,
  WorkItemTitle,
} from './types.js';
import { probeInstance, probeV2, type InstanceInfo } from './version.js';

export interface Freshness {
  /** Skip the cache (after a name did not match a cached list). */
  fresh?: boolean;
}

/** The Plane calls the kit makes, typed; the slow-changing lists go through the cache. */
export class PlaneApi {
  constructor(
    private readonly http: PlaneHttp,
    private readonly cache: PlaneCache,
  ) {}

  /** The release and path family; asked once per cache period. */
  instance(opts: Freshness = {}): Promise<InstanceInfo> {
    return this.cache.remember('instance', () => probeInstance(this.http), opts);
  }

  /** Runs `work` and counts the requests it sent to Plane. */
  metered<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }> {
    return this.http.metered(work);
  }

  /** Whether API v2 is served (for plane_whoami only). */
  servesV2(opts: Freshness = {}): Promise<boolean> {
    return this.cache.remember('v2', () => probeV2(this.http), opts);
  }

  me(opts: Freshness = {}): Promise<Member> {
    return this.cache.remember('me', () => this.http.json({ path: '/api/v1/users/me/', what: 'the API key’s user' }, memberAnswer), opts);
  }

  projects(slug: string, opts: Freshness = {}): Promise<Project[]> {
    return this.cache.remember(
      `projects:${slug}`,
      () => fetchAllPages(this.http, { path: `${workspacePath(slug)}/projects/`, what: `projects of workspace ${slug}` }, projectAnswer),
      opts,
    );
  }

  async states(slug: string, project: Project, opts: Freshness = {}): Promise<State[]> {
    const states = await this.cache.remember(
      `states:${slug}:${project.id}`,
      () =>
        fetchAllPages(
          this.http,
          { path: `${projectPath(slug, project.id)}/states/`, what: `states of project ${project.identifier}` },
          stateAnswer,
        ),
      opts,
    );
    // Plane applies no order to states; the board's order is `sequence`.
    return [...states].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  }

  async labels(slug: string, project: Project, opts: Freshness = {}): Promise<Label[]> {
    const labels = await this.cache.remember(
      `labels:${slug}:${project.id}`,
      () =>
        fetchAllPages(
          this.http,
          { path: `${projectPath(slug, project.id)}/labels/`, what: `labels of project ${project.identifier}` },
          labelAnswer,
        ),
      opts,
    );
    // Plane lists labels newest first; people look for them by name.
    return [...labels].sort((a, b) => a.name.localeCompare(b.name));
  }

  projectMembers(slug: string, project: Project, opts: Freshness = {}): Promise<Member[]> {
    return this.cache.remember(
      `project-members:${slug}:${project.id}`,
      () =>
        this.http.json(
          { path: `${projectPath(slug, project.id)}/members/`, what: `members of project ${project.identifier}` },
          z.array(memberAnswer),
        ),
      opts,
    );
  }

  workspaceMembers(slug: string, opts: Freshness = {}): Promise<Member[]> {
    return this.cache.remember(
      `workspace-members:${slug}`,
      () => this.http.json({ path: `${workspacePath(slug)}/members/`, what: `members of workspace ${slug}` }, z.array(memberAnswer)),
      opts,
    );
  }

  async workItemByKey(slug: string, key: string): Promise<WorkItem> {
    const paths = await this.paths();
    return this.http.json(
      {
        path: paths.byKey(slug, key),
        query: { expand: 'state,assignees,labels' },
        what: `work item ${key} in workspace ${slug}`,
        missing: phrase('planeError.noItem', { key, slug }),
      },
      workItemAnswer,
    );
  }

  /** A work item by id, expanded like a read by key (a comment's webhook names its item by id only). */
  async workItemById(slug: string, project: Project, id: string): Promise<WorkItem> {
    const paths = await this.paths();
    return this.http.json(
      {
        path: paths.one(slug, project.id, id),
        query: { expand: 'state,assignees,labels' },
        what: `a work item of project ${project.identifier}`,
      },
      workItemAnswer,
    );
  }

  /** Every work item of a project: Community Edition ignores list filters, so callers filter. */
  async workItems(slug: string, project: Project, fields?: readonly string[]): Promise<WorkItem[]> {
    const paths = await this.paths();
    return fetchAllPages(
      this.http,
      { path: paths.list(slug, project.id), query: { fields: fields?.join(',') }, what: `work items of project ${project.identifier}` },
      workItemAnswer,
    );
  }

  /**
   * Every work item's key and title only: Plane fills `assignees` and `labels` with queries per row,
   * which take seconds on a 1,000-item project (measured 10.0 s with them, 2.6 s without).
   */
  async workItemTitles(slug: string, project: Project): Promise<WorkItemTitle[]> {
    const paths = await this.paths();
    return fetchAllPages(
      this.http,
      {
        path: paths.list(slug, project.id),
        query: { fields: 'id,name,sequence_id,state' },
        what: `work items of project ${project.identifier}`,
      },
      workItemTitleAnswer,
    );
  }

  async createWorkItem(slug: string, project: Project, body: Record<string, unknown>): Promise<WorkItem> {
    const paths = await this.paths();
    return this.http.json(
      { method: 'POST', path: paths.list(slug, project.id), body, what: `a new work item in project ${project.identifier}` },
      workItemAnswer,
    );
  }

  async updateWorkItem(slug: string, item: KeyedItem, body: Record<string, unknown>): Promise<WorkItem> {
    const paths = await this.paths();
    return this.http.json(
      { method: 'PATCH', path: paths.one(slug, item.projectId, item.id), body, what: `work item ${item.key}` },
      workItemAnswer,
    );
  }

  /** The work item created with this `external_source` + `external_id` pair, if any (one object, not a page). */
  async workItemByExternalId(slug: string, project: Project, source: string, externalId: string): Promise<WorkItem | undefined> {
    const paths = await this.paths();
    try {
      return await this.http.json(
        {
          path: paths.list(slug, project.id),
          query: { external_source: source, external_id: externalId },
          what: `the work item ${source} created as ${externalId} in project ${project.identifier}`,
        },
        workItemAnswer,
      );
    } catch (error) {
      if (error instanceof PlaneError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** Whether the instance's release serves work-item relations (CE v1.3.0 on). */
  async servesRelations(): Promise<boolean> {
    const instance = await this.instance();
    return instance.pathStyle === 'work-items' && servesRelations(instance.version);
  }

  /**
   * Relates `item` to others (`blocked_by`: it waits on them). Plane keeps one relation per pair and
   * ignores one already there, so sending it again changes nothing.
   */
  async addRelations(slug: string, item: KeyedItem, type: 'blocked_by', relatedIds: readonly string[]): Promise<void> {
    const paths = await this.paths();
    await this.http.json(
      {
        method: 'POST',
        path: paths.relations(slug, item.projectId, item.id),
        body: { relation_type: type, issues: relatedIds },
        what: `the relations of work item ${item.key}`,
      },
      relationsAnswer,
    );
  }

  async comments(slug: string, item: KeyedItem): Promise<Comment[]> {
    const paths = await this.paths();
    return fetchAllPages(
      this.http,
      { path: paths.comments(slug, item.projectId, item.id), query: { expand: 'actor' }, what: `comments of work item ${item.key}` },
      commentAnswer,
    );
  }

  /**
   * `external` names where the comment came from (e.g. a Slack message): Plane then refuses the
   * same one twice (409), and its webhook carries them, so the bot knows its own comments again.
   */
  async addComment(slug: string, item: KeyedItem, html: string, external?: { source: string; id: string }): Promise<Comment> {
    const paths = await this.paths();
    const body = { comment_html: html, ...(external && { external_source: external.source, external_id: external.id }) };
    return this.http.json(
      { method: 'POST', path: paths.comments(slug, item.projectId, item.id), body, what: `a comment on work item ${item.key}` },
      commentAnswer,
    );
  }

  /** Replaces a comment's text (the bot never deletes one: an undone comment is withdrawn in words). */
  async updateComment(slug: string, item: KeyedItem, commentId: string, html: string): Promise<Comment> {
    const paths = await this.paths();
    return this.http.json(
      {
        method: 'PATCH',
        path: `${paths.comments(slug, item.projectId, item.id)}${encodeURIComponent(commentId)}/`,
        body: { comment_html: html },
        what: `a comment on work item ${item.key}`,
      },
      commentAnswer,
    );
  }

  /**
   * Adds a link to a work item, once: Plane refuses a URL the item already has (400 "URL already
   * exists for this Issue"), and then the existing link is the answer.
   */
  async addLink(slug: string, item: KeyedItem, url: string, title: string): Promise<Link> {
    const paths = await this.paths();
    const path = paths.links(slug, item.projectId, item.id);
    try {
      return await this.http.json({ method: 'POST', path, body: { url, title }, what: `a link on work item ${item.key}` }, linkAnswer);
    } catch (error) {
      if (!(error instanceof PlaneError && error.status === 400 && /already exists/i.test(error.message))) throw error;
      const links = await fetchAllPages(
        this.http,
        { path, query: { fields: 'id,title,url' }, what: `links of work item ${item.key}` },
        linkAnswer,
      );
      const existing = links.find((link) => link.url === url);
      if (!existing) throw error;
      return existing;
    }
  }

  /** Where an uploaded image or attachment can be downloaded (a signed URL, to fetch without the key). */
  async attachmentLocation(slug: string, item: KeyedItem, assetId: string): Promise<string> {
    const paths = await this.paths();
    return this.http.redirectLocation({
      path: paths.attachment(slug, item.projectId, item.id, assetId),
      what: `such image in work item ${item.key}`,
    });
  }

  /** The project's intake rows, every status (Plane lists none while the project's Intake is off). */
  intakeRequests(slug: string, project: Project): Promise<IntakeRequest[]> {
    return fetchAllPages(
      this.http,
      { path: `${projectPath(slug, project.id)}/intake-issues/`, what: `intake of project ${project.identifier}` },
      intakeAnswer,
    );
  }

  /**
   * A new intake request: Plane makes the work item in state Triage, hidden from lists until a
   * project admin accepts it. Plane reads only name, description and priority.
   */
  createIntakeRequest(slug: string, project: Project, issue: { name: string; description_html: string }): Promise<IntakeRequest> {
    return this.http.json(
      {
        method: 'POST',
        path: `${projectPath(slug, project.id)}/intake-issues/`,
        body: { issue },
        what: `a new intake request in project ${project.identifier}`,
      },
      intakeAnswer,
    );
  }

  /** Turns the project's Intake on: only a project admin's key may (else 403). */
  enableIntake(slug: string, project: Project): Promise<Project> {
    return this.http.json(
      {
        method: 'PATCH',
        path: `${projectPath(slug, project.id)}/`,
        body: { intake_view: true },
        what: `the settings of project ${project.identifier}`,
      },
      projectAnswer,
    );
  }

  /**
   * The project's current cycles (zero, one or several, with their counts), cached like the other
   * slow lists. Listing does not check that cycles are on; `project.cycle_view` says.
   */
  currentCycles(slug: string, project: Project, opts: Freshness = {}): Promise<Cycle[]> {
    return this.cache.remember(`cycles-current:${slug}:${project.id}`, () => this.cycles(slug, project, 'current'), opts);
  }

  /**
  /**
   * The project's cycles of a `cycle_view` (`current` may be none, one or several), with their
   * counts by state group. Plane lists them even where cycles are off: callers check the project.
   */
  cycles(slug: string, project: Project, view: CycleView = 'all'): Promise<Cycle[]> {
    return fetchAllPages(
      this.http,
      {
        path: `${projectPath(slug, project.id)}/cycles/`,
        query: { cycle_view: view },
        what: `${view} cycles of project ${project.identifier}`,
      },
      cycleAnswer,
    );
  }

  /** The project's modules (not archived), with their counts by state group. */
  modules(slug: string, project: Project): Promise<Module[]> {
    return fetchAllPages(
      this.http,
      { path: `${projectPath(slug, project.id)}/modules/`, what: `modules of project ${project.identifier}` },
      moduleAnswer,
    );
  }

  /** The work items of a cycle or module (work-item objects, as the project list has them). */
  containerItems(slug: string, project: Project, container: Container, fields?: readonly string[]): Promise<WorkItem[]> {
    return fetchAllPages(
      this.http,
      {
        path: containerItemsPath(slug, project, container),
        query: { fields: fields?.join(',') },
        what: `work items of ${container.kind} "${container.name}" in project ${project.identifier}`,
      },
      workItemAnswer,
    );
  }

  /**
   * Adds work items to a cycle (an item is in at most one: Plane moves it from another) or a
   * module (an item may be in several). Plane answers every link row of the container.
   */
  async addToContainer(slug: string, project: Project, container: Container, itemIds: readonly string[]): Promise<void> {
    await this.http.json(
      {
        method: 'POST',
        path: containerItemsPath(slug, project, container),
        body: { issues: itemIds },
        what: `the work items of ${container.kind} "${container.name}" in project ${project.identifier}`,
      },
      containerLinksAnswer,
    );
  }

  private async paths() {
    return workItemPaths((await this.instance()).pathStyle);
  }
}

/** A work item as the write and sub-resource calls need it. */
export interface KeyedItem {
  id: string;
  projectId: string;
  key: string;
}

/** A cycle or a module, as the item calls name it. */
export interface Container {
  kind: 'cycle' | 'module';
  id: string;
  name: string;
}

function containerItemsPath(slug: string, project: Project, container: Container): string {
  const base = projectPath(slug, project.id);
  return container.kind === 'cycle' ? `${base}/cycles/${container.id}/cycle-issues/` : `${base}/modules/${container.id}/module-issues/`;
}
