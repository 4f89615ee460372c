import type { Delivery } from './delivery.js';

/** How the app answered a command or a click, as the emulator's callers see it. */
export interface AppAnswer {
  /** HTTP status of the app's answer; 0 when there was none. */
  status: number;
  /** The raw ack body. */
  body: string;
  /** Why Slack would show the person an error: a delivery failure or an unusable ack body. */
  error?: string;
}

export function answerOf(delivery: Delivery): AppAnswer {
  const error = delivery.error ?? (delivery.status === 200 ? undefined : `http_${delivery.status}`);
  return { status: delivery.status, body: delivery.responseBody, ...(error ? { error } : {}) };
}
