/**
 * Makes `container` show one element per item, in order, keyed by `data-ts`, touching only what
 * changed: an element whose HTML is the same is kept (with its focus and state), a changed one is
 * replaced, a gone one removed.
 *
 * @param {Element} container its children are the list's elements, each remembering the HTML it was drawn from
 * @param {Array<{ ts: string }>} items
 * @param {(item) => string} htmlOf one element's HTML, carrying `data-ts`
 */
export function syncList(container, items, htmlOf) {
  /** @type {Map<string, HTMLElement & { renderedHtml?: string }>} */
  const existing = new Map(
    [...container.children].map((element) => [/** @type {HTMLElement} */ (element).dataset.ts, /** @type {HTMLElement} */ (element)]),
  );
  let previous = null;
  for (const item of items) {
    const html = htmlOf(item);
    let element = existing.get(item.ts);
    existing.delete(item.ts);
    if (!element || element.renderedHtml !== html) {
      const template = document.createElement('template');
      template.innerHTML = html;
      const fresh = /** @type {HTMLElement & { renderedHtml?: string }} */ (template.content.firstElementChild);
      fresh.renderedHtml = html;
      if (element) element.replaceWith(fresh);
      element = fresh;
    }
    const next = previous ? previous.nextElementSibling : container.firstElementChild;
    if (element !== next) container.insertBefore(element, next);
    previous = element;
  }
  for (const element of existing.values()) element.remove();
}
