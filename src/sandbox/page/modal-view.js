import { renderBlock } from './blockkit.js';
import { escapeHtml } from './html.js';
import { plainTextToHtml } from './mrkdwn.js';

/**
 * A Slack modal (views.open / views.update) → the HTML of the sandbox's dialog: title, its blocks
 * (input blocks as real form fields: text inputs, single and multi selects), the errors of the last
 * submission under their fields, and the close and submit buttons. What a field shows is what the
 * person entered before (`view.state.values`, kept across updates as Slack keeps it), else its
 * initial value. `readModalValues` reads the fields back as the page API takes them.
 */

const text = (object) => (typeof object?.text === 'string' ? plainTextToHtml(object.text) : '');

function stateOf(view, blockId, actionId) {
  return view.state?.values?.[blockId]?.[actionId];
}

function fieldHtml(view, block) {
  const element = block.element ?? {};
  const id = `field-${escapeHtml(block.block_id)}`;
  const data = `data-block-id="${escapeHtml(block.block_id)}" data-action-id="${escapeHtml(element.action_id ?? '')}" data-dispatch="${block.dispatch_action === true}"`;
  const state = stateOf(view, block.block_id, element.action_id);
  const placeholder = typeof element.placeholder?.text === 'string' ? ` placeholder="${escapeHtml(element.placeholder.text)}"` : '';
  if (element.type === 'plain_text_input') {
    const value = state ? (state.value ?? '') : (element.initial_value ?? '');
    const max = Number.isInteger(element.max_length) ? ` maxlength="${element.max_length}"` : '';
    return element.multiline
      ? `<textarea id="${id}" class="modal-input" data-testid="modal-input" data-kind="text" ${data}${max}${placeholder} rows="5">${escapeHtml(value)}</textarea>`
      : `<input id="${id}" class="modal-input" type="text" data-testid="modal-input" data-kind="text" ${data}${max}${placeholder} value="${escapeHtml(value)}">`;
  }
  if (element.type === 'static_select' || element.type === 'multi_static_select') {
    const multiple = element.type === 'multi_static_select';
    const chosen = new Set(
      state
        ? multiple
          ? (state.selected_options ?? []).map((o) => o.value)
          : [state.selected_option?.value].filter(Boolean)
        : multiple
          ? (element.initial_options ?? []).map((o) => o.value)
          : [element.initial_option?.value].filter(Boolean),
    );
    const options = (Array.isArray(element.options) ? element.options : [])
      .map((o) => `<option value="${escapeHtml(o.value)}"${chosen.has(o.value) ? ' selected' : ''}>${text(o.text)}</option>`)
      .join('');
    const empty = multiple ? '' : `<option value="">${escapeHtml(element.placeholder?.text ?? 'Choose…')}</option>`;
    return `<select id="${id}" class="modal-input" data-testid="modal-input" data-kind="${multiple ? 'many' : 'one'}" ${data}${multiple ? ' multiple size="4"' : ''}>${empty}${options}</select>`;
  }
  return `<pre class="bk-unknown-json" data-testid="unknown-element">${escapeHtml(JSON.stringify(element, null, 2))}</pre>`;
}

function inputBlockHtml(view, block, errors) {
  const error = errors?.[block.block_id];
  return (
    `<div class="modal-field" data-testid="modal-field" data-block-id="${escapeHtml(block.block_id)}">` +
    `<label class="modal-label" for="field-${escapeHtml(block.block_id)}">${text(block.label)}${block.optional ? ' <span class="modal-optional">(optional)</span>' : ''}</label>` +
    fieldHtml(view, block) +
    (block.hint ? `<div class="modal-hint">${text(block.hint)}</div>` : '') +
    (error
      ? `<div class="modal-error" data-testid="modal-error" data-block-id="${escapeHtml(block.block_id)}" role="alert">${escapeHtml(error)}</div>`
      : '') +
    `</div>`
  );
}

export function modalHtml(view, errors, directory) {
  const blocks = (Array.isArray(view.blocks) ? view.blocks : [])
    .map((block) => (block?.type === 'input' ? inputBlockHtml(view, block, errors) : renderBlock(block, directory)))
    .join('');
  return (
    `<form class="modal-dialog" data-testid="modal-form" data-view-id="${escapeHtml(view.id)}" data-callback-id="${escapeHtml(view.callback_id ?? '')}">` +
    `<header class="modal-header"><h2 data-testid="modal-title">${text(view.title)}</h2>` +
    `<button type="button" class="modal-x" data-testid="modal-close" aria-label="Close">×</button></header>` +
    `<div class="modal-body">${blocks}</div>` +
    `<footer class="modal-footer">` +
    `<button type="button" class="modal-button" data-testid="modal-cancel">${view.close ? text(view.close) : 'Cancel'}</button>` +
    (view.submit
      ? `<button type="submit" class="modal-button modal-submit" data-testid="modal-submit">${text(view.submit)}</button>`
      : '') +
    `</footer></form>`
  );
}

/** The fields as the page API takes them: block_id → action_id → a string, a list or null. */
export function readModalValues(form) {
  const values = {};
  for (const field of form.querySelectorAll('[data-testid="modal-input"]')) {
    const { blockId, actionId, kind } = field.dataset;
    const value = kind === 'many' ? [...field.selectedOptions].map((o) => o.value) : kind === 'one' ? field.value || null : field.value;
    (values[blockId] ??= {})[actionId] = value;
  }
  return values;
}
