import type { App, BlockAction } from '@slack/bolt';
import type { PlaneKit } from '../../plane/kit.js';
import { mayControl } from '../../agent/index.js';
import { readableFailure } from '../../tools/index.js';
import type { UndoEnv, UndoOutcome } from '../../undo/journal.js';
import { mentionUser } from '../blocks/text.js';
import type { Block } from '../blocks/types.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';
import type { ListenerDeps } from '../deps.js';
import type { Translator } from '../../i18n/index.js';
import { buildUndoSaid, fieldNames, undoneBlocks, type UndoneView, type UndoTarget } from './undo.blocks.js';

export type UndoDeps = ListenerDeps & { plane: PlaneKit; undo: UndoEnv };

/** Shows a card of the channel again as its item now is (the card lives with the work items, which offer Undo). */
export type ShowCardAgain = (card: { channel: string; ts: string; key: string }, t: Translator) => Promise<void>;

type ActionArgs = {
  body: BlockAction;
  client: App['client'];
  respond: (message: object) => Promise<unknown>;
  target: UndoTarget;
  showCardAgain: ShowCardAgain;
};

/**
 * Undo clicked under a confirmation: the write is taken back in Plane, the thread is told, and the
 * button becomes who undid it. Anything else (someone else's write, too late, already undone, a
 * field moved since) is told to the clicker only, and nothing changes.
 */
export async function undoWrite({ body, client, respond, target, showCardAgain }: ActionArgs, deps: UndoDeps): Promise<void> {
  const person = body.user.id;
  // Only the clicker sees it, under the message they clicked.
  const tellClicker = async (text: string): Promise<void> =>
    void (await respond({ response_type: 'ephemeral', replace_original: false, text }));
  const t = translatorFor(await requesterFor(client, deps.store, person), deps.locale);
  let outcome: UndoOutcome;
  try {
    outcome = await deps.undo.journal.undo({
      id: target.id,
      personId: person,
      mayUndo: (requesterId) => mayControl(requesterId, person, deps.undo.approvers),
      api: deps.plane.api(),
    });
  } catch (error) {
    const readable = readableFailure(error, t);
    if (readable === undefined) deps.logger.error({ err: error }, 'an undo failed');
    return tellClicker(t.t('undo.failed', { reason: readable ?? t.t('workItem.inTheLog') }));
  }
  switch (outcome.outcome) {
    case 'undone':
      break;
    case 'moved':
      return tellClicker(t.t('undo.moved', { fields: fieldNames(outcome.fields, t), key: outcome.change.item.key }));
    case 'already':
      return tellClicker(t.t('undo.already', { who: mentionUser(outcome.by) }));
    case 'not_allowed':
      return tellClicker(t.t('undo.notAllowed'));
    case 'too_late':
    case 'unknown':
      return tellClicker(t.t('undo.tooLate'));
  }
  const { change } = outcome;
  const view: UndoneView =
    change.kind === 'update'
      ? { kind: 'update', key: change.item.key, fields: change.fields.map((f) => f.field) }
      : change.kind === 'comment'
        ? { kind: 'comment', key: change.item.key }
        : { kind: 'create', key: change.item.key, state: outcome.state ?? '' };
  const message = body.message as { ts: string; thread_ts?: string; text?: string; blocks?: Block[] } | undefined;
  const channel = body.channel?.id ?? body.container?.channel_id;
  const ephemeral = (body.container as { is_ephemeral?: boolean } | undefined)?.is_ephemeral === true;
  const threadTs = message?.thread_ts ?? (ephemeral ? undefined : message?.ts);
  if (channel)
    await client.chat.postMessage({
      channel,
      ...(threadTs && { thread_ts: threadTs }),
      ...buildUndoSaid(view, person, t),
      unfurl_links: false,
    });
  if (channel && target.cardTs)
    await showCardAgain({ channel, ts: target.cardTs, key: change.item.key }, t).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not show the card again after an undo'),
    );
  if (!message?.blocks) return;
  const edited = { text: message.text ?? '', blocks: undoneBlocks(message.blocks, { id: person, at: new Date() }, t) };
  if (ephemeral) await respond({ replace_original: true, ...edited });
  else if (channel) await client.chat.update({ channel, ts: message.ts, ...edited });
}
