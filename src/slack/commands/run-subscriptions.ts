import type { Translator } from '../../i18n/index.js';
import type { PersonalSettings, Subscription, SubscriptionFilters, Subscriptions } from '../../notifications/subscriptions.js';
import type { Project } from '../../plane/types.js';
import type { TypedFilters } from './filters.js';
import type { PlaneKit } from '../../plane/kit.js';
import { memberName } from '../../plane/member-names.js';
import { resolveMe } from '../../plane/me.js';
import { findLabels, findMembers, findProject } from '../../plane/resolve.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import type { CommandContext } from './context.js';
import { channelLabel } from './context.js';
import { ephemeral, type Reply } from './reply.js';
import type { PlaneCommand } from './types.js';

export interface SubscriptionEnv {
  plane: PlaneKit;
  notifications: { subscriptions: Subscriptions; personal: PersonalSettings; webhooksOn: boolean };
}

type SubscriptionCommand = Extract<PlaneCommand, { action: 'subscribe' | 'unsubscribe' | 'subscriptions' | 'notify' }>;

/** How a subscription reads: "ACME: state, done · #bug · @dana · !high · state:started". */
export function describeSubscription(subscription: Subscription, t: Translator): string {
  const { filters } = subscription;
  const parts = [
    subscription.events.length === 0 || subscription.events.includes('all')
      ? t.t('commands.subscriptions.everyEvent')
      : subscription.events.join(', '),
    ...filters.labels.map((l) => `#${l}`),
    ...filters.members.map((m) => `@${m.name}`),
    ...filters.priorities.map((p) => `!${p}`),
    ...filters.stateGroups.map((g) => `state:${g}`),
  ];
  return `${subscription.project}: ${parts.join(' · ')}`;
}

/** Typed filters checked against the project: labels and members by name (a typo names the valid options), `@me` the requester. */
export async function resolveFilters(
  typed: TypedFilters,
  project: Project,
  context: CommandContext,
  kit: PlaneKit,
): Promise<SubscriptionFilters> {
  const api = kit.api();
  const slug = kit.slug();
  const labels = await findLabels(api, slug, project, typed.labels);
  const refs = await Promise.all(
    typed.members.map(async (ref) => {
      const person = await context.person(ref);
      return person.email ?? person.name;
    }),
  );
  const { members } = await findMembers(api, slug, project, refs, async () => resolveMe(api, slug, await context.requester()));
  return {
    labels: labels.map((l) => l.name),
    members: members.map((m) => ({ id: m.id, name: memberName(m) })),
    priorities: typed.priorities,
    stateGroups: typed.stateGroups,
  };
}

/**
 * `/plane subscribe | unsubscribe | subscriptions | notify`: the channel's subscriptions (projects,
 * labels and members checked against Plane, so a typo is an error naming the valid options) and the
 * requester's own setting for direct messages.
 */
export async function executeSubscriptionCommand(
  command: SubscriptionCommand,
  context: CommandContext,
  env: SubscriptionEnv,
): Promise<Reply> {
  const { subscriptions, personal, webhooksOn } = env.notifications;
  const { t } = context;
  const notes = webhooksOn ? [] : [t.t('commands.subscriptions.off')];
  const where = channelLabel(context.channel, t);
  switch (command.action) {
    case 'subscribe': {
      const project = await findProject(env.plane.api(), env.plane.slug(), command.project);
      const subscription: Subscription = {
        channel: context.channel.id,
        projectId: project.id,
        project: project.identifier,
        events: command.events.length === 0 ? ['all'] : command.events,
        filters: await resolveFilters(command, project, context, env.plane),
      };
      const replaced = await subscriptions.subscribe(subscription);
      return ephemeral(
        buildConfirmation(
          {
            summary: t.t(replaced ? 'commands.subscriptions.changed' : 'commands.subscriptions.subscribed', {
              where,
              project: project.identifier,
            }),
            lines: [describeSubscription(subscription, t)],
            notes: [...notes, t.t('commands.subscriptions.firstChange')],
          },
          t,
        ),
      );
    }
    case 'unsubscribe': {
      const api = env.plane.api();
      const project = await findProject(api, env.plane.slug(), command.project);
      const removed = await subscriptions.unsubscribe(context.channel.id, project.id);
      return ephemeral(
        buildConfirmation(
          {
            summary: t.t(removed ? 'commands.subscriptions.unsubscribed' : 'commands.subscriptions.notFollowed', {
              where,
              project: project.identifier,
            }),
            unchanged: !removed,
          },
          t,
        ),
      );
    }
    case 'subscriptions': {
      const list = await subscriptions.forChannel(context.channel.id);
      return ephemeral(
        buildConfirmation(
          {
            summary: t.t('commands.subscriptions.follows', { where, count: list.length }),
            lines: list.map((subscription) => describeSubscription(subscription, t)),
            notes,
            unchanged: true,
          },
          t,
        ),
      );
    }
    case 'notify': {
      const requester = await context.requester();
      await personal.setDirectMessages(requester.id, command.on);
      return ephemeral(
        buildConfirmation({ summary: t.t(command.on ? 'commands.subscriptions.notifyOn' : 'commands.subscriptions.notifyOff'), notes }, t),
      );
    }
  }
}
