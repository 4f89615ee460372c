/**
 * One channel as the page holds it: top-level messages and each thread's replies, in ts order,
 * built from the page API's `messages` list and kept current by its live events. Applying an
 * event twice, or one the list already contains, changes nothing, so the page can replay the
 * events that arrive while it reloads the list.
 */
export class ChannelState {
  /**
   * @param {string} channel the channel id
   * @param {Array<object>} threads `GET /channels/:id/messages` → `messages` (each with `replies`)
   */
  constructor(channel, threads = []) {
    this.channel = channel;
    this.tops = new Map();
    this.replies = new Map();
    for (const { replies = [], ...top } of threads) {
      this.tops.set(top.ts, top);
      this.replies.set(top.ts, [...replies].sort(byTs));
    }
  }

  /** Top-level messages, oldest first. */
  topMessages() {
    return [...this.tops.values()].sort(byTs);
  }

  /** A thread's replies, oldest first (empty when it has none). */
  repliesOf(ts) {
    return this.replies.get(ts) ?? [];
  }

  top(ts) {
    return this.tops.get(ts);
  }

  /**
   * Applies a live event (`message_posted`, `message_updated`, `message_deleted` with its data).
   * Returns the ts of the thread it changed (the parent's for a reply), or undefined if nothing.
   */
  apply(type, data) {
    if (data?.channel !== this.channel) return undefined;
    if (type === 'message_deleted') return this.remove(data.ts, data.thread_ts);
    if (type !== 'message_posted' && type !== 'message_updated') return undefined;
    const message = data.message;
    if (!message || typeof message.ts !== 'string') return undefined;
    if (!isReply(message)) {
      this.tops.set(message.ts, message);
      if (!this.replies.has(message.ts)) this.replies.set(message.ts, []);
      return message.ts;
    }
    // A reply to a message the page does not hold is left out, as the channel list would.
    const replies = this.replies.get(message.thread_ts);
    if (!replies) return undefined;
    const index = replies.findIndex((reply) => reply.ts === message.ts);
    if (index >= 0) replies[index] = message;
    else {
      replies.push(message);
      replies.sort(byTs);
    }
    return message.thread_ts;
  }

  remove(ts, threadTs) {
    if (threadTs !== undefined && threadTs !== ts) {
      const replies = this.replies.get(threadTs);
      const index = replies ? replies.findIndex((reply) => reply.ts === ts) : -1;
      if (index < 0) return undefined;
      replies.splice(index, 1);
      return threadTs;
    }
    if (!this.tops.delete(ts)) return undefined;
    this.replies.delete(ts);
    return ts;
  }
}

export function isReply(message) {
  return typeof message.thread_ts === 'string' && message.thread_ts !== message.ts;
}

/** Exact order of two "seconds.micros" timestamps (a Number would round the micros). */
export function byTs(a, b) {
  const [aSeconds = '', aMicros = ''] = a.ts.split('.');
  const [bSeconds = '', bMicros = ''] = b.ts.split('.');
  return Number(aSeconds) - Number(bSeconds) || aMicros.localeCompare(bMicros);
}
