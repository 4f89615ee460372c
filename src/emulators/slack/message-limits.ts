/**
 * Slack's message limits (docs/slack.md), enforced the way Slack answers them, so that a
 * bot that overflows a limit fails loudly in tests instead of in a customer's channel.
 */
export const MESSAGE_LIMITS = {
  /**
   * Slack's documents still say text is truncated past 40,000 characters; the Web API has answered
   * `msg_too_long` past 4,000 for years (docs/slack.md), which is what a bot must live with.
   */
  text: 4_000,
  markdownText: 12_000,
  blocks: 50,
  attachments: 100,
  /** Slack's cap on all text inside one message's blocks is undocumented; reports put it at 12–13k. */
  totalBlockText: 12_000,
  markdownBlocksTotal: 12_000,
  blockId: 255,
  actionId: 255,
  textObject: 3000,
  sectionFields: 10,
  sectionField: 2000,
  header: 150,
  contextElements: 10,
  actionsElements: 25,
  contextActionsElements: 5,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  options: 100,
  optionText: 75,
  optionValue: 75,
  altText: 2000,
  inputLabel: 2000,
  placeholder: 150,
  plainTextInput: 3000,
  tableRows: 100,
  tableCells: 20,
} as const;

export type MessageError =
  | 'no_text'
  | 'msg_too_long'
  | 'markdown_text_conflict'
  | 'invalid_blocks_format'
  | 'invalid_blocks'
  | 'msg_blocks_too_long'
  | 'too_many_attachments';

export interface MessageProblem {
  error: MessageError;
  /** Slack's `response_metadata.messages` lines: `[ERROR] what [json-pointer:/blocks/0/text]`. */
  messages: string[];
}

export interface MessageContent {
  text?: unknown;
  blocks?: unknown;
  attachments?: unknown;
  markdown_text?: unknown;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const L = MESSAGE_LIMITS;

/**
 * Checks one message body. `requireContent` is false for edits, where what is not sent is kept.
 */
export function checkMessage(content: MessageContent, requireContent = true): MessageProblem | undefined {
  const problem = (error: MessageError, ...messages: string[]): MessageProblem => ({ error, messages });
  const { text, blocks, attachments, markdown_text: markdown } = content;
  if (markdown !== undefined) {
    if (text !== undefined || blocks !== undefined) return problem('markdown_text_conflict');
    if (typeof markdown !== 'string' || markdown.length > L.markdownText)
      return problem('msg_too_long', `[ERROR] markdown_text must be at most ${L.markdownText} characters`);
    return undefined;
  }
  if (typeof text === 'string' && text.length > L.text) return problem('msg_too_long', `[ERROR] text must be at most ${L.text} characters`);
  if (attachments !== undefined && (!Array.isArray(attachments) || attachments.length > L.attachments))
    return problem('too_many_attachments');
  if (blocks !== undefined) {
    if (!Array.isArray(blocks)) return problem('invalid_blocks_format', '[ERROR] blocks must be a JSON array');
    const issues = checkBlocks(blocks);
    if (issues.length > 0) return problem('invalid_blocks', ...issues);
    const total = textLength(blocks);
    if (total > L.totalBlockText)
      return problem('msg_blocks_too_long', `[ERROR] the blocks hold ${total} characters of text, more than ${L.totalBlockText}`);
  }
  const hasContent =
    (typeof text === 'string' && text.length > 0) ||
    (Array.isArray(blocks) && blocks.length > 0) ||
    (Array.isArray(attachments) && attachments.length > 0);
  if (requireContent && !hasContent) return problem('no_text');
  return undefined;
}

/** Sum of every `text` string inside the blocks, however deep. */
function textLength(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textLength(item), 0);
  if (!isObject(value)) return 0;
  return Object.entries(value).reduce(
    (sum, [key, item]) => sum + (key === 'text' && typeof item === 'string' ? item.length : textLength(item)),
    0,
  );
}

class Issues {
  readonly list: string[] = [];
  add(pointer: string, what: string): void {
    this.list.push(`[ERROR] ${what} [json-pointer:${pointer}]`);
  }
  maxLength(value: unknown, pointer: string, max: number, required = false): void {
    if (value === undefined && !required) return;
    if (typeof value !== 'string') this.add(pointer, 'must be a string');
    else if (value.length > max) this.add(pointer, `must be at most ${max} characters`);
  }
  items(value: unknown, pointer: string, min: number, max: number): unknown[] {
    if (!Array.isArray(value)) {
      this.add(pointer, 'must be an array');
      return [];
    }
    if (value.length < min || value.length > max) this.add(pointer, `must hold ${min} to ${max} items`);
    return value;
  }
}

/** A modal holds up to 100 blocks, a message 50. */
export function checkBlocks(blocks: unknown[], maxBlocks: number = L.blocks): string[] {
  const issues = new Issues();
  if (blocks.length > maxBlocks) issues.add('/blocks', `must hold at most ${maxBlocks} blocks`);
  const blockIds = new Set<string>();
  let markdownTotal = 0;
  let tables = 0;
  blocks.forEach((block, index) => {
    const at = `/blocks/${index}`;
    if (!isObject(block) || typeof block.type !== 'string') return issues.add(at, 'must be a block with a type');
    if (block.block_id !== undefined) {
      issues.maxLength(block.block_id, `${at}/block_id`, L.blockId);
      if (typeof block.block_id === 'string' && blockIds.has(block.block_id)) issues.add(`${at}/block_id`, 'is a duplicate');
      if (typeof block.block_id === 'string') blockIds.add(block.block_id);
    }
    if (block.type === 'markdown' && typeof block.text === 'string') markdownTotal += block.text.length;
    if (block.type === 'table') tables += 1;
    checkBlock(block, at, issues);
  });
  if (markdownTotal > L.markdownBlocksTotal)
    issues.add('/blocks', `markdown blocks hold ${markdownTotal} characters together, more than ${L.markdownBlocksTotal}`);
  if (tables > 1) issues.add('/blocks', 'only one table block is allowed per message');
  return issues.list;
}

function checkBlock(block: Json, at: string, issues: Issues): void {
  switch (block.type) {
    case 'section':
      if (block.text === undefined && block.fields === undefined) issues.add(at, 'needs text or fields');
      if (block.text !== undefined) checkText(block.text, `${at}/text`, issues, L.textObject);
      if (block.fields !== undefined)
        issues
          .items(block.fields, `${at}/fields`, 1, L.sectionFields)
          .forEach((field, i) => checkText(field, `${at}/fields/${i}`, issues, L.sectionField));
      if (block.accessory !== undefined) checkElement(block.accessory, `${at}/accessory`, issues);
      return;
    case 'header':
      return checkText(block.text, `${at}/text`, issues, L.header, true);
    case 'divider':
      return;
    case 'context':
      issues.items(block.elements, `${at}/elements`, 1, L.contextElements).forEach((element, i) => {
        if (isObject(element) && element.type === 'image') checkImage(element, `${at}/elements/${i}`, issues);
        else checkText(element, `${at}/elements/${i}`, issues, L.textObject);
      });
      return;
    case 'actions':
    case 'context_actions': {
      const max = block.type === 'actions' ? L.actionsElements : L.contextActionsElements;
      const actionIds = new Set<string>();
      issues.items(block.elements, `${at}/elements`, 1, max).forEach((element, i) => {
        checkElement(element, `${at}/elements/${i}`, issues);
        const actionId = isObject(element) ? element.action_id : undefined;
        if (typeof actionId === 'string' && actionIds.has(actionId))
          issues.add(`${at}/elements/${i}/action_id`, 'is a duplicate within the block');
        if (typeof actionId === 'string') actionIds.add(actionId);
      });
      return;
    }
    case 'markdown':
      if (typeof block.text !== 'string' || block.text.length === 0) issues.add(`${at}/text`, 'must be a non-empty string');
      else issues.maxLength(block.text, `${at}/text`, L.markdownText);
      return;
    case 'rich_text':
      issues.items(block.elements, `${at}/elements`, 1, Number.POSITIVE_INFINITY);
      return;
    case 'image':
      return checkImage(block, at, issues);
    case 'table':
      issues.items(block.rows, `${at}/rows`, 1, L.tableRows).forEach((row, i) => issues.items(row, `${at}/rows/${i}`, 1, L.tableCells));
      return;
    case 'input':
      checkText(block.label, `${at}/label`, issues, L.inputLabel, true);
      if (block.hint !== undefined) checkText(block.hint, `${at}/hint`, issues, L.inputLabel, true);
      return checkElement(block.element, `${at}/element`, issues);
    case 'file':
    case 'video':
      return;
    default:
      issues.add(`${at}/type`, `unsupported block type "${String(block.type)}"`);
  }
}

function checkText(value: unknown, at: string, issues: Issues, max: number, plainOnly = false): void {
  if (!isObject(value)) return issues.add(at, 'must be a text object');
  if (value.type !== 'plain_text' && (plainOnly || value.type !== 'mrkdwn'))
    issues.add(`${at}/type`, plainOnly ? 'must be plain_text' : 'must be plain_text or mrkdwn');
  if (typeof value.text !== 'string' || value.text.length === 0) issues.add(`${at}/text`, 'must be a non-empty string');
  else issues.maxLength(value.text, `${at}/text`, max);
}

function checkImage(image: Json, at: string, issues: Issues): void {
  if (image.image_url === undefined && image.slack_file === undefined) issues.add(at, 'needs image_url or slack_file');
  issues.maxLength(image.image_url, `${at}/image_url`, L.url);
  issues.maxLength(image.alt_text, `${at}/alt_text`, L.altText, true);
}

const SELECTS_WITH_OPTIONS = new Set(['static_select', 'multi_static_select', 'overflow', 'radio_buttons', 'checkboxes']);
const OTHER_ELEMENTS = new Set([
  'external_select',
  'multi_external_select',
  'users_select',
  'multi_users_select',
  'conversations_select',
  'multi_conversations_select',
  'channels_select',
  'multi_channels_select',
  'datepicker',
  'timepicker',
  'datetimepicker',
  'plain_text_input',
  'feedback_buttons',
  'icon_button',
  'workflow_button',
]);

function checkElement(element: unknown, at: string, issues: Issues): void {
  if (!isObject(element) || typeof element.type !== 'string') return issues.add(at, 'must be an element with a type');
  issues.maxLength(element.action_id, `${at}/action_id`, L.actionId);
  if (element.confirm !== undefined) checkConfirm(element.confirm, `${at}/confirm`, issues);
  if (element.type === 'button') {
    checkText(element.text, `${at}/text`, issues, L.buttonText, true);
    issues.maxLength(element.value, `${at}/value`, L.buttonValue);
    issues.maxLength(element.url, `${at}/url`, L.url);
    if (element.style !== undefined && element.style !== 'primary' && element.style !== 'danger')
      issues.add(`${at}/style`, 'must be primary or danger');
  } else if (element.type === 'image') {
    checkImage(element, at, issues);
  } else if (SELECTS_WITH_OPTIONS.has(element.type)) {
    const [min, max] = element.type === 'overflow' ? [2, 5] : [1, L.options];
    if (element.options !== undefined || element.option_groups === undefined)
      issues.items(element.options, `${at}/options`, min, max).forEach((option, i) => {
        const where = `${at}/options/${i}`;
        if (!isObject(option)) return issues.add(where, 'must be an option object');
        checkText(option.text, `${where}/text`, issues, L.optionText);
        issues.maxLength(option.value, `${where}/value`, L.optionValue, true);
      });
    if (element.placeholder !== undefined) checkText(element.placeholder, `${at}/placeholder`, issues, L.placeholder, true);
    // Slack refuses an initial option that is not one of the options.
    const values = new Set((Array.isArray(element.options) ? element.options : []).map((o) => (isObject(o) ? o.value : undefined)));
    const initial =
      element.initial_option !== undefined
        ? [element.initial_option]
        : Array.isArray(element.initial_options)
          ? element.initial_options
          : [];
    initial.forEach((option, i) => {
      if (!isObject(option) || !values.has(option.value))
        issues.add(`${at}/initial_option${element.initial_option === undefined ? `s/${i}` : ''}`, 'must be one of the options');
    });
  } else if (element.type === 'plain_text_input') {
    if (element.placeholder !== undefined) checkText(element.placeholder, `${at}/placeholder`, issues, L.placeholder, true);
    issues.maxLength(element.initial_value, `${at}/initial_value`, L.plainTextInput);
    if (typeof element.max_length === 'number' && (element.max_length < 1 || element.max_length > L.plainTextInput))
      issues.add(`${at}/max_length`, `must be 1 to ${L.plainTextInput}`);
    if (
      typeof element.initial_value === 'string' &&
      typeof element.max_length === 'number' &&
      element.initial_value.length > element.max_length
    )
      issues.add(`${at}/initial_value`, 'is longer than max_length');
  } else if (!OTHER_ELEMENTS.has(element.type)) {
    issues.add(`${at}/type`, `unsupported element type "${element.type}"`);
  }
}

function checkConfirm(confirm: unknown, at: string, issues: Issues): void {
  if (!isObject(confirm)) return issues.add(at, 'must be a confirmation dialog object');
  checkText(confirm.title, `${at}/title`, issues, 100, true);
  checkText(confirm.text, `${at}/text`, issues, 300);
  checkText(confirm.confirm, `${at}/confirm`, issues, 30, true);
  checkText(confirm.deny, `${at}/deny`, issues, 30, true);
}
