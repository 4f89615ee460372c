import type { App } from '@slack/bolt';
import { matchLocale, translator, type Locale } from '../../i18n/index.js';
import type { Told } from '../../intake-desk/desk.js';
import type { Logger } from '../../log.js';
import type { OutboxOf } from '../../notifications/outbox.js';
import { slackErrorCode } from '../web-api-errors.js';
import { buildNews } from './intake-desk.blocks.js';

/** The outbox kind of news about an intake request. */
export const INTAKE_NEWS = 'intake-news';

/** The outbox kind of intake news and what its sender reads. */
export type IntakeNewsKinds = { [INTAKE_NEWS]: Told };

/** Errors a retry cannot cure: the thread or channel is gone, or the bot was removed. */
const HOPELESS = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'thread_not_found', 'invalid_thread_ts']);

/** News about a request goes into the asker's thread, in the asker's language, paced like every notice. */
export function registerIntakeNewsSender(outbox: OutboxOf<IntakeNewsKinds>, client: App['client'], logger: Logger, fallback: Locale): void {
  outbox.register(INTAKE_NEWS, {
    async send(entry, context) {
      const told = entry.payload;
      const t = translator(matchLocale(told.locale, fallback));
      try {
        await context.paced(() =>
          client.chat.postMessage({
            channel: told.channel,
            thread_ts: told.threadTs,
            unfurl_links: false,
            ...buildNews(told.news, told.askerId, t),
          }),
        );
      } catch (error) {
        if (!HOPELESS.has(slackErrorCode(error) ?? '')) throw error;
        logger.warn({ err: error, channel: told.channel }, 'intake news could not be posted');
      }
    },
  });
}
