import type { AllMiddlewareArgs, App, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { IdentityNotice, PlaneIdentities } from '../../identity/identities.js';
import type { Locale, Translator } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import { translatorFor } from '../locale.js';
import { knownPerson, requesterFor } from '../people.js';
import { buildConnectModal, TOKEN_FIELD, type IdentityLine } from './identity.blocks.js';

type WebClient = App['client'];

/** What the Slack side of identity needs. */
export interface IdentityDeps {
  identities?: PlaneIdentities;
  store: StateStore;
  logger: Logger;
  locale: Locale;
}

/** Where the modal was opened from: the Home tab is published again once it closes. */
const FROM_HOME = 'home';

/**
 * Opens the connect modal for the person, or says why connecting is off. Only the cache is read
 * before opening: a trigger lasts three seconds.
 */
export async function openConnectModal(
  client: WebClient,
  deps: IdentityDeps,
  userId: string,
  triggerId: string,
  from?: 'home',
): Promise<string | undefined> {
  const t = translatorFor(await knownPerson(deps.store, userId), deps.locale);
  if (!deps.identities?.enabled) return offText(deps.identities, t);
  await client.views.open({ trigger_id: triggerId, view: { ...buildConnectModal(t), ...(from && { private_metadata: FROM_HOME }) } });
  return undefined;
}

/** Why connecting is off, in the person's language. */
export function offText(identities: PlaneIdentities | undefined, t: Translator): string {
  return t.t('identity.off', { reason: identities?.offReason ?? 'no_key' });
}

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * The modal's token, checked with Plane and kept for the person who submitted it (body.user: Slack
 * says who, so nobody connects a token for someone else). Refusals go back into the modal as the
 * field's error; the token is never part of any answer.
 */
export async function submitConnectForm(
  args: SubmitArgs,
  deps: IdentityDeps,
  republishHome: (userId: string) => Promise<void>,
): Promise<void> {
  const { ack, body, view, client } = args;
  const userId = body.user.id;
  const token = view.state.values[TOKEN_FIELD.block]?.[TOKEN_FIELD.action]?.value ?? '';
  const requester = await requesterFor(client, deps.store, userId);
  const t = translatorFor(requester, deps.locale);
  const refuse = (text: string) => ack({ response_action: 'errors', errors: { [TOKEN_FIELD.block]: text } });
  if (!deps.identities?.enabled) return void (await refuse(offText(deps.identities, t)));
  // The e-mail is Slack's word now, not the hour-old cache's.
  const email = await chatEmail(client, userId, requester.email);
  const outcome = await deps.identities.connect(userId, email, token);
  switch (outcome.status) {
    case 'off':
      return void (await refuse(offText(deps.identities, t)));
    case 'invalid':
      return void (await refuse(t.t('identity.modal.invalid')));
    case 'no_email':
      return void (await refuse(t.t('identity.modal.noEmail')));
    case 'mismatch':
      return void (await refuse(t.t('identity.modal.mismatch', { planeEmail: outcome.planeEmail || '?', chatEmail: email ?? '?' })));
    case 'connected':
      await ack({ response_action: 'clear' });
      await client.chat.postMessage({
        channel: userId,
        text: t.t('identity.connected', { name: outcome.planeName, email: outcome.planeEmail }),
      });
      if (view.private_metadata === FROM_HOME) await republishHome(userId);
  }
}

async function chatEmail(client: WebClient, userId: string, cached: string | undefined): Promise<string | undefined> {
  try {
    const { user } = await client.users.info({ user: userId });
    return user?.profile?.email ?? undefined;
  } catch {
    return cached;
  }
}

/** `/plane disconnect` and the Home tab's button: the reply in the person's language. */
export async function disconnect(identities: PlaneIdentities | undefined, userId: string, t: Translator): Promise<string> {
  if (!identities) return offText(identities, t);
  return (await identities.disconnect(userId)) ? t.t('identity.disconnected') : t.t('identity.notConnected');
}

/** The Home tab's identity line. */
export async function identityLine(deps: Pick<IdentityDeps, 'identities'>, userId: string): Promise<IdentityLine> {
  if (!deps.identities?.enabled) return { state: 'off' };
  const view = await deps.identities.view(userId);
  return view.connected
    ? { state: 'connected', name: view.planeName ?? view.planeEmail ?? '', email: view.planeEmail ?? '' }
    : { state: 'not_connected' };
}

/** Tells a person in a DM that their token was forgotten (PlaneIdentities' `tell`). */
export function identityNoticeSender(
  client: WebClient,
  store: StateStore,
  locale: Locale,
): (userId: string, notice: IdentityNotice) => Promise<void> {
  return async (userId, notice) => {
    const t = translatorFor(await requesterFor(client, store, userId), locale);
    await client.chat.postMessage({ channel: userId, text: t.t(notice === 'refused' ? 'identity.dm.refused' : 'identity.dm.unreadable') });
  };
}
