import type { App } from '@slack/bolt';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../blocks/types.js';
import { type Clock, systemClock } from './clock.js';
import { Coalescer } from './coalescer.js';

/** One status message is edited at most about once a second. */
export const STATUS_EDIT_INTERVAL_MS = 1000;

/**
 * The edits of every status message this process shows, one coalescer per message: every reporter
 * of a run (a run resumed after an approval gets a new one) goes through the same queue, so the
 * newest state always lands last. Entries go away once their message is quiet.
 */
export class StatusMessages {
  private readonly queues = new Map<string, Coalescer<SlackMessage>>();

  constructor(
    private readonly client: App['client'],
    private readonly logger: Logger,
    private readonly clock: Clock = systemClock,
    private readonly intervalMs = STATUS_EDIT_INTERVAL_MS,
  ) {}

  /** Shows `message` in the status message soon (coalesced with other edits of it). */
  show(channel: string, ts: string, message: SlackMessage): void {
    this.queue(channel, ts).push(message);
  }

  /** Resolves once the last state shown has reached Slack (or failed). */
  async settled(channel: string, ts: string): Promise<void> {
    await this.queues.get(`${channel}:${ts}`)?.flush();
  }

  private queue(channel: string, ts: string): Coalescer<SlackMessage> {
    const key = `${channel}:${ts}`;
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new Coalescer<SlackMessage>({
        intervalMs: this.intervalMs,
        clock: this.clock,
        send: async (message) => {
          await this.client.chat.update({ channel, ts, ...message });
        },
        onError: (error) => this.logger.warn({ err: error, channel, ts }, 'status message edit failed'),
        onIdle: () => this.queues.delete(key),
      });
      this.queues.set(key, queue);
    }
    return queue;
  }
}
