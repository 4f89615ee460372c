import type { Translator } from '../../i18n/index.js';
import { PlaneError } from '../../plane/errors.js';
import type { PlaneKit } from '../../plane/kit.js';
import { memberName } from '../../plane/member-names.js';
import { mentionedUserIds } from '../../plane/webhooks.js';
import { lookUpOrNone } from '../../plane/resolve.js';
import type { SlackMessage } from '../blocks/types.js';
import { buildDetailsCard, type CardActions } from './work-item-card.blocks.js';
import { planeHtmlToMrkdwn, type MentionedPerson } from '../render/plane-html.js';
import type { WorkItemDetails } from '../../tools/index.js';

/** The Slack user with an e-mail, if any (users.lookupByEmail, cached: `slackUserByEmail`). */
export type SlackUserByEmail = (email: string) => Promise<string | undefined>;

/** At most this many mentions of one text are looked up (one users.lookupByEmail each, cached an hour). */
const LOOKED_UP_MAX = 10;

/**
 * The actions a work item's card offers: its project's states for the menu (from the Plane cache:
 * no request when warm), and Stop syncing when the card is in a thread linked to it.
 */
export async function cardActionsFor(
  kit: PlaneKit,
  item: Pick<WorkItemDetails, 'project' | 'state'>,
  linked = false,
): Promise<CardActions> {
  const api = kit.api();
  const slug = kit.slug();
  const project = await lookUpOrNone(
    (opts) => api.projects(slug, opts),
    (all) => all.find((p) => p.identifier === item.project.identifier),
  );
  const states = project ? await api.states(slug, project) : [];
  return { states: states.map((s) => s.name), state: item.state?.name, linked };
}

/**
 * The people a Plane text mentions, by Plane user id: their names from the workspace members (the
 * Plane cache), and their Slack ids where their e-mail has a Slack account. Nobody is named when
 * Plane cannot list the members: the mentions then read "@someone".
 */
export async function mentionedPeople(
  kit: PlaneKit,
  html: string,
  userByEmail?: SlackUserByEmail,
): Promise<(planeUserId: string) => MentionedPerson | undefined> {
  const ids = mentionedUserIds(html).slice(0, LOOKED_UP_MAX);
  if (ids.length === 0) return () => undefined;
  let members;
  try {
    members = await kit.api().workspaceMembers(kit.slug());
  } catch (error) {
    if (error instanceof PlaneError) return () => undefined;
    throw error;
  }
  const people = new Map<string, MentionedPerson>();
  for (const id of ids) {
    const member = members.find((m) => m.id.toLowerCase() === id);
    if (!member) continue;
    const slackId = member.email && userByEmail ? await userByEmail(member.email).catch(() => undefined) : undefined;
    people.set(id, { name: memberName(member), slackId });
  }
  return (planeUserId) => people.get(planeUserId.toLowerCase());
}

/**
 * A work item's card as every Slack surface shows it: its description as Slack formatting (mentions
 * of people with a Slack account as Slack mentions) and its actions.
 */
export async function detailsCard(
  kit: PlaneKit,
  item: WorkItemDetails,
  t: Translator,
  options: { linked?: boolean; note?: string; userByEmail?: SlackUserByEmail | undefined } = {},
): Promise<SlackMessage> {
  const html = item.descriptionHtml;
  const description =
    html === undefined ? undefined : planeHtmlToMrkdwn(html, { mention: await mentionedPeople(kit, html, options.userByEmail) });
  return buildDetailsCard(item, t, await cardActionsFor(kit, item, options.linked ?? false), options.note, description);
}
