import type { PlaneKit } from '../../plane/kit.js';
import { createIssueInput, createWorkItem } from '../../tools/plane/create-issue.js';
import type { WorkItemDetails } from '../../tools/plane/data.js';
import { getIssueInput, getWorkItem } from '../../tools/plane/get-issue.js';
import { listMyIssuesInput, listMyWorkItems } from '../../tools/plane/list-my-issues.js';
import { searchIssuesInput, searchWorkItems } from '../../tools/plane/search-issues.js';
import { readInput } from '../../tools/registry.js';
import { buildHelp } from './help.js';
import { buildPlaneListing } from '../blocks/plane-listing.js';
import type { SlackMessage } from '../blocks/types.js';
import { buildWorkItemCard } from '../blocks/work-item-card.js';
import { buildConfirmation } from '../blocks/confirmation.js';
import type { CommandContext } from './context.js';
import { ephemeral, inChannel, type Reply } from './reply.js';
import { executeSubscriptionCommand, type SubscriptionEnv } from './run-subscriptions.js';
import type { PlaneCommand } from './types.js';

export interface PlaneEnv extends SubscriptionEnv {
  plane: PlaneKit;
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
      return ephemeral(buildHelp('plane'));
    case 'show':
      return inChannel(workItemCard(await getWorkItem(env.plane, readInput('plane_get_issue', getIssueInput, { key: command.key }))));
    case 'mine': {
      const input = readInput('plane_list_my_issues', listMyIssuesInput, command.project ? { project: command.project } : {});
      return ephemeral(...buildPlaneListing(await listMyWorkItems(env.plane, input, await context.requester())));
    }
    case 'search': {
      const input = readInput('plane_search_issues', searchIssuesInput, { project: command.project, query: command.query });
      return inChannel(...buildPlaneListing(await searchWorkItems(env.plane, input, await context.requester())));
    }
    case 'new': {
      const assignees = await Promise.all(
        command.assignees.map(async (ref) => {
          const person = await context.person(ref);
          return person.email ?? person.name;
        }),
      );
      const input = readInput('plane_create_issue', createIssueInput, {
        project: command.project,
        title: command.title,
        ...(command.priority && { priority: command.priority }),
        // Without assignees the action assigns the requester, as it does for the agent.
        ...(assignees.length > 0 && { assignees }),
        ...(command.labels.length > 0 && { labels: command.labels }),
        ...(command.due && { target_date: command.due }),
      });
      const { item, notes } = await createWorkItem(env.plane, input, await context.requester());
      return ephemeral(buildConfirmation({ summary: `Created ${item.key}: ${command.title}`, notes }), workItemCard(item));
    }
    case 'subscribe':
    case 'unsubscribe':
    case 'subscriptions':
    case 'notify':
      return executeSubscriptionCommand(command, context, env);
  }
}

function workItemCard(item: WorkItemDetails): SlackMessage {
  return buildWorkItemCard({
    key: item.key,
    title: item.title,
    url: item.url,
    state: item.state?.name ?? 'no state',
    stateGroup: item.state?.group ?? '',
    priority: item.priority,
    assignees: item.assignees,
    labels: item.labels,
    startDate: item.startDate ?? undefined,
    targetDate: item.targetDate ?? undefined,
    description: item.description,
  });
}
