import type { Translator } from '../../i18n/index.js';
import type { ThreadLinks } from '../../notifications/thread-links.js';
import type { CycleReports } from '../../cycles/report.js';
import type { PlaneKit } from '../../plane/kit.js';
import { executeCycleCommand } from './run-cycle.js';
import { buildHelp } from './help.js';
import { buildPlaneListing } from '../work-items/plane-listing.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import { detailsCard, type SlackUserByEmail } from '../work-items/card.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import { withUndo } from '../undo/undo.blocks.js';
import type { CommandContext } from './context.js';
import { ephemeral, inChannel, type Reply } from './reply.js';
import { executeDigestCommand, type DigestEnv } from './run-digests.js';
import { executeSubscriptionCommand, type SubscriptionEnv } from './run-subscriptions.js';
import { executeConfig, executeIntake, type IntakeEnv } from './run-intake.js';
import { channelSettingsOf } from '../../intake-desk/channel-settings.js';
import type { PlaneCommand } from './types.js';
import { missingTitle } from './dispatch.js';
import { PhrasedError } from '../../i18n/index.js';
import {
  createIssueArgs,
  createWorkItem,
  getIssueArgs,
  getWorkItem,
  listMyIssuesArgs,
  listMyWorkItems,
  searchIssuesArgs,
  searchWorkItems,
  type WorkItemDetails,
} from '../../tools/index.js';
import type { PlaneIdentities } from '../../identity/identities.js';
import { buildError } from '../blocks/error.blocks.js';
import { disconnect, offText } from '../identity/connect.js';
import { buildConnectModal, identityMessage } from '../identity/identity.blocks.js';

export interface PlaneEnv extends SubscriptionEnv, IntakeEnv, DigestEnv {
  plane: PlaneKit;
  /** People's own Plane tokens (`connect`, `disconnect`); absent where identity is not composed. */
  identities?: PlaneIdentities;
  /** `/plane cycle`: the current cycles and their daily snapshots. */
  cycles: CycleReports;
  /** Where `/plane new` notes the channel's project, which the "Create work item" modal starts with. */
  links?: ThreadLinks;
}

/**
 * Runs a `/plane` sub-command as the requester ("me" is their Plane member): the same actions, with
 * the same inputs and rules, as the agent's Plane tools, shown from their data. Plane's readable
 * errors (unknown project or label with the valid options, Plane off) are thrown as they are, for
 * the caller to show with the usage line. Creating needs no approval: it is the user's own direct
 * intent.
 */
export async function executePlane(command: PlaneCommand, context: CommandContext, env: PlaneEnv): Promise<Reply> {
  switch (command.action) {
    case 'help':
      return ephemeral(buildHelp('plane', context.t));
    case 'connect': {
      if (!env.identities?.enabled) return ephemeral(buildError({ reason: offText(env.identities, context.t) }, context.t));
      await context.openModal(buildConnectModal(context.t));
      return ephemeral();
    }
    case 'disconnect':
      return ephemeral(identityMessage(await disconnect(env.identities, (await context.requester()).id, context.t)));
    case 'show':
      return inChannel(
        await workItemCard(
          env.plane,
          await getWorkItem(env.plane, getIssueArgs.read({ key: command.key })),
          context.t,
          context.userByEmail,
        ),
      );
    case 'mine': {
      const input = listMyIssuesArgs.read(command.project ? { project: command.project } : {});
      const what = command.project
        ? context.t.t('commands.plane.listing.mine', { project: command.project })
        : context.t.t('commands.plane.listing.mineAll');
      return ephemeral(...buildPlaneListing(await listMyWorkItems(env.plane, input, await context.requester()), what, context.t));
    }
    case 'search': {
      const input = searchIssuesArgs.read({ project: command.project, query: command.query });
      const what = context.t.t('commands.plane.listing.search', { project: command.project, query: command.query });
      return inChannel(...buildPlaneListing(await searchWorkItems(env.plane, input, await context.requester()), what, context.t));
    }
    case 'new': {
      const assignees = await Promise.all(
        command.assignees.map(async (ref) => {
          const person = await context.person(ref);
          return person.email ?? person.name;
        }),
      );
      const { project, title } = await withDefaultProject(command, context.channel.id, env);
      if (title === '') throw new PhrasedError(missingTitle);
      const input = createIssueArgs.read({
        project,
        title,
        ...(command.priority && { priority: command.priority }),
        // Without assignees the action assigns the requester, as it does for the agent.
        ...(assignees.length > 0 && { assignees }),
        ...(command.labels.length > 0 && { labels: command.labels }),
        ...(command.due && { target_date: command.due }),
      });
      const { item, notes, undo } = await createWorkItem(env.plane, input, await context.requester());
      await env.links?.rememberProject(context.channel.id, item.project.identifier);
      return ephemeral(
        withUndo(
          buildConfirmation({ summary: context.t.t('commands.plane.created', { key: item.key, title }), notes }, context.t),
          undo,
          context.t,
        ),
        await workItemCard(env.plane, item, context.t, context.userByEmail),
      );
    }
    case 'cycle':
      return executeCycleCommand(command.project, context, env.cycles);
    case 'subscribe':
    case 'unsubscribe':
    case 'subscriptions':
    case 'notify':
      return executeSubscriptionCommand(command, context, env);
    case 'intake':
      return executeIntake(command, context, env);
    case 'config':
      return executeConfig(context, env);
    case 'digest':
    case 'remind':
      return executeDigestCommand(command, context, env);
  }
}

/**
 * `/plane new Fix the login` in a channel with a default project (`/plane config`): a first word
 * that names no project of the workspace begins the title, and the item goes to the default project.
 */
async function withDefaultProject(
  command: { project: string; title: string },
  channel: string,
  env: PlaneEnv,
): Promise<{ project: string; title: string }> {
  const { defaultProject } = await channelSettingsOf(env.store, channel);
  if (!defaultProject || !env.plane.enabled) return command;
  const word = command.project.toLowerCase();
  const projects = await env.plane.api().projects(env.plane.slug());
  if (projects.some((p) => p.identifier.toLowerCase() === word || p.name.toLowerCase() === word || p.id === command.project))
    return command;
  return { project: defaultProject, title: [command.project, command.title].filter(Boolean).join(' ') };
}

/** Every card offers its actions (Assign to me, the state menu, Comment), in `t`'s language; the Home tab's Show card posts the same. */
export async function workItemCard(
  kit: PlaneKit,
  item: WorkItemDetails,
  t: Translator,
  userByEmail?: SlackUserByEmail,
): Promise<SlackMessage> {
  return detailsCard(kit, item, t, { userByEmail });
}
