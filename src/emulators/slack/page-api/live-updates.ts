import type { ServerResponse } from 'node:http';
import type { ViewChange, Views } from '../views.js';
import type { Workspace, WorkspaceChange } from '../workspace.js';
import { canSee, pageMessage, type IsStreaming } from './views.js';

const HEARTBEAT_MS = 15_000;

interface Listener {
  res: ServerResponse;
  viewer: string;
}

/**
 * Server-Sent Events for the page: every change to what a viewer can see, as
 * `event: message_posted|message_updated|message_deleted` with a JSON `data` line. Ephemeral
 * messages go only to the person they are for. A person's modal opening, changing and closing
 * (`view_opened|view_updated|view_closed`, data `{ view, errors }`) goes only to them, and so does
 * their Home tab when the app publishes it (`home_published`, data `{ view, errors }`).
 */
export class LiveUpdates {
  private readonly listeners = new Set<Listener>();
  private sequence = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeViews: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly workspace: Workspace,
    views: Views,
    private readonly isStreaming: IsStreaming,
  ) {
    this.unsubscribe = workspace.onChange((change) => this.broadcast(change));
    this.unsubscribeViews = views.onChange((change) => this.tell(change));
    // A comment line now and then keeps proxies from closing an idle stream.
    this.heartbeat = setInterval(() => this.listeners.forEach(({ res }) => res.write(': keep-alive\n\n')), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  open(res: ServerResponse, viewer: string): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(`retry: 1000\nevent: hello\ndata: ${JSON.stringify({ viewer })}\n\n`);
    const listener = { res, viewer };
    this.listeners.add(listener);
    res.on('close', () => this.listeners.delete(listener));
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeViews();
    clearInterval(this.heartbeat);
    for (const { res } of this.listeners) res.end();
    this.listeners.clear();
  }

  private broadcast(change: WorkspaceChange): void {
    const channel = this.workspace.channel(change.channel);
    if (!channel || this.listeners.size === 0) return;
    this.sequence += 1;
    const data = JSON.stringify(this.eventData(change));
    const frame = `id: ${this.sequence}\nevent: ${change.type}\ndata: ${data}\n\n`;
    for (const { res, viewer } of this.listeners) {
      if (!canSee(channel, viewer)) continue;
      if (change.visibleTo !== undefined && change.visibleTo !== viewer) continue;
      res.write(frame);
    }
  }

  private tell(change: ViewChange): void {
    this.sequence += 1;
    const frame = `id: ${this.sequence}\nevent: ${change.type}\ndata: ${JSON.stringify({ view: change.view, errors: change.errors })}\n\n`;
    for (const { res, viewer } of this.listeners) if (viewer === change.user) res.write(frame);
  }

  private eventData(change: WorkspaceChange): Record<string, unknown> {
    const ephemeral = change.visibleTo !== undefined;
    if (change.type === 'message_deleted') {
      const { channel, ts, thread_ts } = change;
      return { channel, ts, ...(thread_ts ? { thread_ts } : {}), ...(ephemeral ? { ephemeral: true } : {}) };
    }
    return { channel: change.channel, message: pageMessage(change.channel, change.message, { ephemeral, isStreaming: this.isStreaming }) };
  }
}
