import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { PlaneIdentities } from '../../identity/identities.js';
import type { Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { StateStore } from '../../state/store.js';
import { translatorFor } from '../locale.js';
import { knownPerson } from '../people.js';

/**
 * Every request's Plane calls as the person who made it: a command's runner, a button's or modal's
 * clicker, a message's author (their linked-thread reply becomes their comment), a Home tab's
 * viewer. When they connected a token, their handlers run under it (plane/credential.ts); otherwise
 * under the bot's key. Agent runs choose their own credential (their requester's), whatever request
 * drives them. When Plane refused the token on the way, the person is told beside the answer.
 */
export function actAsPerson(deps: {
  identities: PlaneIdentities;
  store: StateStore;
  logger: Logger;
  locale: Locale;
}): Middleware<AnyMiddlewareArgs> {
  return async ({ body, client, next }) => {
    const who = actingPerson(body);
    if (!who) return next();
    const { fellBack } = await deps.identities.actAs(who.user, next);
    if (!fellBack || !who.channel) return;
    const t = translatorFor(await knownPerson(deps.store, who.user), deps.locale);
    await client.chat
      .postEphemeral({ channel: who.channel, user: who.user, text: t.t('identity.fellBack'), ...(who.thread && { thread_ts: who.thread }) })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not say that a request fell back to the bot key'));
  };
}

interface Acting {
  user: string;
  /** Where a note beside the answer can go, when there is a place. */
  channel?: string;
  thread?: string;
}

/** Who made the request, as Slack says it: never anyone the payload merely names. */
function actingPerson(body: AnyMiddlewareArgs['body']): Acting | undefined {
  const payload = body as {
    type?: string;
    user_id?: string;
    channel_id?: string;
    user?: { id?: string };
    channel?: { id?: string };
    container?: { thread_ts?: string };
    event?: { type?: string; user?: string; channel?: string; thread_ts?: string; bot_id?: string; subtype?: string };
  };
  // A slash command.
  if (typeof payload.user_id === 'string' && payload.channel_id) return { user: payload.user_id, channel: payload.channel_id };
  // A button, a menu, a modal's submission: who clicked.
  if (payload.user?.id)
    return {
      user: payload.user.id,
      ...(payload.channel?.id && { channel: payload.channel.id }),
      ...(payload.container?.thread_ts && { thread: payload.container.thread_ts }),
    };
  // An event: its author (a message, a mention, a reaction, a Home tab opened), never a bot's post.
  const event = payload.event;
  if (payload.type === 'event_callback' && event?.user && !event.bot_id && event.subtype !== 'bot_message') {
    return { user: event.user, ...(event.channel && { channel: event.channel }), ...(event.thread_ts && { thread: event.thread_ts }) };
  }
  return undefined;
}
