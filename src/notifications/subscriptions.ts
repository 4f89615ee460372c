import { withLock } from '../state/lock.js';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import { PRIORITIES, STATE_GROUPS, type Priority, type StateGroup } from '../plane/types.js';

/** What a subscription can follow (docs/notifications.md). */
export const NOTIFY_EVENTS = ['created', 'state', 'done', 'comment', 'assigned', 'all'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** Filters, combined with AND; each list is an OR of its entries; an empty list lets everything through. */
export interface SubscriptionFilters {
  /** Label names, compared without case. */
  labels: string[];
  /** Assignees, by Plane member id (with their name for listing). */
  members: { id: string; name: string }[];
  priorities: Priority[];
  stateGroups: StateGroup[];
}

export interface Subscription {
  channel: string;
  projectId: string;
  /** The project's identifier when subscribed (ACME), for listing. */
  project: string;
  events: NotifyEvent[];
  filters: SubscriptionFilters;
}

const subscriptionSchema = z.object({
  channel: z.string(),
  projectId: z.string(),
  project: z.string(),
  events: z.array(z.enum(NOTIFY_EVENTS)),
  filters: z.object({
    labels: z.array(z.string()),
    members: z.array(z.object({ id: z.string(), name: z.string() })),
    priorities: z.array(z.enum(PRIORITIES)),
    stateGroups: z.array(z.enum(STATE_GROUPS)),
  }),
});
/** A project's subscriptions, one per channel. */
const projectSubscriptionsRecord = defineRecord<Subscription[]>({
  namespace: 'notify:subscriptions',
  version: 1,
  schema: z.array(subscriptionSchema),
});
/** The ids of the projects a channel follows. */
const channelProjectsRecord = defineRecord({ namespace: 'notify:subscriptions', version: 1, schema: z.array(z.string()) });
const byProject = (projectId: string) => `project:${projectId}`;
const byChannel = (channel: string) => `channel:${channel}`;

/**
 * Channel subscriptions to Plane projects, in the state store so that every replica sees the same
 * ones: per project the channels that follow it (what a delivery looks up), per channel the projects
 * (what `/plane subscriptions` lists). Both are changed together under one lock.
 */
export class Subscriptions {
  constructor(private readonly store: StateStore) {}

  async forProject(projectId: string): Promise<Subscription[]> {
    return (await this.store.get(projectSubscriptionsRecord, byProject(projectId))) ?? [];
  }

  async forChannel(channel: string): Promise<Subscription[]> {
    const projects = (await this.store.get(channelProjectsRecord, byChannel(channel))) ?? [];
    const lists = await Promise.all(projects.map((id) => this.forProject(id)));
    return lists.flat().filter((s) => s.channel === channel);
  }

  /** Adds or replaces the channel's subscription to the project; says whether one was replaced. */
  async subscribe(subscription: Subscription): Promise<boolean> {
    return this.change(subscription.channel, subscription.projectId, (list) => {
      const replaced = list.some((s) => s.channel === subscription.channel);
      return { list: [...list.filter((s) => s.channel !== subscription.channel), subscription], result: replaced };
    });
  }

  /** Removes it; false when the channel did not follow the project. */
  async unsubscribe(channel: string, projectId: string): Promise<boolean> {
    return this.change(channel, projectId, (list) => ({
      list: list.filter((s) => s.channel !== channel),
      result: list.some((s) => s.channel === channel),
    }));
  }

  private change(
    channel: string,
    projectId: string,
    edit: (list: Subscription[]) => { list: Subscription[]; result: boolean },
  ): Promise<boolean> {
    return withLock(this.store, `notify:subscriptions:${projectId}`, async () => {
      const { list, result } = edit(await this.forProject(projectId));
      if (list.length > 0) await this.store.set(projectSubscriptionsRecord, byProject(projectId), list);
      else await this.store.delete(projectSubscriptionsRecord, byProject(projectId));
      await withLock(this.store, `notify:subscriptions:${channel}`, async () => {
        const projects = new Set((await this.store.get(channelProjectsRecord, byChannel(channel))) ?? []);
        if (list.some((s) => s.channel === channel)) projects.add(projectId);
        else projects.delete(projectId);
        if (projects.size > 0) await this.store.set(channelProjectsRecord, byChannel(channel), [...projects]);
        else await this.store.delete(channelProjectsRecord, byChannel(channel));
      });
      return result;
    });
  }
}

/** Present (true) for a person who turned their notification DMs off. */
const quietRecord = defineRecord({ namespace: 'notify:quiet', version: 1, schema: z.literal(true) });

/** `/plane notify off|on`: whether a Slack user wants personal notifications (on unless turned off). */
export class PersonalSettings {
  constructor(private readonly store: StateStore) {}

  async wantsDirectMessages(userId: string): Promise<boolean> {
    return (await this.store.get(quietRecord, userId)) !== true;
  }

  async setDirectMessages(userId: string, on: boolean): Promise<void> {
    if (on) await this.store.delete(quietRecord, userId);
    else await this.store.set(quietRecord, userId, true);
  }
}
