/** Types of chrome-view.js for TypeScript callers (tests); the page itself is plain JavaScript. */
export interface SandboxInfo {
  plane: 'demo' | 'real';
  model: boolean;
  planeUrl?: string;
}
interface Channel {
  id: string;
  name: string;
  type: string;
}
export function bannersHtml(info: SandboxInfo, botName: string): string;
export function peopleOptionsHtml(
  users: readonly { id: string; name: string; real_name: string; is_bot: boolean }[],
  viewer: string,
): string;
export function channelLabel(channel: Channel, botName: string): string;
export function channelListHtml(
  workspace: { bot: { name: string }; channels: readonly Channel[] },
  current: string,
  unread: ReadonlySet<string>,
): string;
export function hintsHtml(botName: string, commands: readonly string[]): string;
export function intakePanelHtml(requests: readonly { key: string; name: string; status?: string }[] | unknown): string;
export const HOME: 'home';
export function homeHtml(view: { id: string; blocks: unknown } | null, botName: string, directory?: import('./html.js').Directory): string;
