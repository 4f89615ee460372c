import { checkMessage } from './message-limits.js';
import type { SlackMessage, Workspace, WorkspaceChannel } from './workspace.js';

type Json = Record<string, unknown>;

/** A URL in Slack's wire text: `<https://…>` or `<https://…|label>`. */
const LINK = /<(https?:\/\/[^|>\s]+)(?:\|[^>]*)?>/g;
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * App unfurls: the app's `features.unfurl_domains`. A person's message with a link to one of them
 * (the domain or a subdomain; Slack matches host names, not ports) makes Slack send `link_shared`;
 * `chat.unfurl` then attaches the app's blocks under the message, for the URLs of that event only
 * (`cannot_unfurl_url` otherwise). Calling it again for the same URL replaces that unfurl.
 */
export class Unfurls {
  /** Per `channel:ts`, the URLs a link_shared offered the app. */
  private readonly offered = new Map<string, Set<string>>();

  constructor(private readonly domains: readonly string[]) {}

  private matches(host: string): string | undefined {
    return this.domains.find((domain) => host === domain || host.endsWith(`.${domain}`));
  }

  /** The link_shared event for a person's message, when it links to an unfurl domain. */
  linkShared(workspace: Workspace, channel: WorkspaceChannel, message: SlackMessage): Json | undefined {
    const links: { domain: string; url: string }[] = [];
    for (const match of message.text.matchAll(LINK)) {
      const url = decode(match[1]!);
      let host: string;
      try {
        host = new URL(url).hostname;
      } catch {
        continue;
      }
      const domain = this.matches(host);
      if (domain && !links.some((l) => l.url === url)) links.push({ domain: host, url });
    }
    if (links.length === 0) return undefined;
    this.offered.set(`${channel.id}:${message.ts}`, new Set(links.map((l) => l.url)));
    return {
      type: 'link_shared',
      channel: channel.id,
      is_bot_user_member: workspace.isMember(channel.id, workspace.bot.userId),
      user: message.user,
      message_ts: message.ts,
      ...(message.thread_ts !== undefined && message.thread_ts !== message.ts ? { thread_ts: message.thread_ts } : {}),
      unfurl_id: `${channel.id}.${message.ts}.${links.length}`,
      source: 'conversations_history',
      links,
      event_ts: workspace.nextTs(),
    };
  }

  /**
   * chat.unfurl for `channel`+`ts`: the error code Slack answers, or the message's attachments with
   * the new unfurls (each an attachment with the app's blocks, `app_unfurl_url` and `is_app_unfurl`).
   */
  attach(
    workspace: Workspace,
    channelId: string,
    ts: string,
    unfurls: unknown,
  ): { error: string; messages?: string[] } | { attachments: Json[] } {
    const message = workspace.message(channelId, ts);
    if (!message) return { error: 'cannot_find_message' };
    if (unfurls === undefined) return { error: 'missing_unfurls' };
    if (typeof unfurls !== 'object' || unfurls === null || Array.isArray(unfurls)) return { error: 'invalid_unfurls_format' };
    const offered = this.offered.get(`${channelId}:${ts}`) ?? new Set<string>();
    const attachments = [...((message.attachments as Json[] | undefined) ?? [])];
    for (const [url, unfurl] of Object.entries(unfurls as Json)) {
      if (!message.text.includes(url.replace(/&/g, '&amp;')) && !message.text.includes(url)) return { error: 'cannot_unfurl_message' };
      if (!offered.has(url)) return { error: 'cannot_unfurl_url' };
      const blocks = (unfurl as Json | null)?.blocks;
      if (!Array.isArray(blocks)) return { error: 'invalid_unfurls_format' };
      const problem = checkMessage({ blocks }, true);
      if (problem) return { error: problem.error === 'no_text' ? 'invalid_unfurls_format' : problem.error, messages: problem.messages };
      const { bot } = workspace;
      const attachment: Json = {
        id: 0,
        blocks,
        app_unfurl_url: url,
        is_app_unfurl: true,
        from_url: url,
        original_url: url,
        app_id: bot.appId,
        bot_id: bot.botId,
        fallback: `[no preview available] ${url}`,
      };
      const at = attachments.findIndex((a) => a.app_unfurl_url === url);
      if (at >= 0) attachments[at] = attachment;
      else attachments.push(attachment);
    }
    attachments.forEach((a, index) => (a.id = index + 1));
    return { attachments };
  }
}
