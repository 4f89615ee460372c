import { api } from './api.js';
import { modalHtml, readModalValues } from './modal-view.js';

/**
 * The modal on the reader's screen and the message shortcuts' menu: shown from the page API's
 * events, sent back as the emulator's view submissions and actions.
 * @param {{ page: any, els: { modal: HTMLElement, shortcutMenu: HTMLElement }, toast: (text: string) => void, closestTo: (target: EventTarget | null, selector: string) => HTMLElement | null }} where
 */
export function createModals({ page, els, toast, closestTo }) {
  /** The modal on the reader's screen: `{ view, errors }`, or undefined. */
  let openModal;

  async function loadView() {
    try {
      const { view, errors } = await api.openView(page.viewer);
      if (view) showModal(view, errors);
      else closeModal();
    } catch (error) {
      toast(`Could not load the open modal: ${error.message}`);
    }
  }

  function showModal(view, errors = {}) {
    openModal = { view, errors };
    els.modal.innerHTML = modalHtml(view, errors, page.directory);
    els.modal.hidden = false;
    const firstError = els.modal.querySelector('[data-testid="modal-error"]');
    /** @type {HTMLElement | null} */ (
      firstError?.previousElementSibling ?? els.modal.querySelector('[data-testid="modal-input"]')
    )?.focus();
  }

  function closeModal(viewId) {
    if (viewId !== undefined && openModal?.view.id !== viewId) return;
    openModal = undefined;
    els.modal.hidden = true;
    els.modal.replaceChildren();
  }

  function showShortcutMenu(button) {
    const message = button.closest('[data-testid="message"]');
    const items = page.workspace.shortcuts
      .map(
        (s) =>
          `<button type="button" role="menuitem" data-testid="shortcut" data-callback-id="${escapeAttribute(s.callback_id)}" title="${escapeAttribute(s.description)}">${escapeAttribute(s.name)}</button>`,
      )
      .join('');
    els.shortcutMenu.innerHTML = `<div class="shortcut-app">${escapeAttribute(page.workspace.bot.name)}</div>${items}`;
    els.shortcutMenu.dataset.messageTs = message.dataset.ts;
    const box = button.getBoundingClientRect();
    els.shortcutMenu.style.top = `${Math.min(box.bottom + 4, window.innerHeight - 120)}px`;
    els.shortcutMenu.style.left = `${Math.max(8, box.right - 220)}px`;
    els.shortcutMenu.hidden = false;
    els.shortcutMenu.querySelector('button')?.focus();
  }

  function hideShortcutMenu() {
    els.shortcutMenu.hidden = true;
  }

  const escapeAttribute = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  async function runShortcut(callbackId, messageTs) {
    hideShortcutMenu();
    try {
      const { answer } = await api.shortcut(page.channel, page.viewer, messageTs, callbackId);
      if (answer.error) toast(`${page.workspace.bot.name} did not take the shortcut (${answer.error}).`);
    } catch (error) {
      toast(`The shortcut failed: ${error.message}`);
    }
  }

  async function submitModal(form) {
    const submit = form.querySelector('[data-testid="modal-submit"]');
    submit?.setAttribute('aria-busy', 'true');
    try {
      const { answer } = await api.submitView(page.viewer, form.dataset.viewId, readModalValues(form));
      if (answer.outcome === 'failed') toast(`${page.workspace.bot.name} did not take the form (${answer.error ?? 'no answer'}).`);
    } catch (error) {
      toast(`The form could not be sent: ${error.message}`);
    } finally {
      submit?.removeAttribute('aria-busy');
    }
  }

  async function dispatchFromModal(field) {
    const form = field.closest('[data-testid="modal-form"]');
    const value = field.dataset.kind === 'many' ? [...field.selectedOptions].map((o) => o.value) : field.value || null;
    try {
      await api.actInView(page.viewer, form.dataset.viewId, {
        block_id: field.dataset.blockId,
        action_id: field.dataset.actionId,
        value,
        values: readModalValues(form),
      });
    } catch (error) {
      toast(`The change was not sent: ${error.message}`);
    }
  }

  els.modal.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitModal(event.target);
  });
  els.modal.addEventListener('change', (event) => {
    const field = closestTo(event.target, '[data-testid="modal-input"]');
    if (field?.dataset.dispatch === 'true') void dispatchFromModal(field);
  });
  els.modal.addEventListener('click', (event) => {
    if (!closestTo(event.target, '[data-testid="modal-close"], [data-testid="modal-cancel"]')) return;
    const viewId = openModal?.view.id;
    closeModal();
    if (viewId) api.closeView(page.viewer, viewId).catch(() => undefined);
  });

  return { loadView, showModal, closeModal, showShortcutMenu, hideShortcutMenu, runShortcut };
}
