import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from '@slack/bolt';
import { dueOf, type DueLists } from '../../digests/reminders.js';
import { resolveMe } from '../../plane/me.js';
import { dayIn, nextDayIn } from '../../schedules/occurrences.js';
import type { FileLocks } from '../../files/file-lock.js';
import { TaskStore } from '../../tasks/store.js';
import { walk } from '../../tasks/tree.js';
import type { HomeItem, HomeTask } from './app-home.blocks.js';
import type { CommandDeps, ConversationDeps } from '../deps.js';
import { zoneOf } from '../digests/jobs.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';
import { findMyWorkItems, listMyIssuesArgs, readableFailure, type Requester } from '../../tools/index.js';
import { buildHomeView, type HomeWithDue } from './due-soon.blocks.js';
import { identityLine } from '../identity/connect.js';
import { identityHomeBlocks } from '../identity/identity.blocks.js';

type WebClient = App['client'];

/** What the Home tab reads: Plane as the person, the agent's waiting approvals, the channels' task files. */
export type HomeDeps = Pick<CommandDeps, 'plane' | 'dataDir' | 'fileLocks' | 'store' | 'logger' | 'locale' | 'identities'> &
  ConversationDeps;

/** Publishes the person's Home tab afresh, in their language (Slack sends `app_home_opened` on every visit). */
export async function publishHome(client: WebClient, deps: HomeDeps, userId: string): Promise<void> {
  const requester = await requesterFor(client, deps.store, userId);
  const t = translatorFor(requester, deps.locale);
  const [input, identity] = await Promise.all([homeInput(deps, requester), identityLine(deps, userId)]);
  const view = buildHomeView({ ...input, identity: identityHomeBlocks(identity, t) }, t);
  await client.views.publish({ user_id: userId, view });
}

export async function homeInput(deps: HomeDeps, requester: Requester, now = Date.now()): Promise<HomeWithDue> {
  const [plane, approvals, tasks] = await Promise.all([
    planeItems(deps, requester, now),
    deps.conversations.awaiting(requester.id),
    assignedTasks(deps.dataDir, deps.fileLocks, requester),
  ]);
  return { ...plane, approvals, tasks, now, ...(requester.timeZone && { timeZone: requester.timeZone }) };
}

async function planeItems(deps: HomeDeps, requester: Requester, now: number): Promise<Pick<HomeWithDue, 'items' | 'planeProblem' | 'due'>> {
  try {
    // Only the person's own items: when their e-mail matches no member, "me" would be the key's user.
    const me = await resolveMe(deps.plane.api(), deps.plane.slug(), requester);
    if (me.note !== undefined) return { planeProblem: me.note };
    // All of them, however many: the tab shows what fits and counts the rest, and what is due soon may be anywhere.
    const mine = await findMyWorkItems(deps.plane, listMyIssuesArgs.read({}), requester);
    const items: HomeItem[] = mine.items.flatMap((item) =>
      item.state
        ? [{ key: item.key, title: item.title, url: item.url, state: item.state.name, group: item.state.group, priority: item.priority }]
        : [],
    );
    // The same items, by the days of the person's zone (the reminders' rule): no more Plane requests.
    const zone = zoneOf(requester.timeZone);
    const [today, tomorrow] = [dayIn(zone, new Date(now)), nextDayIn(zone, new Date(now))];
    const due: DueLists = { overdue: [], today: [], tomorrow: [] };
    for (const item of mine.items) {
      const when = dueOf({ targetDate: item.targetDate, state: item.state ?? undefined }, today, tomorrow);
      if (when) due[when].push({ key: item.key, title: item.title, url: item.url, state: item.state?.name, due: item.targetDate! });
    }
    due.overdue.sort((a, b) => a.due.localeCompare(b.due));
    return { items, due };
  } catch (error) {
    const readable = readableFailure(error, translatorFor(requester, deps.locale));
    if (readable === undefined) deps.logger.warn({ err: error }, 'the Home tab could not read Plane');
    return { planeProblem: readable ?? String(error) };
  }
}

/** The open tasks of every channel's tree assigned to the person (trees store the name `/task` showed, or the agent wrote). */
export async function assignedTasks(dataDir: string, locks: FileLocks, requester: Requester): Promise<HomeTask[]> {
  const names = new Set([requester.id, requester.name].filter((name): name is string => !!name).map((name) => name.toLowerCase()));
  const channels = await readdir(join(dataDir, 'channels')).catch(() => [] as string[]);
  const found: HomeTask[] = [];
  for (const channel of channels.filter((name) => /^[CDG][A-Z0-9]+$/.test(name)).sort()) {
    const { tasks } = await (await TaskStore.open({ dir: join(dataDir, 'channels', channel), locks })).read().catch(() => ({ tasks: [] }));
    for (const { task } of walk(tasks)) {
      if (task.status === 'done' || !task.assignee || !names.has(task.assignee.replace(/^@/, '').toLowerCase())) continue;
      found.push({ channel, id: task.id, title: task.title, status: task.status, priority: task.priority });
    }
  }
  return found;
}
