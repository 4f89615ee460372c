import { answerOf, type AppAnswer } from './app-answers.js';
import type { Deliverer } from './delivery.js';
import { eventEnvelope } from './payloads.js';
import { UsageError } from './usage-error.js';
import type { Views } from './views.js';
import type { Workspace } from './workspace.js';

export interface HomeVisit {
  user: string;
  /** Which of the app's tabs the person opens; under `agent_view` the Messages tab sends the event too. Default `home`. */
  tab?: 'home' | 'messages';
}

/**
 * A person opens the app's Home tab (Slack sends `app_home_opened` on every visit, the first one
 * included). The event names the person, their DM with the app and the tab; it carries the Home
 * view only when the app published one for them before.
 */
export async function openAppHome(
  deps: { workspace: Workspace; deliverer: Deliverer; views: Views },
  visit: HomeVisit,
): Promise<AppAnswer> {
  const { workspace, deliverer, views } = deps;
  const user = workspace.user(visit.user);
  if (!user || user.is_bot) throw new UsageError(`${visit.user} is not a person of the workspace`);
  const dm = workspace.dmWith(user.id);
  if (!dm) throw new UsageError(`${user.id} has no DM with the app`);
  const home = views.homeOf(user.id);
  const event = {
    type: 'app_home_opened',
    user: user.id,
    channel: dm.id,
    tab: visit.tab ?? 'home',
    ...(home && { view: structuredClone(home.view) }),
    event_ts: workspace.nextTs(),
  };
  return answerOf(await deliverer.send('event', eventEnvelope(workspace, event)));
}
