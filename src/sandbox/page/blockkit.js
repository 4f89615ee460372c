import { escapeHtml, jsonHtml } from './html.js';
import { markdownToHtml } from './markdown.js';
import { mrkdwnToHtml, plainTextToHtml } from './mrkdwn.js';
import { richTextToHtml } from './rich-text.js';

/**
 * Block Kit → safe HTML, as Slack draws a message: section (text, fields, accessory), header,
 * context, divider, actions, image, markdown, rich_text, and the plan and task_card blocks of a
 * streamed answer (drawn again each time the stream grows). A block or element this file cannot
 * draw, or one too malformed to draw, is shown as its JSON so nothing a bot sends goes unseen.
 * Buttons carry `data-action-id`, `data-block-id` and `data-value`; the page turns a click on one
 * into a `block_actions` delivery.
 */

const BLOCKS = {
  section: sectionHtml,
  header: (block) => `<div class="bk-header" role="heading" aria-level="2">${plainTextOnly(block.text)}</div>`,
  context: (block, directory) =>
    `<div class="bk-context">${list(block.elements)
      .map((e) => contextElementHtml(e, directory))
      .join('')}</div>`,
  divider: () => '<hr class="bk-divider">',
  actions: (block) =>
    `<div class="bk-actions">${list(block.elements)
      .map((e) => elementHtml(e, block))
      .join('')}</div>`,
  image: imageBlockHtml,
  markdown: (block) => `<div class="bk-markdown">${markdownToHtml(requireString(block.text, 'text'))}</div>`,
  rich_text: (block, directory) => richTextToHtml(block, directory),
  plan: (block, directory) =>
    `<div class="bk-plan-title">${plainTextToHtml(requireString(block.title, 'title'))}</div>` +
    `<ol class="bk-plan-tasks">${list(block.tasks)
      .map((task) => `<li>${taskCardHtml(task, directory)}</li>`)
      .join('')}</ol>`,
  task_card: (block, directory) => taskCardHtml(block, directory),
  table: tableHtml,
};

/** A table block: raw text or number cells, the first row as its header (as Slack draws it). */
function tableHtml(block) {
  const cell = (value, tag) => {
    if (value?.type !== 'raw_text' && value?.type !== 'raw_number') throw new TypeError('a table cell must be raw_text or raw_number');
    return `<${tag}>${escapeHtml(String(value.text ?? value.number ?? ''))}</${tag}>`;
  };
  const [head, ...rows] = list(block.rows).map((row) => list(row));
  if (!head) throw new TypeError('a table needs rows');
  const body = rows.map((row) => `<tr>${row.map((value) => cell(value, 'td')).join('')}</tr>`).join('');
  return `<table class="bk-table"><thead><tr>${head.map((value) => cell(value, 'th')).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

/** How a task's status shows: as Slack's plan and task cards do, one mark per state. */
const TASK_MARKS = { pending: '○', in_progress: '→', complete: '✓', error: '✗' };

function taskCardHtml(task, directory) {
  const status = Object.hasOwn(TASK_MARKS, task?.status) ? task.status : 'pending';
  const part = (name) => (task[name] === undefined ? '' : `<div class="bk-task-${name}">${richTextToHtml(task[name], directory)}</div>`);
  return (
    `<div class="bk-task bk-task-${status}" data-testid="task" data-task-status="${status}">` +
    `<span class="bk-task-mark" aria-hidden="true">${TASK_MARKS[status]}</span>` +
    `<span class="bk-task-title">${plainTextToHtml(requireString(task.title, 'title'))}</span>${part('details')}${part('output')}</div>`
  );
}

/** Every block of a message, in order. */
export function renderBlocks(blocks, directory) {
  if (!Array.isArray(blocks)) return unknownHtml(blocks, 'blocks');
  return blocks.map((block) => renderBlock(block, directory)).join('');
}

export function renderBlock(block, directory) {
  const type = typeof block?.type === 'string' ? block.type : undefined;
  const draw = type !== undefined && Object.hasOwn(BLOCKS, type) ? BLOCKS[type] : undefined;
  if (!draw) return unknownHtml(block, 'block');
  let inner;
  try {
    inner = draw(block, directory);
  } catch {
    return unknownHtml(block, 'block');
  }
  const blockId = typeof block.block_id === 'string' ? ` data-block-id="${escapeHtml(block.block_id)}"` : '';
  return `<div class="bk-block bk-block-${type}" data-testid="block" data-block-type="${type}"${blockId}>${inner}</div>`;
}

/** A text object (`plain_text` or `mrkdwn`). `verbatim` mrkdwn does not auto-link bare URLs. */
export function textObjectHtml(text, directory) {
  if (text?.type === 'plain_text') return `<span class="bk-text">${plainTextToHtml(requireString(text.text, 'text'))}</span>`;
  if (text?.type === 'mrkdwn') {
    return `<div class="bk-text mrkdwn">${mrkdwnToHtml(requireString(text.text, 'text'), directory, { linkify: text.verbatim !== true })}</div>`;
  }
  throw new TypeError('not a text object');
}

function sectionHtml(block, directory) {
  if (block.text === undefined && block.fields === undefined) throw new TypeError('a section needs text or fields');
  const text = block.text === undefined ? '' : textObjectHtml(block.text, directory);
  const fields =
    block.fields === undefined
      ? ''
      : `<div class="bk-fields">${list(block.fields)
          .map((f) => `<div class="bk-field">${textObjectHtml(f, directory)}</div>`)
          .join('')}</div>`;
  const accessory = block.accessory === undefined ? '' : `<div class="bk-accessory">${elementHtml(block.accessory, block)}</div>`;
  return `<div class="bk-section-main">${text}${fields}</div>${accessory}`;
}

function contextElementHtml(element, directory) {
  if (element?.type === 'image') return imageElementHtml(element);
  try {
    return textObjectHtml(element, directory);
  } catch {
    return unknownHtml(element, 'element');
  }
}

/** An interactive element of an actions block or a section accessory. */
function elementHtml(element, block) {
  try {
    if (element?.type === 'button') return buttonHtml(element, block);
    if (element?.type === 'static_select') return selectHtml(element, block);
    if (element?.type === 'image') return imageElementHtml(element);
  } catch {
    // Drawn as JSON below.
  }
  return unknownHtml(element, 'element');
}

function buttonHtml(button, block) {
  const actionId = requireString(button.action_id, 'action_id');
  const style = button.style === 'primary' || button.style === 'danger' ? ` bk-button-${button.style}` : '';
  const attributes = [
    `class="bk-button${style}"`,
    'data-testid="block-button"',
    `data-action-id="${escapeHtml(actionId)}"`,
    typeof block.block_id === 'string' ? `data-block-id="${escapeHtml(block.block_id)}"` : '',
    typeof button.value === 'string' ? `data-value="${escapeHtml(button.value)}"` : '',
    button.confirm ? `data-confirm="${escapeHtml(confirmText(button.confirm))}"` : '',
  ].filter(Boolean);
  const label = plainTextOnly(button.text);
  const url = typeof button.url === 'string' && /^https?:\/\//i.test(button.url.trim()) ? button.url.trim() : undefined;
  // A URL button opens its page and still tells the app it was clicked, as in Slack.
  if (url) return `<a ${attributes.join(' ')} href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${label}</a>`;
  return `<button type="button" ${attributes.join(' ')}>${label}</button>`;
}

/** A static select: choosing an option tells the app (`block_actions` with `selected_option`). */
function selectHtml(select, block) {
  const actionId = requireString(select.action_id, 'action_id');
  const options = list(select.options);
  const chosen = select.initial_option?.value;
  const placeholder = select.placeholder?.type === 'plain_text' ? plainTextToHtml(String(select.placeholder.text)) : 'Choose…';
  const attributes = [
    'class="bk-select"',
    'data-testid="block-select"',
    `data-action-id="${escapeHtml(actionId)}"`,
    typeof block.block_id === 'string' ? `data-block-id="${escapeHtml(block.block_id)}"` : '',
  ].filter(Boolean);
  const items = options.map(
    (option) =>
      `<option value="${escapeHtml(requireString(option.value, 'value'))}"${option.value === chosen ? ' selected' : ''}>${plainTextOnly(option.text)}</option>`,
  );
  return `<select ${attributes.join(' ')}>${chosen === undefined ? `<option value="">${placeholder}</option>` : ''}${items.join('')}</select>`;
}

/** The confirm dialog's question, as one line of text. */
function confirmText(confirm) {
  const text = (object) => (typeof object?.text === 'string' ? object.text : '');
  return [text(confirm.title), text(confirm.text)].filter(Boolean).join('\n') || 'Are you sure?';
}

function imageBlockHtml(block) {
  const image = imageElementHtml(block);
  const title = block.title ? `<figcaption>${plainTextOnly(block.title)}</figcaption>` : '';
  return `<figure class="bk-image-figure">${image}${title}</figure>`;
}

/** Where the page reads a file the bot uploaded (the emulator's page API; see api.js). */
const FILES = '/sandbox/api/files/';

/**
 * Images only from http(s) URLs, without sending the page's address along, or a file the bot
 * uploaded (`slack_file` by id, or by the `url_private` the emulator gives its files).
 */
function imageElementHtml(element) {
  const url = element.slack_file === undefined ? requireString(element.image_url, 'image_url').trim() : slackFileUrl(element.slack_file);
  if (!/^(https?:\/\/|\/sandbox\/api\/files\/)/i.test(url)) throw new TypeError('image_url must be http(s)');
  const alt = typeof element.alt_text === 'string' ? element.alt_text : '';
  return `<img class="bk-img" src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" loading="lazy" referrerpolicy="no-referrer">`;
}

function slackFileUrl(file) {
  const id = typeof file?.id === 'string' ? file.id : /\/files-pri\/(F[0-9A-Z]+)\//.exec(requireString(file?.url, 'slack_file.url'))?.[1];
  if (!id || !/^F[0-9A-Z]+$/.test(id)) throw new TypeError('slack_file needs a file id');
  return `${FILES}${id}`;
}

function plainTextOnly(text) {
  if (text?.type !== 'plain_text') throw new TypeError('plain_text expected');
  return plainTextToHtml(requireString(text.text, 'text'));
}

function requireString(value, name) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  return value;
}

function list(value) {
  if (!Array.isArray(value)) throw new TypeError('a list was expected');
  return value;
}

/** A block or element drawn as its JSON, labelled with what it is. */
export function unknownHtml(value, what) {
  const type = typeof value?.type === 'string' ? value.type : 'unknown';
  return (
    `<div class="bk-unknown" data-testid="unknown-${what}" data-block-type="${escapeHtml(type)}">` +
    `<div class="bk-unknown-label">This ${what} (type “${escapeHtml(type)}”) cannot be drawn here; its JSON:</div>` +
    `<pre class="bk-unknown-json">${jsonHtml(value)}</pre></div>`
  );
}
