import { z } from 'zod';
import { viewItem, type ItemView } from '../plane/item-view.js';
import type { PlaneKit } from '../plane/kit.js';
import type { Member } from '../plane/types.js';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import type { ProjectReader } from './reads.js';

export const REMINDER_KIND = 'reminder';
export const DEFAULT_REMIND_TIME = '09:00';
export const reminderScheduleId = (user: string) => `remind:${user}`;

/** `/plane remind off|on|HH:MM`: on at 09:00 unless the person said otherwise. */
export const REMIND_SETTINGS = defineRecord({
  namespace: 'remind:settings',
  version: 1,
  schema: z.object({ off: z.boolean(), time: z.string().regex(/^\d{2}:\d{2}$/) }),
});
export type RemindSetting = z.infer<typeof REMIND_SETTINGS.schema>;

export type Due = 'overdue' | 'today' | 'tomorrow';

/** Which reminder list an open item belongs to, by its target day against today and tomorrow in the person's zone. */
export function dueOf(view: Pick<ItemView, 'targetDate' | 'state'>, today: string, tomorrow: string): Due | undefined {
  const group = view.state?.group;
  if (!view.targetDate || group === 'completed' || group === 'cancelled') return undefined;
  if (view.targetDate < today) return 'overdue';
  if (view.targetDate === today) return 'today';
  return view.targetDate === tomorrow ? 'tomorrow' : undefined;
}

export interface DueItem {
  key: string;
  title: string;
  url: string;
  state?: string;
  due: string;
}

export type DueLists = Record<Due, DueItem[]>;

export const isEmpty = (lists: DueLists) => lists.overdue.length + lists.today.length + lists.tomorrow.length === 0;

/** The cron of a weekday reminder at HH:MM. */
export function reminderCron(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}

/** A person's reminder setting and their open items due soon or overdue across the workspace's projects. */
export class Reminders {
  private readonly records: StateStore;

  constructor(private readonly deps: { store: StateStore; reader: ProjectReader; kit: PlaneKit }) {
    this.records = deps.store;
  }

  async setting(user: string): Promise<RemindSetting> {
    return (await this.records.get(REMIND_SETTINGS, user)) ?? { off: false, time: DEFAULT_REMIND_TIME };
  }

  setSetting(user: string, setting: RemindSetting): Promise<void> {
    return this.records.set(REMIND_SETTINGS, user, setting);
  }

  /** The workspace member with this e-mail, if any (how a Slack person is matched, like notifications' DMs). */
  async memberByEmail(email: string): Promise<Member | undefined> {
    const { kit } = this.deps;
    const wanted = email.trim().toLowerCase();
    return (await kit.api().workspaceMembers(kit.slug())).find((m) => m.email?.toLowerCase() === wanted);
  }

  /** The member's open items due today, tomorrow, or overdue, in every project they can see. */
  async dueFor(memberId: string, today: string, tomorrow: string): Promise<DueLists> {
    const { kit, reader } = this.deps;
    const slug = kit.slug();
    const lists: DueLists = { overdue: [], today: [], tomorrow: [] };
    const projects = (await kit.api().projects(slug)).filter((p) => !p.archived_at);
    for (const project of projects) {
      const read = await reader.read(slug, project);
      for (const item of read.items) {
        if (!item.assignees.some((a) => (typeof a === 'string' ? a : a.id) === memberId)) continue;
        const view = viewItem(item, project, read.names);
        const due = dueOf(view, today, tomorrow);
        if (due)
          lists[due].push({
            key: view.key,
            title: view.title,
            url: kit.itemUrl(slug, view.key),
            state: view.state?.name,
            due: view.targetDate!,
          });
      }
    }
    lists.overdue.sort((a, b) => a.due.localeCompare(b.due));
    return lists;
  }
}
