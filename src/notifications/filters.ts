import type { FieldChange, ItemSnapshot } from './notices.js';
import type { NotifyEvent, Subscription, SubscriptionFilters } from './subscriptions.js';

/** Whether the item, as it is now, passes every filter (AND), each one any of its entries (OR). */
export function passesFilters(item: ItemSnapshot, filters: SubscriptionFilters): boolean {
  const labels = new Set(item.labels.map((l) => l.toLowerCase()));
  return (
    (filters.labels.length === 0 || filters.labels.some((l) => labels.has(l.toLowerCase()))) &&
    (filters.members.length === 0 || filters.members.some((m) => item.assigneeIds.includes(m.id))) &&
    (filters.priorities.length === 0 || filters.priorities.includes(item.priority)) &&
    (filters.stateGroups.length === 0 || (item.stateGroup !== '' && filters.stateGroups.includes(item.stateGroup)))
  );
}

/** The events a field change stands for: any change is `all`; a state change `state`, and `done` when it ends the work. */
export function eventsOfChange(change: FieldChange, item: ItemSnapshot): NotifyEvent[] {
  const events: NotifyEvent[] = ['all'];
  if (change.field === 'state') {
    events.push('state');
    if (item.stateGroup === 'completed' || item.stateGroup === 'cancelled') events.push('done');
  }
  if (change.field === 'assignees' && change.to.some((name) => !change.from.includes(name))) events.push('assigned');
  return events;
}

export function follows(subscription: Subscription, events: readonly NotifyEvent[]): boolean {
  return subscription.events.includes('all') ? true : events.some((e) => e !== 'all' && subscription.events.includes(e));
}
