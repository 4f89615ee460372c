import type { App } from '@slack/bolt';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ModalView } from '../blocks/types.js';

/** How long a modal waits for its content before a loading view is shown (the trigger lives three seconds). */
const CONTENT_WAIT_MS = 1_000;

/** Opens `view` with a trigger_id, or `loading` at once when `view` is not ready in time, then updates it. */
export async function openModal(
  client: App['client'],
  triggerId: string,
  built: ModalView | Promise<ModalView>,
  loading?: ModalView,
): Promise<void> {
  if (!loading || !(built instanceof Promise)) {
    await client.views.open({ trigger_id: triggerId, view: await built });
    return;
  }
  const view = built;
  // A view that fails later is the caller's to report; no unhandled rejection meanwhile.
  view.catch(() => undefined);
  const quick = await Promise.race([view, sleep(CONTENT_WAIT_MS).then(() => undefined)]);
  if (quick) {
    await client.views.open({ trigger_id: triggerId, view: quick });
    return;
  }
  const opened = await client.views.open({ trigger_id: triggerId, view: loading });
  const full = await view;
  if (opened.view?.id)
    await client.views.update({ view_id: opened.view.id, ...(opened.view.hash && { hash: opened.view.hash }), view: full });
}
