/** Types of html.js for TypeScript callers (tests); the page itself is plain JavaScript. */
export interface Directory {
  readonly viewer: string | undefined;
  userName(id: string): string | undefined;
  realName(id: string): string | undefined;
  channelName(id: string): string | undefined;
}
export function escapeHtml(text: unknown): string;
export function safeHref(url: unknown): string | undefined;
export function linkHtml(url: unknown, labelHtml: string): string;
export function createDirectory(lists?: {
  users?: readonly { id: string; name: string; real_name?: string }[];
  channels?: readonly { id: string; name: string; type?: string }[];
  viewer?: string;
}): Directory;
export function userMentionHtml(directory: Directory | undefined, id: string, label?: string): string;
export function channelMentionHtml(directory: Directory | undefined, id: string, label?: string): string;
export function broadcastHtml(range: string): string;
export function jsonHtml(value: unknown): string;
export function utcDateText(seconds: unknown): string;
