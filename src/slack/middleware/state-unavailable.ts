import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { isStateUnavailable } from '../../state/store.js';
import { tellClicker } from '../conversations/tell-privately.js';

/** What the person is told when the shared store does not answer: what happened and what to try. */
export function stateUnavailableText(what: 'message' | 'click' | 'command'): string {
  const outcome = {
    message: 'I did not start on your message. Send it again in a minute or two.',
    click: 'Your click was not recorded. Click again in a minute or two.',
    command: 'Try the command again in a minute or two; /task and /todo keep working meanwhile.',
  }[what];
  return `:warning: I can't work right now: my state store is unreachable. ${outcome}`;
}

interface EventBody {
  type?: string;
  event?: { type?: string; channel?: string; channel_type?: string; ts?: string; thread_ts?: string; subtype?: string; bot_id?: string; user?: string };
}

/**
 * A listener that fails because the state store is unreachable (Redis down) has been acked: without
 * a word the person would wait forever. Registered before the listeners, this tells them where they
 * asked — in the thread of a mention or a DM, privately to whoever clicked, to whoever ran a command —
 * and logs it. A reply in some thread is left unanswered: without the store nobody knows it was for us.
 */
export function tellWhenStateUnavailable(logger: Logger): Middleware<AnyMiddlewareArgs> {
  return async ({ next, body, client }) => {
    try {
      await next();
    } catch (error) {
      if (!isStateUnavailable(error)) throw error;
      logger.warn({ reason: (error as Error).message, kind: (body as EventBody).type }, 'state store unreachable: the request was not handled');
      await tell(client, body as AnyMiddlewareArgs['body']).catch((failure: unknown) =>
        logger.warn({ err: failure }, 'could not tell the person the state store is unreachable'),
      );
    }
  };
}

async function tell(client: Parameters<Middleware<AnyMiddlewareArgs>>[0]['client'], body: AnyMiddlewareArgs['body']): Promise<void> {
  if ('command' in body && typeof body.command === 'string') {
    await client.chat.postEphemeral({ channel: body.channel_id, user: body.user_id, text: stateUnavailableText('command') });
    return;
  }
  if (body.type === 'block_actions') {
    await tellClicker(client, body, stateUnavailableText('click'));
    return;
  }
  const event = (body as EventBody).event;
  if (!event?.channel || !event.ts || event.bot_id || event.subtype) return;
  const addressed = event.type === 'app_mention' || (event.type === 'message' && event.channel_type === 'im');
  if (!addressed) return;
  await client.chat.postMessage({ channel: event.channel, thread_ts: event.thread_ts ?? event.ts, text: stateUnavailableText('message') });
}
