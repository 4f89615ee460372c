import type { PersonalSettings, Subscription, Subscriptions } from '../../notifications/subscriptions.js';
import type { PlaneKit } from '../../plane/kit.js';
import { memberName } from '../../plane/member-names.js';
import { resolveMe } from '../../plane/me.js';
import { findLabels, findMembers, findProject } from '../../plane/resolve.js';
import { plural } from '../../tools/text.js';
import { buildConfirmation } from '../blocks/confirmation.js';
import type { CommandContext } from './context.js';
import { channelLabel } from './context.js';
import { ephemeral, type Reply } from './reply.js';
import type { PlaneCommand } from './types.js';

export interface SubscriptionEnv {
  plane: PlaneKit;
  notifications: { subscriptions: Subscriptions; personal: PersonalSettings; webhooksOn: boolean };
}

type SubscriptionCommand = Extract<PlaneCommand, { action: 'subscribe' | 'unsubscribe' | 'subscriptions' | 'notify' }>;

const OFF_NOTE = 'Notifications are off: PLANE_WEBHOOK_SECRET is not set, so Plane’s webhooks are not received (see the README).';

/** How a subscription reads: "ACME: state, done · #bug · @dana · !high · state:started". */
export function describeSubscription(subscription: Subscription): string {
  const { filters } = subscription;
  const parts = [
    subscription.events.length === 0 || subscription.events.includes('all') ? 'every event' : subscription.events.join(', '),
    ...filters.labels.map((l) => `#${l}`),
    ...filters.members.map((m) => `@${m.name}`),
    ...filters.priorities.map((p) => `!${p}`),
    ...filters.stateGroups.map((g) => `state:${g}`),
  ];
  return `${subscription.project}: ${parts.join(' · ')}`;
}

/**
 * `/plane subscribe | unsubscribe | subscriptions | notify`: the channel's subscriptions (projects,
 * labels and members checked against Plane, so a typo is an error naming the valid options) and the
 * requester's own setting for direct messages.
 */
export async function executeSubscriptionCommand(command: SubscriptionCommand, context: CommandContext, env: SubscriptionEnv): Promise<Reply> {
  const { subscriptions, personal, webhooksOn } = env.notifications;
  const notes = webhooksOn ? [] : [OFF_NOTE];
  const where = channelLabel(context.channel);
  switch (command.action) {
    case 'subscribe': {
      const api = env.plane.api();
      const slug = env.plane.slug();
      const project = await findProject(api, slug, command.project);
      const labels = await findLabels(api, slug, project, command.labels);
      const refs = await Promise.all(
        command.members.map(async (ref) => {
          const person = await context.person(ref);
          return person.email ?? person.name;
        }),
      );
      const { members } = await findMembers(api, slug, project, refs, async () => resolveMe(api, slug, await context.requester()));
      const subscription: Subscription = {
        channel: context.channel.id,
        projectId: project.id,
        project: project.identifier,
        events: command.events.length === 0 ? ['all'] : command.events,
        filters: {
          labels: labels.map((l) => l.name),
          members: members.map((m) => ({ id: m.id, name: memberName(m) })),
          priorities: command.priorities,
          stateGroups: command.stateGroups,
        },
      };
      const replaced = await subscriptions.subscribe(subscription);
      return ephemeral(
        buildConfirmation({
          summary: `${replaced ? 'Changed the subscription of' : 'Subscribed'} ${where} to ${project.identifier}`,
          lines: [describeSubscription(subscription)],
          notes: [...notes, 'The first change of a work item posts its card; later ones go in its thread.'],
        }),
      );
    }
    case 'unsubscribe': {
      const api = env.plane.api();
      const project = await findProject(api, env.plane.slug(), command.project);
      const removed = await subscriptions.unsubscribe(context.channel.id, project.id);
      return ephemeral(
        buildConfirmation({
          summary: removed ? `Unsubscribed ${where} from ${project.identifier}` : `${where} did not follow ${project.identifier}`,
          unchanged: !removed,
        }),
      );
    }
    case 'subscriptions': {
      const list = await subscriptions.forChannel(context.channel.id);
      return ephemeral(
        buildConfirmation({
          summary: list.length === 0 ? `${where} follows no Plane project` : `${where} follows ${plural(list.length, 'Plane project')}`,
          lines: list.map(describeSubscription),
          notes,
          unchanged: true,
        }),
      );
    }
    case 'notify': {
      const requester = await context.requester();
      await personal.setDirectMessages(requester.id, command.on);
      return ephemeral(
        buildConfirmation({
          summary: command.on
            ? 'You will get a direct message when a Plane work item is assigned to you or you are @mentioned in a comment'
            : 'No more direct messages about Plane work items (turn them back on with /plane notify on)',
          notes,
        }),
      );
    }
  }
}
