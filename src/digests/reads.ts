import { projectNames, type ProjectNames } from '../plane/item-view.js';
import type { PlaneKit } from '../plane/kit.js';
import { LIST_FIELDS } from '../plane/project-items.js';
import { PlaneError } from '../plane/errors.js';
import type { Cycle, Project, WorkItem } from '../plane/types.js';

/** What a digest or a reminder needs of a project: one list of its items (1 request per 1,000), the names and current cycles from the cache. */
export interface ProjectRead {
  project: Project;
  items: WorkItem[];
  names: ProjectNames;
  cycles: Cycle[];
}

/** The list's fields and when an item was completed, for "done since". */
const FIELDS = [...LIST_FIELDS, 'completed_at'];

/** Digests of one minute share a read this long. */
const SHARE_MS = 60_000;

/**
 * Reads of projects, shared: digests and reminders of the same minute (20 channels following one
 * project, 50 people's reminders) wait for the one read under way, or take one made less than a
 * minute ago, instead of each listing the project again.
 */
export class ProjectReader {
  private readonly reads = new Map<string, { at: number; read: Promise<ProjectRead>; pending: boolean }>();

  constructor(
    private readonly kit: PlaneKit,
    private readonly now: () => number = Date.now,
    private readonly shareMs = SHARE_MS,
  ) {}

  /** `fresh`: a read under way is still shared, an earlier one is not (a digest asked for now shows now). */
  read(slug: string, project: Project, options: { fresh?: boolean } = {}): Promise<ProjectRead> {
    const key = `${slug}:${project.id}`;
    const now = this.now();
    for (const [k, entry] of this.reads) if (now - entry.at >= this.shareMs) this.reads.delete(k);
    const known = this.reads.get(key);
    if (known && (!options.fresh || known.pending)) return known.read;
    const entry = { at: now, read: this.load(slug, project), pending: true };
    this.reads.set(key, entry);
    // A failed read is not shared: the next digest tries again.
    entry.read.then(
      () => (entry.pending = false),
      () => this.reads.get(key) === entry && this.reads.delete(key),
    );
    return entry.read;
  }

  private async load(slug: string, project: Project): Promise<ProjectRead> {
    const api = this.kit.api();
    const items = await api.workItems(slug, project, FIELDS);
    const [names, cycles] = await Promise.all([projectNames(api, slug, project, items), this.cycles(slug, project)]);
    return { project, items, names, cycles };
  }

  /** Cycles off, or a server without them (the line is simply left out). */
  private async cycles(slug: string, project: Project): Promise<Cycle[]> {
    if (project.cycle_view === false) return [];
    try {
      return await this.kit.api().currentCycles(slug, project);
    } catch (error) {
      if (error instanceof PlaneError && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429)
        return [];
      throw error;
    }
  }
}
