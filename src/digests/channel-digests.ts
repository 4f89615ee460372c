import { z } from 'zod';
import type { SubscriptionFilters } from '../notifications/subscriptions.js';
import type { PlaneKit } from '../plane/kit.js';
import { PlaneError } from '../plane/errors.js';
import { PRIORITIES, STATE_GROUPS, type Project } from '../plane/types.js';
import { dayIn } from '../schedules/occurrences.js';
import type { ScheduleRecord, Scheduler } from '../schedules/scheduler.js';
import type { StateStore } from '../state/store.js';
import { phrase } from '../i18n/index.js';
import { composeDigest, DIGEST_SNAPSHOTS, type DigestData } from './digest.js';
import type { ProjectReader } from './reads.js';

export const CADENCES = ['daily', 'weekdays', 'weekly'] as const;
export type Cadence = (typeof CADENCES)[number];
export const DIGEST_KIND = 'digest';

const filtersSchema = z.object({
  labels: z.array(z.string()),
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  priorities: z.array(z.enum(PRIORITIES)),
  stateGroups: z.array(z.enum(STATE_GROUPS)),
});

/** A channel's digest of a project, as `/plane digest` set it: kept as its schedule's payload. */
export const digestSettingsSchema = z.object({
  channel: z.string(),
  projectId: z.string(),
  /** The identifier when set (ACME), for listing. */
  project: z.string(),
  cadence: z.enum(CADENCES),
  /** Weekly: 0 Sunday … 6 Saturday. */
  day: z.number().int().min(0).max(6).optional(),
  /** HH:MM in `timeZone`. */
  time: z.string().regex(/^\d{2}:\d{2}$/),
  /** The time zone of whoever set it (Slack's `tz`). */
  timeZone: z.string(),
  filters: filtersSchema,
  staleDays: z.number().int().positive(),
  /** Nothing posted when there is nothing to report. */
  quiet: z.boolean(),
  setBy: z.string(),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

export const NO_FILTERS: SubscriptionFilters = { labels: [], members: [], priorities: [], stateGroups: [] };

export const digestScheduleId = (channel: string, projectId: string) => `digest:${channel}:${projectId}`;

/** The cron pattern of a cadence at a time of day (croner steps it in the zone). */
export function cronOf(settings: Pick<DigestSettings, 'cadence' | 'day' | 'time'>): string {
  const [hours, minutes] = settings.time.split(':').map(Number);
  const days = settings.cadence === 'daily' ? '*' : settings.cadence === 'weekdays' ? '1-5' : String(settings.day ?? 1);
  return `${minutes} ${hours} * * ${days}`;
}

/** A digest composed, and how to keep what it saw once it is posted. */
export interface ComposedDigest {
  data: DigestData;
  /** Keeps the snapshot the next digest of the channel compares with. */
  commit(): Promise<void>;
}

/**
 * Channels' digests of projects: their settings are schedules of kind `digest` (one per channel and
 * project), and each digest compares with the snapshot the channel's last one kept.
 */
export class ChannelDigests {
  private readonly records: StateStore;

  constructor(
    private readonly deps: { scheduler: Scheduler; store: StateStore; reader: ProjectReader; kit: PlaneKit; now?: () => number },
  ) {
    this.records = deps.store;
  }

  async set(settings: DigestSettings): Promise<ScheduleRecord> {
    return this.deps.scheduler.upsert({
      id: digestScheduleId(settings.channel, settings.projectId),
      kind: DIGEST_KIND,
      cron: cronOf(settings),
      timeZone: settings.timeZone,
      payload: settings,
    });
  }

  remove(channel: string, projectId: string): Promise<boolean> {
    return this.deps.scheduler.remove(digestScheduleId(channel, projectId));
  }

  async get(channel: string, projectId: string): Promise<DigestSettings | undefined> {
    const schedule = await this.deps.scheduler.get(digestScheduleId(channel, projectId));
    return schedule && settingsOf(schedule);
  }

  async forChannel(channel: string): Promise<DigestSettings[]> {
    const all = await this.deps.scheduler.list(DIGEST_KIND);
    return all
      .flatMap((s) => settingsOf(s) ?? [])
      .filter((s) => s.channel === channel)
      .sort((a, b) => a.project.localeCompare(b.project));
  }

  /** When the channel's digest next comes. */
  nextRun(settings: DigestSettings): Date | undefined {
    return this.deps.scheduler.nextRun({ cron: cronOf(settings), timeZone: settings.timeZone });
  }

  /**
   * The channel's digest of the project now. Without an earlier digest, "new" means since one
   * `periodMs` ago (a day by default). `fresh` reads the project again rather than share a read.
   */
  async compose(
    target: Pick<DigestSettings, 'channel' | 'projectId' | 'filters' | 'staleDays' | 'timeZone'>,
    options: { periodMs?: number; fresh?: boolean } = {},
  ): Promise<ComposedDigest> {
    const periodMs = options.periodMs ?? 86_400_000;
    const { kit } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    const slug = kit.slug();
    const project = await projectById(kit, slug, target.projectId);
    const read = await this.deps.reader.read(slug, project, { fresh: options.fresh });
    const key = `${target.channel}:${target.projectId}`;
    const snapshot = await this.records.get(DIGEST_SNAPSHOTS, key);
    const { data, snapshot: next } = composeDigest({
      read,
      url: (itemKey) => kit.itemUrl(slug, itemKey),
      filters: target.filters,
      staleDays: target.staleDays,
      snapshot,
      fallbackSince: now - periodMs,
      now,
      today: dayIn(target.timeZone, new Date(now)),
    });
    return { data, commit: () => this.records.set(DIGEST_SNAPSHOTS, key, next) };
  }
}

export function settingsOf(schedule: ScheduleRecord): DigestSettings | undefined {
  const parsed = digestSettingsSchema.safeParse(schedule.payload);
  return parsed.success ? parsed.data : undefined;
}

async function projectById(kit: PlaneKit, slug: string, id: string): Promise<Project> {
  const api = kit.api();
  const find = async (fresh: boolean) => (await api.projects(slug, { fresh })).find((p) => p.id === id);
  const project = (await find(false)) ?? (await find(true));
  if (!project) throw new PlaneError(phrase('digests.projectGone'));
  return project;
}
