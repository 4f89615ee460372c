import { Marked, type Tokens } from 'marked';

/** Escapes text for an HTML element or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text as Plane HTML: every line becomes a paragraph. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p></p>'))
    .join('');
}

const SAFE_URL = /^(https?:|mailto:|tel:)/i;

// Raw HTML is shown as text, and links or images with other schemes (javascript:) lose their
// target: Plane does not sanitise comment HTML.
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text, block }: Tokens.HTML | Tokens.Tag) => (block ? `<p>${escapeHtml(text.trim())}</p>` : escapeHtml(text)),
    link(token: Tokens.Link) {
      return SAFE_URL.test(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      return SAFE_URL.test(token.href) ? false : escapeHtml(token.text);
    },
  },
});

/** GitHub-flavoured Markdown as HTML (headings, lists, task lists, bold), raw HTML escaped. */
export function markdownToHtml(text: string): string {
  return (markdown.parse(text) as string).trim();
}
