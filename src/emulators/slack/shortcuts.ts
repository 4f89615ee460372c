import { answerOf, type AppAnswer } from './app-answers.js';
import type { Deliverer } from './delivery.js';
import { messageActionPayload } from './payloads.js';
import type { ResponseUrls } from './response-urls.js';
import type { Triggers } from './triggers.js';
import { memberChannel, UsageError } from './usage-error.js';
import type { Workspace } from './workspace.js';

/** A shortcut of the app's manifest (`features.shortcuts`). */
export interface Shortcut {
  name: string;
  type: 'message' | 'global';
  callback_id: string;
  description: string;
}

export interface ShortcutRun {
  user: string;
  channel: string;
  /** The message the shortcut is used on (its "…" menu). */
  messageTs: string;
  callbackId: string;
}

export interface ShortcutDeps {
  workspace: Workspace;
  deliverer: Deliverer;
  responseUrls: ResponseUrls;
  triggers: Triggers;
  shortcuts: readonly Shortcut[];
}

/**
 * A person picks one of the app's message shortcuts in a message's "…" menu. The app gets the
 * signed `message_action` payload with the message, a response_url and a trigger_id good for three
 * seconds (for views.open).
 */
export async function runShortcut(deps: ShortcutDeps, run: ShortcutRun): Promise<AppAnswer> {
  const { workspace, deliverer, responseUrls, triggers } = deps;
  const channel = memberChannel(workspace, run.user, run.channel);
  const shortcut = deps.shortcuts.find((s) => s.type === 'message' && s.callback_id === run.callbackId);
  if (!shortcut) throw new UsageError(`the app has no message shortcut ${run.callbackId}`);
  const message = workspace.message(channel.id, run.messageTs);
  if (!message || message.subtype === 'tombstone') throw new UsageError(`no message ${run.messageTs} in ${channel.id}`);
  const responseUrl = responseUrls.create({ channel: channel.id, user: run.user, sourceIsLastResponse: false });
  const payload = messageActionPayload(workspace, {
    userId: run.user,
    channel,
    message: structuredClone(message),
    callbackId: shortcut.callback_id,
    responseUrl,
    triggerId: triggers.issue(run.user),
  });
  return answerOf(await deliverer.send('interaction', payload));
}
