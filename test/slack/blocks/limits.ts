import { expect } from 'vitest';

/**
 * Slack's message limits, written out here independently of
 * src/slack/blocks/limits.ts so that a wrong constant there is caught, not copied.
 */
export const REFERENCE_LIMITS = {
  blocksPerMessage: 50,
  blockId: 255,
  textObject: 3000,
  sectionFields: 10,
  sectionField: 2000,
  header: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  actionId: 255,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  imageAltText: 2000,
  /** Slack's documents say 40,000 (truncated); the Web API answers msg_too_long past 4,000. */
  messageText: 4_000,
  markdownBlock: 12_000,
  /** Undocumented cumulative cap on block text (`msg_blocks_too_long` around 12–13k): the low end. */
  blockTextTotal: 12_000,
  options: 100,
  optionText: 75,
  optionValue: 150,
  placeholder: 150,
  inputLabel: 2000,
  inputHint: 2000,
  plainTextInput: 3000,
  modalBlocks: 100,
  /** The table block: one per message, at most 100 rows (the header row included) of at most 20 cells. */
  tableRows: 100,
  tableCells: 20,
  modalTitle: 24,
  modalButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
} as const;

type Json = Record<string, unknown>;

class Walker {
  readonly problems: string[] = [];
  constructor(readonly inModal = false) {}
  blockText = 0;
  markdownText = 0;
  tables = 0;

  fail(path: string, problem: string): void {
    this.problems.push(`${path}: ${problem}`);
  }

  length(path: string, value: unknown, max: number, min = 1): string | undefined {
    if (typeof value !== 'string') {
      this.fail(path, `expected a string, got ${typeof value}`);
      return undefined;
    }
    if (value.length < min) this.fail(path, `empty (needs at least ${min} characters)`);
    if (value.length > max) this.fail(path, `${value.length} characters, limit ${max}`);
    return value;
  }

  textObject(path: string, value: unknown, max: number, only?: 'plain_text'): void {
    const object = value as Json | undefined;
    if (typeof object !== 'object' || object === null) return this.fail(path, 'missing text object');
    if (object.type !== 'plain_text' && object.type !== 'mrkdwn') return this.fail(path, `bad text type ${String(object.type)}`);
    if (only && object.type !== only) this.fail(path, `must be ${only}`);
    const text = this.length(`${path}.text`, object.text, Math.min(max, REFERENCE_LIMITS.textObject));
    if (text !== undefined) {
      if (text.trim() === '') this.fail(`${path}.text`, 'whitespace only');
      this.blockText += text.length;
    }
    if ('emoji' in object && typeof object.emoji !== 'boolean') this.fail(`${path}.emoji`, 'must be boolean');
    if ('verbatim' in object && typeof object.verbatim !== 'boolean') this.fail(`${path}.verbatim`, 'must be boolean');
    if (object.type === 'mrkdwn' && 'emoji' in object) this.fail(path, 'emoji is for plain_text only');
  }

  confirm(path: string, value: unknown): void {
    const confirm = value as Json;
    this.textObject(`${path}.title`, confirm.title, REFERENCE_LIMITS.confirmTitle, 'plain_text');
    this.textObject(`${path}.text`, confirm.text, REFERENCE_LIMITS.confirmText);
    this.textObject(`${path}.confirm`, confirm.confirm, REFERENCE_LIMITS.confirmButton, 'plain_text');
    this.textObject(`${path}.deny`, confirm.deny, REFERENCE_LIMITS.confirmButton, 'plain_text');
  }

  element(path: string, value: unknown): void {
    const element = value as Json;
    switch (element.type) {
      case 'button': {
        this.textObject(`${path}.text`, element.text, REFERENCE_LIMITS.buttonText, 'plain_text');
        if ('action_id' in element) this.length(`${path}.action_id`, element.action_id, REFERENCE_LIMITS.actionId);
        if ('value' in element) this.length(`${path}.value`, element.value, REFERENCE_LIMITS.buttonValue, 0);
        if ('url' in element) {
          const url = this.length(`${path}.url`, element.url, REFERENCE_LIMITS.buttonUrl);
          if (url !== undefined && !/^https?:\/\//.test(url)) this.fail(`${path}.url`, 'not an http(s) URL');
        }
        if ('style' in element && element.style !== 'primary' && element.style !== 'danger') {
          this.fail(`${path}.style`, `bad style ${String(element.style)}`);
        }
        if ('confirm' in element) this.confirm(`${path}.confirm`, element.confirm);
        return;
      }
      case 'image':
        this.length(`${path}.alt_text`, element.alt_text, REFERENCE_LIMITS.imageAltText);
        // An image is a URL or a file uploaded to Slack (`slack_file` with an id or a url), never both.
        if (element.slack_file === undefined) this.length(`${path}.image_url`, element.image_url, 3000);
        else if (element.image_url !== undefined) this.fail(path, 'image_url and slack_file together');
        else if (typeof (element.slack_file as Json).id !== 'string' && typeof (element.slack_file as Json).url !== 'string')
          this.fail(`${path}.slack_file`, 'needs an id or a url');
        if (element.title !== undefined) this.textObject(`${path}.title`, element.title, REFERENCE_LIMITS.imageAltText, 'plain_text');
        return;
      case 'static_select':
      case 'multi_static_select': {
        this.length(`${path}.action_id`, element.action_id, REFERENCE_LIMITS.actionId);
        if ('placeholder' in element)
          this.textObject(`${path}.placeholder`, element.placeholder, REFERENCE_LIMITS.placeholder, 'plain_text');
        const options = element.options as Json[];
        if (!Array.isArray(options) || options.length === 0) return this.fail(`${path}.options`, 'must be a non-empty array');
        if (options.length > REFERENCE_LIMITS.options) this.fail(`${path}.options`, `${options.length} options, limit 100`);
        const values = options.map((option) => option.value);
        if (new Set(values).size !== values.length) this.fail(`${path}.options`, 'option value repeated');
        options.forEach((option, i) => {
          this.textObject(`${path}.options[${i}].text`, option.text, REFERENCE_LIMITS.optionText, 'plain_text');
          this.length(`${path}.options[${i}].value`, option.value, REFERENCE_LIMITS.optionValue);
        });
        const initial =
          element.type === 'static_select'
            ? element.initial_option === undefined
              ? []
              : [element.initial_option]
            : ((element.initial_options as unknown[] | undefined) ?? []);
        (initial as Json[]).forEach((option, i) => {
          if (!options.some((o) => o.value === option.value && JSON.stringify(o.text) === JSON.stringify(option.text)))
            this.fail(`${path}.initial[${i}]`, 'not one of the options');
        });
        return;
      }
      case 'plain_text_input': {
        this.length(`${path}.action_id`, element.action_id, REFERENCE_LIMITS.actionId);
        if ('placeholder' in element)
          this.textObject(`${path}.placeholder`, element.placeholder, REFERENCE_LIMITS.placeholder, 'plain_text');
        const max = typeof element.max_length === 'number' ? element.max_length : REFERENCE_LIMITS.plainTextInput;
        if (max < 1 || max > REFERENCE_LIMITS.plainTextInput)
          this.fail(`${path}.max_length`, `must be 1–${REFERENCE_LIMITS.plainTextInput}`);
        if ('initial_value' in element) this.length(`${path}.initial_value`, element.initial_value, max);
        return;
      }
      default:
        this.fail(path, `element type ${String(element.type)} is not checked by this walker`);
    }
  }

  block(path: string, value: unknown): void {
    const block = value as Json;
    if ('block_id' in block) this.length(`${path}.block_id`, block.block_id, REFERENCE_LIMITS.blockId);
    switch (block.type) {
      case 'section': {
        if (!('text' in block) && !('fields' in block)) this.fail(path, 'section needs text or fields');
        if ('text' in block) this.textObject(`${path}.text`, block.text, REFERENCE_LIMITS.textObject);
        if ('fields' in block) {
          const fields = block.fields as unknown[];
          if (!Array.isArray(fields) || fields.length === 0) this.fail(`${path}.fields`, 'must be a non-empty array');
          else if (fields.length > REFERENCE_LIMITS.sectionFields) this.fail(`${path}.fields`, `${fields.length} fields, limit 10`);
          (fields ?? []).forEach((field, i) => this.textObject(`${path}.fields[${i}]`, field, REFERENCE_LIMITS.sectionField));
        }
        if ('accessory' in block) this.element(`${path}.accessory`, block.accessory);
        return;
      }
      case 'header':
        this.textObject(`${path}.text`, block.text, REFERENCE_LIMITS.header, 'plain_text');
        return;
      case 'context': {
        const elements = block.elements as unknown[];
        if (!Array.isArray(elements) || elements.length === 0) return this.fail(`${path}.elements`, 'must be a non-empty array');
        if (elements.length > REFERENCE_LIMITS.contextElements) this.fail(`${path}.elements`, `${elements.length} elements, limit 10`);
        elements.forEach((element, i) => {
          const type = (element as Json).type;
          if (type === 'image') this.element(`${path}.elements[${i}]`, element);
          else this.textObject(`${path}.elements[${i}]`, element, REFERENCE_LIMITS.textObject);
        });
        return;
      }
      case 'actions': {
        const elements = block.elements as Json[];
        if (!Array.isArray(elements) || elements.length === 0) return this.fail(`${path}.elements`, 'must be a non-empty array');
        if (elements.length > REFERENCE_LIMITS.actionsElements) this.fail(`${path}.elements`, `${elements.length} elements, limit 25`);
        const ids = elements.map((element) => element.action_id).filter((id) => id !== undefined);
        if (new Set(ids).size !== ids.length) this.fail(`${path}.elements`, 'action_id repeated within the block');
        elements.forEach((element, i) => this.element(`${path}.elements[${i}]`, element));
        return;
      }
      case 'divider':
        return;
      case 'input':
        if (!this.inModal) return this.fail(path, 'input blocks belong in modals');
        this.textObject(`${path}.label`, block.label, REFERENCE_LIMITS.inputLabel, 'plain_text');
        if ('hint' in block) this.textObject(`${path}.hint`, block.hint, REFERENCE_LIMITS.inputHint, 'plain_text');
        this.element(`${path}.element`, block.element);
        return;
      case 'markdown': {
        const text = this.length(`${path}.text`, block.text, REFERENCE_LIMITS.markdownBlock);
        this.markdownText += text?.length ?? 0;
        this.blockText += text?.length ?? 0;
        return;
      }
      case 'image':
        this.element(path, block);
        return;
      case 'table': {
        if (this.tables++ > 0) this.fail(path, 'only one table block per message');
        const rows = block.rows as Json[][];
        if (!Array.isArray(rows) || rows.length === 0 || rows.length > REFERENCE_LIMITS.tableRows)
          return this.fail(`${path}.rows`, `must hold 1–${REFERENCE_LIMITS.tableRows} rows`);
        rows.forEach((row, r) => {
          if (!Array.isArray(row) || row.length === 0 || row.length > REFERENCE_LIMITS.tableCells)
            return this.fail(`${path}.rows[${r}]`, `must hold 1–${REFERENCE_LIMITS.tableCells} cells`);
          row.forEach((cell, c) => {
            if (cell.type !== 'raw_text')
              return this.fail(`${path}.rows[${r}][${c}]`, `cell type ${String(cell.type)} is not checked by this walker`);
            this.blockText += this.length(`${path}.rows[${r}][${c}].text`, cell.text, REFERENCE_LIMITS.textObject)?.length ?? 0;
          });
        });
        return;
      }
      default:
        this.fail(path, `block type ${String(block.type)} is not checked by this walker`);
    }
  }
}

/** Every way the message breaks a limit of Slack's, one line each; empty when it fits. */
export function slackLimitViolations(message: unknown): string[] {
  const walker = new Walker();
  const root = message as Json;
  if (typeof root !== 'object' || root === null) return ['message: not an object'];
  const text = walker.length('text', root.text, REFERENCE_LIMITS.messageText);
  if (text !== undefined && text.trim() === '') walker.fail('text', 'whitespace only (the fallback must say something)');
  const blocks = root.blocks as unknown[] | undefined;
  if (blocks !== undefined) {
    if (!Array.isArray(blocks)) return [...walker.problems, 'blocks: not an array'];
    if (blocks.length > REFERENCE_LIMITS.blocksPerMessage) walker.fail('blocks', `${blocks.length} blocks, limit 50`);
    const ids = blocks.map((block) => (block as Json).block_id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length) walker.fail('blocks', 'block_id repeated');
    blocks.forEach((block, i) => walker.block(`blocks[${i}]`, block));
  }
  if (walker.markdownText > REFERENCE_LIMITS.markdownBlock) {
    walker.fail('blocks', `markdown blocks hold ${walker.markdownText} characters together, limit 12000`);
  }
  if (walker.blockText > REFERENCE_LIMITS.blockTextTotal) {
    walker.fail('blocks', `${walker.blockText} characters of block text, cap ${REFERENCE_LIMITS.blockTextTotal}`);
  }
  return walker.problems;
}

/** Fails the test, listing every violation, when the message breaks any of Slack's limits. */
export function assertWithinSlackLimits(message: unknown): void {
  expect(slackLimitViolations(message), 'Slack limit violations').toEqual([]);
}

/** Every way a modal (views.open / views.update) breaks a limit of Slack's; empty when it fits. */
export function modalLimitViolations(view: unknown): string[] {
  const walker = new Walker(true);
  const root = view as Json;
  if (typeof root !== 'object' || root === null) return ['view: not an object'];
  if (root.type !== 'modal') walker.fail('type', 'must be modal');
  walker.textObject('title', root.title, REFERENCE_LIMITS.modalTitle, 'plain_text');
  if ('submit' in root) walker.textObject('submit', root.submit, REFERENCE_LIMITS.modalButton, 'plain_text');
  if ('close' in root) walker.textObject('close', root.close, REFERENCE_LIMITS.modalButton, 'plain_text');
  if ('private_metadata' in root) walker.length('private_metadata', root.private_metadata, REFERENCE_LIMITS.privateMetadata, 0);
  walker.length('callback_id', root.callback_id, REFERENCE_LIMITS.callbackId);
  const blocks = root.blocks as Json[];
  if (!Array.isArray(blocks)) return [...walker.problems, 'blocks: not an array'];
  if (blocks.length > REFERENCE_LIMITS.modalBlocks) walker.fail('blocks', `${blocks.length} blocks, limit 100`);
  const ids = blocks.map((block) => block.block_id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) walker.fail('blocks', 'block_id repeated');
  if (blocks.some((block) => block.type === 'input') && !('submit' in root))
    walker.fail('submit', 'a modal with input blocks needs submit');
  blocks.forEach((block, i) => walker.block(`blocks[${i}]`, block));
  if (JSON.stringify(view).length > 250_000) walker.fail('view', 'over 250 kB');
  return walker.problems;
}

export function assertModalWithinSlackLimits(view: unknown): void {
  expect(modalLimitViolations(view), 'Slack modal limit violations').toEqual([]);
}

/** A view (`views.publish`, `views.open`): up to 100 blocks, each block within the same limits as in a message. */
export function slackViewLimitViolations(view: unknown): string[] {
  const root = view as Json;
  if (typeof root !== 'object' || root === null) return ['view: not an object'];
  const blocks = root.blocks as unknown[];
  if (!Array.isArray(blocks)) return ['blocks: not an array'];
  const walker = new Walker();
  if (blocks.length > 100) walker.fail('blocks', `${blocks.length} blocks, limit 100`);
  blocks.forEach((block, i) => walker.block(`blocks[${i}]`, block));
  if (JSON.stringify(view).length > 250_000) walker.fail('view', 'larger than 250 kB (view_too_large)');
  return walker.problems;
}
/**
 * The limits of native streaming, written out independently of src/slack/blocks/stream-chunks.ts:
 * 12,000 characters of `markdown_text` per call; a streamed message's whole markdown held to the
 * markdown block's 12,000; tasks held to the 50-block budget; task text 256 (one SDK's figure).
 */
export const REFERENCE_STREAM_LIMITS = {
  markdownPerCall: 12_000,
  markdownPerMessage: 12_000,
  tasksPerMessage: 50,
  taskText: 256,
  taskStatuses: ['pending', 'in_progress', 'complete', 'error'],
} as const;

/** Every way one chat.startStream / appendStream / stopStream call breaks a limit, one line each. */
export function streamCallViolations(args: Json): string[] {
  const walker = new Walker();
  if (args.markdown_text !== undefined) walker.length('markdown_text', args.markdown_text, REFERENCE_STREAM_LIMITS.markdownPerCall);
  const chunks = (args.chunks ?? []) as Json[];
  if (!Array.isArray(chunks)) return ['chunks: not an array'];
  chunks.forEach((chunk, i) => {
    const at = `chunks[${i}]`;
    switch (chunk.type) {
      case 'markdown_text':
        walker.length(`${at}.text`, chunk.text, REFERENCE_STREAM_LIMITS.markdownPerCall);
        break;
      case 'plan_update':
        walker.length(`${at}.title`, chunk.title, REFERENCE_STREAM_LIMITS.taskText);
        break;
      case 'task_update':
        walker.length(`${at}.id`, chunk.id, 255);
        walker.length(`${at}.title`, chunk.title, REFERENCE_STREAM_LIMITS.taskText);
        if (chunk.details !== undefined) walker.length(`${at}.details`, chunk.details, REFERENCE_STREAM_LIMITS.taskText);
        if (!(REFERENCE_STREAM_LIMITS.taskStatuses as readonly unknown[]).includes(chunk.status))
          walker.fail(`${at}.status`, `not a task status: ${String(chunk.status)}`);
        break;
      default:
        walker.fail(at, `chunk type ${String(chunk.type)} is not checked by this walker`);
    }
  });
  return walker.problems;
}

/** Fails the test when a streamed message as Slack stores it (its markdown and tasks together) is over a limit. */
export function assertStreamedMessageWithinLimits(message: { text?: string; blocks?: Json[] }): void {
  const problems: string[] = [];
  if ((message.text ?? '').length > REFERENCE_STREAM_LIMITS.markdownPerMessage)
    problems.push(`markdown: ${message.text!.length} characters in one message`);
  const tasks = (message.blocks ?? []).flatMap((block) =>
    block.type === 'plan' ? ((block.tasks as unknown[]) ?? []) : block.type === 'task_card' ? [block] : [],
  );
  if (tasks.length > REFERENCE_STREAM_LIMITS.tasksPerMessage) problems.push(`${tasks.length} tasks in one message`);
  expect(problems, 'streamed message limit violations').toEqual([]);
}
