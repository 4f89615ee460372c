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
  elements: ButtonElement[];
}

export interface DividerBlock {
  type: 'divider';
  block_id?: string;
}

export type Block = SectionBlock | HeaderBlock | ContextBlock | ActionsBlock | DividerBlock;

/** What chat.postMessage / chat.update / respond() take: `text` is the notification and screen-reader fallback. */
export interface SlackMessage {
  text: string;
  blocks: Block[];
}
