/**
 * The subset of Block Kit this app sends. Kept local (structurally compatible with @slack/types'
 * KnownBlock, checked in test/slack/blocks/compat.test.ts) so that builders need no Slack package.
 */
export interface PlainTextObject {
  type: 'plain_text';
  text: string;
  emoji?: boolean;
}

export interface MrkdwnObject {
  type: 'mrkdwn';
  text: string;
  /** true: Slack does not auto-link URLs, channel names or mentions in this text. */
  verbatim?: boolean;
}

export type TextObject = PlainTextObject | MrkdwnObject;

export interface ButtonElement {
  type: 'button';
  text: PlainTextObject;
  action_id: string;
  value?: string;
  url?: string;
  style?: 'primary' | 'danger';
}

export interface OptionObject {
  text: PlainTextObject;
  value: string;
}

export interface StaticSelectElement {
  type: 'static_select';
  action_id: string;
  placeholder?: PlainTextObject;
  options: OptionObject[];
  initial_option?: OptionObject;
}

export interface MultiStaticSelectElement {
  type: 'multi_static_select';
  action_id: string;
  placeholder?: PlainTextObject;
  options: OptionObject[];
  initial_options?: OptionObject[];
}

export interface PlainTextInputElement {
  type: 'plain_text_input';
  action_id: string;
  placeholder?: PlainTextObject;
  initial_value?: string;
  multiline?: boolean;
  max_length?: number;
}

export type InputElement = StaticSelectElement | MultiStaticSelectElement | PlainTextInputElement;

/** A modal's field: a label over one input element. */
export interface InputBlock {
  type: 'input';
  block_id: string;
  label: PlainTextObject;
  element: InputElement;
  hint?: PlainTextObject;
  optional?: boolean;
  /** Changing the element sends `block_actions` at once (the project choice reloads the modal's lists). */
  dispatch_action?: boolean;
}

export interface SectionBlock {
  type: 'section';
  block_id?: string;
  text?: TextObject;
  fields?: TextObject[];
  accessory?: ButtonElement;
}

export interface HeaderBlock {
  type: 'header';
  block_id?: string;
  text: PlainTextObject;
}

export interface ContextBlock {
  type: 'context';
  block_id?: string;
  elements: TextObject[];
}

export interface ActionsBlock {
  type: 'actions';
  block_id?: string;
  elements: (ButtonElement | StaticSelectElement)[];
}

export interface DividerBlock {
  type: 'divider';
  block_id?: string;
}

export type Block = SectionBlock | HeaderBlock | ContextBlock | ActionsBlock | DividerBlock;

/** What views.open and views.update take. */
export interface ModalView {
  type: 'modal';
  callback_id: string;
  title: PlainTextObject;
  submit?: PlainTextObject;
  close?: PlainTextObject;
  blocks: (Block | InputBlock)[];
  private_metadata?: string;
}

/** What chat.postMessage / chat.update / respond() take: `text` is the notification and screen-reader fallback. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}
