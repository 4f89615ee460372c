import type { Subscriptions } from '../../notifications/subscriptions.js';
import type { ThreadLinks } from '../../notifications/thread-links.js';
import type { PlaneKit } from '../../plane/kit.js';
import type { ListenerDeps } from '../deps.js';

/** What the shortcuts, modals, card actions and linked threads use: Plane, the links, the channel's subscriptions. */
export type WorkItemDeps = ListenerDeps & {
  plane: PlaneKit;
  links: ThreadLinks;
  notifications: { subscriptions: Subscriptions };
};
