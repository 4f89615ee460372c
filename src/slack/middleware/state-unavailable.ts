import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Translator } from '../../i18n/index.js';
import { isStateUnavailable } from '../../state/store.js';
import { tellClicker } from '../conversations/tell-privately.js';
import type { ListenerDeps } from '../deps.js';
import { translatorFor } from '../locale.js';
import { requesterFor } from '../people.js';

type Client = Parameters<Middleware<AnyMiddlewareArgs>>[0]['client'];

interface EventBody {
  type?: string;
  event?: {
    type?: string;
    channel?: string;
    channel_type?: string;
    ts?: string;
    thread_ts?: string;
    subtype?: string;
    bot_id?: string;
    user?: string;
  };
}

/**
 * A listener that fails because the state store is unreachable (Redis down) has been acked: without
 * a word the person would wait forever. Registered before the listeners, this tells them where they
 * asked — in the thread of a mention or a DM, privately to whoever clicked or ran a command — in their
 * language, and logs it. A reply in some thread is left unanswered: without the store nothing says
 * the thread is the bot's.
 */
export function tellWhenStateUnavailable(deps: ListenerDeps): Middleware<AnyMiddlewareArgs> {
  return async ({ next, body, client }) => {
    try {
      await next();
    } catch (error) {
      if (!isStateUnavailable(error)) throw error;
      deps.logger.warn(
        { reason: (error as Error).message, kind: (body as EventBody).type },
        'state store unreachable: the request was not handled',
      );
      const readerOf = async (userId: string) => translatorFor(await requesterFor(client, deps.store, userId), deps.locale);
      await tell(client, body, readerOf).catch((failure: unknown) =>
        deps.logger.warn({ err: failure }, 'could not tell the person the state store is unreachable'),
      );
    }
  };
}

async function tell(client: Client, body: AnyMiddlewareArgs['body'], readerOf: (userId: string) => Promise<Translator>): Promise<void> {
  if ('command' in body && typeof body.command === 'string') {
    const { t } = await readerOf(body.user_id);
    await client.chat.postEphemeral({ channel: body.channel_id, user: body.user_id, text: t('store.unavailable.command') });
    return;
  }
  if (body.type === 'block_actions') {
    const { t } = await readerOf(body.user.id);
    await tellClicker(client, body, t('store.unavailable.click'));
    return;
  }
  const event = (body as EventBody).event;
  if (!event?.channel || !event.ts || !event.user || event.bot_id || event.subtype) return;
  const addressed = event.type === 'app_mention' || (event.type === 'message' && event.channel_type === 'im');
  if (!addressed) return;
  const { t } = await readerOf(event.user);
  await client.chat.postMessage({ channel: event.channel, thread_ts: event.thread_ts ?? event.ts, text: t('store.unavailable.message') });
}
