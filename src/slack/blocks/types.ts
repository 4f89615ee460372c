/**
 * The subset of Block Kit this app sends, as @slack/types (Slack's own, which Bolt's Web API client
 * takes) defines it: each type here is Slack's, narrowed to what the builders always give (an
 * `action_id`, an option's `value`, the elements an actions block may hold here), so that readers of
 * a built message need no checks and builders' output goes to chat.postMessage without casts.
 */
import type * as Slack from '@slack/types';

export type PlainTextObject = Slack.PlainTextElement;
export type MrkdwnObject = Slack.MrkdwnElement;
export type TextObject = Slack.TextObject;

export type ButtonElement = Slack.Button & { action_id: string };

export type OptionObject = Slack.PlainTextOption & { value: string };

export type StaticSelectElement = Slack.StaticSelect & { action_id: string; options: OptionObject[]; initial_option?: OptionObject };

export type MultiStaticSelectElement = Slack.MultiStaticSelect & {
  action_id: string;
  options: OptionObject[];
  initial_options?: OptionObject[];
};

export type PlainTextInputElement = Slack.PlainTextInput & { action_id: string };

export type InputElement = StaticSelectElement | MultiStaticSelectElement | PlainTextInputElement;

/** A modal's field: a label over one input element; `dispatch_action` makes a change send `block_actions` at once. */
export type InputBlock = Slack.InputBlock & { block_id: string; element: InputElement };

export type SectionBlock = Omit<Slack.SectionBlock, 'accessory'> & { accessory?: ButtonElement };

export type HeaderBlock = Slack.HeaderBlock;

export type ContextBlock = Omit<Slack.ContextBlock, 'elements'> & { elements: TextObject[] };

export type ActionsBlock = Omit<Slack.ActionsBlock, 'elements'> & { elements: (ButtonElement | StaticSelectElement)[] };

export type DividerBlock = Slack.DividerBlock;

/** A picture: from a URL, or a file uploaded to Slack (`slack_file`). */
export type ImageBlock = Slack.ImageBlock;

/** Slack's table (one per message, at most 100 rows of 20 cells). */
export type TableBlock = Slack.TableBlock;

export type Block = SectionBlock | HeaderBlock | ContextBlock | ActionsBlock | DividerBlock | ImageBlock | TableBlock;

/** What views.open and views.update take. */
export type ModalView = Omit<Slack.ModalView, 'blocks'> & { callback_id: string; blocks: (Block | InputBlock)[] };

/** What chat.postMessage / chat.update / respond() take: `text` is the notification and screen-reader fallback. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}
