import type { Deliverer } from './delivery.js';
import { eventEnvelope, messageChangedEvent, messageDeletedEvent, messageEvent } from './payloads.js';
import type { SlackMessage, Workspace, WorkspaceChannel } from './workspace.js';

/**
 * Slack tells an app subscribed to `message.*` about its own posts, edits and deletions too
 * (`bot_id` set, or subtype `message_changed` / `message_deleted`). A bot that does not filter them
 * answers itself; delivering them here lets the tests catch that.
 */
export class BotEcho {
  constructor(
    private readonly workspace: Workspace,
    private readonly deliverer: Deliverer,
    private readonly enabled: boolean,
  ) {}

  posted(channelId: string, message: SlackMessage): void {
    this.deliver(channelId, (channel) => messageEvent(channel, message));
  }

  changed(channelId: string, message: SlackMessage, previous: SlackMessage): void {
    this.deliver(channelId, (channel) => messageChangedEvent(channel, message, previous, this.workspace.nextTs()));
  }

  deleted(channelId: string, previous: SlackMessage): void {
    this.deliver(channelId, (channel) => messageDeletedEvent(channel, previous, this.workspace.nextTs()));
  }

  private deliver(channelId: string, build: (channel: WorkspaceChannel) => Record<string, unknown>): void {
    const channel = this.workspace.channel(channelId);
    if (!this.enabled || !channel || !this.workspace.isMember(channelId, this.workspace.bot.userId)) return;
    // Slack sends these after answering the Web API call; the Deliverer keeps track of them.
    void this.deliverer.send('event', eventEnvelope(this.workspace, structuredClone(build(channel))));
  }
}
