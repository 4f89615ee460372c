import { readWorkItem } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { ToolError, type ToolRegistry } from '../../tools/registry.js';
import { buildHelp } from '../blocks/help.js';
import type { SlackMessage } from '../blocks/types.js';
import { buildWorkItemCard } from '../blocks/work-item-card.js';
import { buildConfirmation } from './confirmation.js';
import { toolContext, type CommandContext } from './context.js';
import { buildPlaneListing, readPlaneListing } from './plane-text.js';
import { ephemeral, inChannel, type Reply } from './reply.js';
import { executeSubscriptionCommand, type SubscriptionEnv } from './run-subscriptions.js';
import type { PlaneCommand } from './types.js';

export interface PlaneEnv extends SubscriptionEnv {
  plane: PlaneKit;
  /** `mine`, `search` and `new` run the agent's own Plane tools: one module, one set of rules. */
  registry: ToolRegistry;
}

/**
 * Runs a `/plane` sub-command as the requester ("me" is their Plane member). Plane's
 * readable errors (unknown project or label with the valid options, Plane off) are thrown as they
 * are, for the caller to show with the usage line. Creating needs no approval: it is the user's
 * own direct intent.
 */
export async function executePlane(command: PlaneCommand, context: CommandContext, env: PlaneEnv): Promise<Reply> {
  const itemUrl = (key: string) => env.plane.itemUrl(env.plane.slug(), key);
  switch (command.action) {
    case 'help':
      return ephemeral(buildHelp('plane'));
    case 'show':
      return inChannel(await workItemCard(env.plane, command.key));
    case 'mine': {
      const output = await callTool(env, 'plane_list_my_issues', command.project ? { project: command.project } : {}, context);
      return ephemeral(...buildPlaneListing(readPlaneListing(output), itemUrl));
    }
    case 'search': {
      const output = await callTool(env, 'plane_search_issues', { project: command.project, query: command.query }, context);
      return inChannel(...buildPlaneListing(readPlaneListing(output), itemUrl));
    }
    case 'new': {
      const assignees = await Promise.all(
        command.assignees.map(async (ref) => {
          const person = await context.person(ref);
          return person.email ?? person.name;
        }),
      );
      const input = {
        project: command.project,
        title: command.title,
        ...(command.priority && { priority: command.priority }),
        // Without assignees the tool assigns the requester, as it does for the agent.
        ...(assignees.length > 0 && { assignees }),
        ...(command.labels.length > 0 && { labels: command.labels }),
        ...(command.due && { target_date: command.due }),
      };
      const output = await callTool(env, 'plane_create_issue', input, context);
      const { notes } = readPlaneListing(output);
      const key = /^Created ([A-Za-z0-9_]+-\d+)\./.exec(output)?.[1];
      if (key === undefined) return ephemeral(buildConfirmation({ summary: output.split('\n')[0] ?? 'Created', notes }));
      const confirmation = buildConfirmation({ summary: `Created ${key}: ${command.title}`, notes });
      return ephemeral(confirmation, await workItemCard(env.plane, key));
    }
    case 'subscribe':
    case 'unsubscribe':
    case 'subscriptions':
    case 'notify':
      return executeSubscriptionCommand(command, context, env);
  }
}

async function callTool(env: PlaneEnv, name: string, input: Record<string, unknown>, context: CommandContext): Promise<string> {
  const result = await env.registry.call(name, input, await toolContext(context));
  if (!result.ok) throw new ToolError(result.error);
  return result.output;
}

/** A work item as a card, from the kit's structured data (the tool's text is for the model). */
async function workItemCard(plane: PlaneKit, key: string): Promise<SlackMessage> {
  const slug = plane.slug();
  const { view, description } = await readWorkItem(plane.api(), slug, key);
  return buildWorkItemCard({
    key: view.key,
    title: view.title,
    url: plane.itemUrl(slug, view.key),
    state: view.state?.name ?? 'no state',
    stateGroup: view.state?.group ?? '',
    priority: view.priority,
    assignees: view.assignees,
    labels: view.labels,
    startDate: view.startDate ?? undefined,
    targetDate: view.targetDate ?? undefined,
    description: description.text,
  });
}
