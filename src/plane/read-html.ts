import { compile, type FormatCallback } from 'html-to-text';

/** An image of a description, in document order: `[image n]` in the text. */
export interface DescriptionImage {
  n: number;
  /** An asset id (uploaded through the editor) or an absolute URL (external or older content). */
  src: string;
}

export interface ReadableHtml {
  text: string;
  images: DescriptionImage[];
}

/** What one conversion collects and knows, handed to the formatters as html-to-text's metadata. */
interface Reading {
  images: DescriptionImage[];
  mentionName?: (userId: string) => string | undefined;
}

const reading = (builder: unknown) => (builder as { metadata: Reading }).metadata;

const image: FormatCallback = (elem, _walk, builder) => {
  const { images } = reading(builder);
  const n = images.length + 1;
  images.push({ n, src: String(elem.attribs?.src ?? '') });
  builder.openBlock({ leadingLineBreaks: 1 });
  builder.addInline(`[image ${n}]`);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const mention: FormatCallback = (elem, _walk, builder) => {
  const id = String(elem.attribs?.entity_identifier ?? '');
  builder.addInline(`@${reading(builder).mentionName?.(id) ?? 'someone'}`);
};

/** The editor's checklists as "[x] done" / "[ ] to do" lines. */
const taskList: FormatCallback = (elem, walk, builder) => {
  for (const item of elem.children ?? []) {
    if (item.type !== 'tag' || item.name !== 'li') continue;
    builder.openBlock({ leadingLineBreaks: 1 });
    builder.addInline(item.attribs?.['data-checked'] === 'true' ? '[x] ' : '[ ] ');
    walk(
      item.children.filter((child: { name?: string }) => child.name !== 'label'),
      builder,
    );
    builder.closeBlock({ trailingLineBreaks: 1 });
  }
};

// Compiled once: building the selector tree costs far more than converting a short description.
const convert = compile({
  wordwrap: false,
  formatters: { image, mention, taskList },
  selectors: [
    // The editor makes a paragraph of every line: read them as lines.
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    // The editor wraps every list item's text in a paragraph; read it as the item's line.
    { selector: 'li > p', format: 'inline' },
    { selector: 'ul[data-type="taskList"]', format: 'taskList' },
    { selector: 'li[data-type="taskItem"] > div', format: 'inline' },
    { selector: 'li[data-type="taskItem"] > div > p', format: 'inline' },
    { selector: 'image-component', format: 'image' },
    { selector: 'img', format: 'image' },
    { selector: 'mention-component', format: 'mention' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable' },
  ],
}) as (html: string, metadata: Reading) => string;

/**
 * Plane's description or comment HTML as plain text. Each `<image-component>` (or `<img>`) becomes
 * an `[image n]` marker and is listed in `images`; user mentions become `@name` when `mentionName`
 * knows the user.
 */
export function readHtml(html: string | null | undefined, mentionName?: (userId: string) => string | undefined): ReadableHtml {
  const images: DescriptionImage[] = [];
  const text = convert(html ?? '', { images, mentionName });
  return { text: text.trim(), images };
}
