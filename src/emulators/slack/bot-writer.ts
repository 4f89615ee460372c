import type { Deliverer } from './delivery.js';
import { eventEnvelope, messageChangedEvent, messageDeletedEvent, messageEvent } from './payloads.js';
import type { NewMessage, SlackMessage, Workspace, WorkspaceChannel } from './workspace.js';

/**
 * The bot's writes to channel messages, whether through the Web API or a response_url. Slack tells
 * an app subscribed to `message.*` about its own posts, edits and deletions too (`bot_id` set, or
 * subtype `message_changed` / `message_deleted`); a bot that does not filter them answers itself,
 * and echoing them here lets the tests catch that.
 */
export class BotWriter {
  constructor(
    private readonly workspace: Workspace,
    private readonly deliverer: Deliverer,
    private readonly echo: boolean,
  ) {}

  post(channelId: string, fields: NewMessage): SlackMessage {
    const message = this.workspace.post(channelId, fields);
    this.deliver(channelId, (channel) => messageEvent(channel, message));
    return message;
  }

  update(channelId: string, ts: string, patch: Partial<NewMessage>): SlackMessage {
    const previous = structuredClone(this.workspace.message(channelId, ts));
    const message = this.workspace.update(channelId, ts, patch);
    if (previous) this.deliver(channelId, (channel) => messageChangedEvent(channel, message, previous, this.workspace.nextTs()));
    return message;
  }

  delete(channelId: string, ts: string): void {
    const previous = structuredClone(this.workspace.message(channelId, ts));
    if (!previous) return;
    this.workspace.delete(channelId, ts);
    this.deliver(channelId, (channel) => messageDeletedEvent(channel, previous, this.workspace.nextTs()));
  }

  private deliver(channelId: string, build: (channel: WorkspaceChannel) => Record<string, unknown>): void {
    const channel = this.workspace.channel(channelId);
    if (!this.echo || !channel || !this.workspace.isMember(channelId, this.workspace.bot.userId)) return;
    // Slack sends these after answering the Web API call; the Deliverer keeps track of them.
    void this.deliverer.send('event', eventEnvelope(this.workspace, structuredClone(build(channel))));
  }
}
