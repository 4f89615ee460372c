import type { ButtonElement, SlackMessage } from '../../../src/slack/blocks/types.js';

/** The "More" button that ends a listing page (its value is the next page's cursor); undefined on the last page. */
export function moreButton(page: SlackMessage): ButtonElement | undefined {
  const last = page.blocks.at(-1);
  const first = last?.type === 'actions' ? last.elements[0] : undefined;
  return first?.type === 'button' ? first : undefined;
}
