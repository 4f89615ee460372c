import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';
import { tellClicker } from '../conversations/tell-privately.js';
import { INTAKE_ACTIONS } from './intake-desk.blocks.js';
import { buildLine } from './intake-desk.blocks.js';
import { fileNow, tellFailure, type IntakeDeskDeps } from './file-message.js';
import { mentionUser } from '../blocks/text.js';

type WebClient = App['client'];
type Respond = (message: { delete_original: true }) => Promise<unknown>;

/**
 * A button of the duplicate offer: only the asker may choose, and the first choice (on any replica)
 * is the one made. "Same as" adds the message to that item and follows it; "File it anyway" files;
 * "Cancel" files nothing. The offer disappears once chosen.
 */
export async function chooseOnOffer(
  client: WebClient,
  deps: IntakeDeskDeps,
  body: BlockAction,
  action: ButtonAction,
  respond: Respond,
): Promise<void> {
  const { desk } = deps;
  if (!desk) return;
  const requester = await requesterFor(client, deps.store, body.user.id);
  const t = translatorFor(requester, deps.locale);
  const [offerId = '', itemId] = (action.value ?? '').split('|');
  const offer = await desk.peekOffer(offerId);
  if (offer && offer.ask.askerId !== body.user.id) {
    await tellClicker(client, body, t.t('intake.onlyAsker'));
    return;
  }
  const taken = offer && (await desk.takeOffer(offerId));
  if (!taken) {
    await tellClicker(client, body, t.t('intake.chosen'));
    return;
  }
  const { ask } = taken;
  await respond({ delete_original: true }).catch(() => undefined);
  const post = (text: string) =>
    client.chat.postMessage({ channel: ask.channel, thread_ts: ask.threadTs, unfurl_links: false, ...buildLine(text) });
  try {
    if (action.action_id === INTAKE_ACTIONS.cancel) {
      await post(t.t('intake.cancelled', { asker: mentionUser(ask.askerId) }));
    } else if (action.action_id === INTAKE_ACTIONS.fileAnyway) {
      await fileNow(client, desk, ask, taken.projectId, t);
    } else {
      const candidate = taken.candidates.find((c) => c.itemId === itemId);
      if (!candidate) return;
      await desk.sameAs(ask, taken.projectId, candidate);
      await post(t.t('intake.sameAsDone', { asker: mentionUser(ask.askerId), key: candidate.key }));
    }
  } catch (error) {
    // Nothing was filed: the emoji may be added again.
    await desk.release(ask.channel, ask.messageTs).catch(() => undefined);
    await tellFailure(client, deps.logger, { channel: ask.channel, userId: ask.askerId, threadTs: ask.threadTs }, error, t);
  }
}
