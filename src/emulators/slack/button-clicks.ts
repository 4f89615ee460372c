import { answerOf, type AppAnswer } from './app-answers.js';
import type { Deliverer } from './delivery.js';
import { blockActionsPayload } from './payloads.js';
import type { ResponseUrls } from './response-urls.js';
import type { Triggers } from './triggers.js';
import type { SlackMessage, Workspace } from './workspace.js';
import { memberChannel, UsageError } from './usage-error.js';

export interface ButtonClick {
  user: string;
  channel: string;
  /** The ts of the message holding the button (a channel message or one of the user's ephemerals). */
  messageTs: string;
  actionId: string;
  /** Picks among buttons sharing an action_id. */
  value?: string;
  blockId?: string;
  /** For a static select instead of a button: the value of the option chosen. */
  selected?: string;
}

export interface ClickDeps {
  workspace: Workspace;
  deliverer: Deliverer;
  responseUrls: ResponseUrls;
  triggers: Triggers;
}

type Json = Record<string, unknown>;

/**
 * A person clicks a button. The app gets the signed `block_actions` payload built from the stored
 * message's block, with a response_url whose `replace_original` /
 * `delete_original` act on that message.
 */
export async function clickButton(deps: ClickDeps, click: ButtonClick): Promise<AppAnswer> {
  const { workspace, deliverer, responseUrls } = deps;
  const channel = memberChannel(workspace, click.user, click.channel);
  const { message, ephemeral } = findMessage(workspace, click);
  const { block_id, element, attachment } = findElement(message, click);
  const action =
    click.selected === undefined
      ? {
          type: 'button',
          block_id,
          action_id: element.action_id,
          text: element.text,
          ...(element.value !== undefined ? { value: element.value } : {}),
          ...(element.style !== undefined ? { style: element.style } : {}),
          ...(element.url !== undefined ? { url: element.url } : {}),
          action_ts: workspace.nextTs(),
        }
      : {
          type: 'static_select',
          block_id,
          action_id: element.action_id,
          selected_option: chosenOption(element, click.selected),
          ...(element.placeholder !== undefined ? { placeholder: element.placeholder } : {}),
          action_ts: workspace.nextTs(),
        };
  const responseUrl = responseUrls.create({
    channel: channel.id,
    user: click.user,
    source: { ts: message.ts, ephemeral },
    sourceIsLastResponse: false,
    ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
  });
  const payload = blockActionsPayload(workspace, {
    userId: click.user,
    channel,
    message: structuredClone(message),
    ephemeral,
    action,
    responseUrl,
    triggerId: deps.triggers.issue(click.user),
    // A button of an app unfurl: the container is the attachment.
    ...(attachment && {
      container: {
        type: 'message_attachment',
        message_ts: message.ts,
        attachment_id: attachment.id,
        channel_id: channel.id,
        is_ephemeral: false,
        is_app_unfurl: true,
        app_unfurl_url: attachment.app_unfurl_url,
      },
    }),
  });
  return answerOf(await deliverer.send('interaction', payload));
}

function findMessage(workspace: Workspace, click: ButtonClick): { message: SlackMessage; ephemeral: boolean } {
  const stored = workspace.message(click.channel, click.messageTs);
  if (stored) return { message: stored, ephemeral: false };
  const ephemeral = workspace.ephemeral(click.messageTs);
  if (ephemeral && ephemeral.channel === click.channel && ephemeral.visibleTo === click.user)
    return { message: ephemeral.message, ephemeral: true };
  throw new UsageError(`${click.user} sees no message ${click.messageTs} in ${click.channel}`);
}

/** The button (or, with `selected`, the static select) the person uses. */
function findElement(message: SlackMessage, click: ButtonClick): { block_id: unknown; element: Json; attachment?: Json } {
  const type = click.selected === undefined ? 'button' : 'static_select';
  const attachments = ((message.attachments ?? []) as Json[]).filter((a) => Array.isArray(a.blocks));
  const places: { blocks: Record<string, unknown>[]; attachment?: Json }[] = [
    { blocks: message.blocks ?? [] },
    ...attachments.map((a) => ({ blocks: a.blocks as Record<string, unknown>[], attachment: a })),
  ];
  for (const { blocks, attachment } of places)
    for (const block of blocks) {
      if (click.blockId !== undefined && block.block_id !== click.blockId) continue;
      const elements =
        block.type === 'actions'
          ? (block.elements as Json[])
          : block.type === 'section' && block.accessory
            ? [block.accessory as Json]
            : [];
      const element = elements.find(
        (e) => e.type === type && e.action_id === click.actionId && (click.value === undefined || e.value === click.value),
      );
      if (element) return { block_id: block.block_id, element, ...(attachment && { attachment }) };
    }
  throw new UsageError(`no ${type} ${click.actionId} in message ${message.ts}`);
}

function chosenOption(select: Json, value: string): Json {
  const option = ((select.options as Json[] | undefined) ?? []).find((o) => o.value === value);
  if (!option) throw new UsageError(`"${value}" is not an option of ${String(select.action_id)}`);
  return { text: option.text, value: option.value };
}
