/** Types of message-view.js for TypeScript callers (tests); the page itself is plain JavaScript. */
import type { Directory } from './html.js';
export interface MessageViewContext {
  directory?: Directory;
  workspace?: { users?: readonly { id: string; name: string; real_name?: string; is_bot?: boolean }[] };
  replies?: readonly { ts: string }[];
  inThread?: boolean;
}
export function messageHtml(message: Record<string, unknown> & { ts: string }, view: MessageViewContext): string;
export function authorOf(
  message: Record<string, unknown>,
  workspace: MessageViewContext['workspace'],
): { name: string; initial: string; bot: boolean };
export function timeOf(ts: string): string;
