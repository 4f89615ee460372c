/** Types of channel-state.js for TypeScript callers (tests); the page itself is plain JavaScript. */
export interface StateMessage {
  ts: string;
  thread_ts?: string;
  [key: string]: unknown;
}
export type ChangeType = 'message_posted' | 'message_updated' | 'message_deleted';
export class ChannelState {
  constructor(channel: string, threads?: readonly (StateMessage & { replies?: StateMessage[] })[]);
  readonly channel: string;
  topMessages(): StateMessage[];
  repliesOf(ts: string): StateMessage[];
  top(ts: string): StateMessage | undefined;
  apply(type: ChangeType | string, data: unknown): string | undefined;
  remove(ts: string, threadTs?: string): string | undefined;
}
export function isReply(message: StateMessage): boolean;
export function byTs(a: { ts: string }, b: { ts: string }): number;
