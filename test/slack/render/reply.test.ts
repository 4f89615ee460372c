import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../src/slack/render/reply.js';
import { splitMrkdwn } from '../../../src/slack/render/split.js';
import { long, PING_ATTEMPTS } from '../blocks/hostile.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { assertInert } from '../blocks/safety.js';

function sections(markdown: string): string[] {
  return renderReply(markdown).flatMap((message) =>
    message.blocks.flatMap((block) => (block.type === 'section' && block.text ? [block.text.text] : [])),
  );
}

function checkAll(markdown: string) {
  const messages = renderReply(markdown);
  for (const message of messages) {
    assertWithinSlackLimits(message);
    assertInert(message);
  }
  return messages;
}

/** Code lines as a reader would copy them: every code block's content, in order. */
function codeLines(texts: string[]): string[] {
  const lines: string[] = [];
  for (const text of texts) {
    let inCode = false;
    for (const line of text.split('\n')) {
      if (line.startsWith('```')) inCode = !inCode;
      else if (inCode) lines.push(line);
    }
  }
  return lines;
}

describe('renderReply', () => {
  it('posts a short answer as one message with one section', () => {
    const messages = checkAll('**Done.** ACME-130 is now _Done_.');
    expect(messages).toEqual([
      {
        text: '*Done.* ACME-130 is now _Done_.',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Done.* ACME-130 is now _Done_.', verbatim: true } }],
      },
    ]);
  });

  it('posts nothing for an empty answer', () => {
    expect(renderReply('')).toEqual([]);
    expect(renderReply(' \n ')).toEqual([]);
  });

  it('splits a long answer on paragraph boundaries into messages within every limit', () => {
    const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(40).trim()}`);
    const messages = checkAll(paragraphs.join('\n\n'));
    expect(messages.length).toBeGreaterThan(1);
    const shown = sections(paragraphs.join('\n\n')).flatMap((text) => text.split('\n\n'));
    expect(shown).toEqual(paragraphs);
  });

  it('splits a huge code block by closing and reopening it, losing no line', () => {
    const code = Array.from({ length: 3000 }, (_, i) => `line ${i} <tag> & "value"`);
    const markdown = `Here is the log:\n\n\`\`\`\n${code.join('\n')}\n\`\`\`\n\nThat is all.`;
    const messages = checkAll(markdown);
    expect(messages.length).toBeGreaterThan(5);
    const texts = sections(markdown);
    for (const text of texts) expect((text.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect(codeLines(texts)).toEqual(code.map((line) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')));
    expect(texts[0]?.startsWith('Here is the log:')).toBe(true);
    expect(texts.at(-1)?.endsWith('That is all.')).toBe(true);
  });

  it('cuts an enormous single line without breaking entities, pairs or links', () => {
    const markdown = `${'&<>😀 '.repeat(3000)}${'x'.repeat(20_000)} [link](https://x.example/${'p'.repeat(100)}) end`;
    const texts = sections(markdown);
    checkAll(markdown);
    for (const text of texts) {
      expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
      expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
    expect(texts.join('')).toContain(`<https://x.example/${'p'.repeat(100)}|link>`);
  });

  it('keeps 1,000 hostile list items and long titles within every limit', () => {
    const markdown = Array.from({ length: 1000 }, (_, i) => `- **${i}** ${PING_ATTEMPTS} ${long(300)}`).join('\n');
    const messages = checkAll(markdown);
    expect(messages.length).toBeGreaterThan(10);
    expect(sections(markdown).join('\n').match(/^• /gm)).toHaveLength(1000);
  });

  it('renders hostile Markdown as inert text', () => {
    checkAll(
      `# ${PING_ATTEMPTS}\n\n> ${PING_ATTEMPTS}\n\n| a | b |\n|---|---|\n| ${PING_ATTEMPTS} | <@U1> |\n\n\`\`\`\n${PING_ATTEMPTS}\n\`\`\``,
    );
  });
});

describe('splitMrkdwn', () => {
  it('leaves blocks that fit alone and packs them greedily', () => {
    expect(splitMrkdwn(['aaa', 'bbb', 'ccc'], 8)).toEqual(['aaa\n\nbbb', 'ccc']);
  });

  it('reopens a code block cut across chunks', () => {
    const chunks = splitMrkdwn([['```', 'l1', 'l2', 'l3', 'l4', '```'].join('\n')], 16);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(16);
      expect(chunk.startsWith('```')).toBe(true);
      expect(chunk.endsWith('```')).toBe(true);
    }
    expect(codeLines(chunks)).toEqual(['l1', 'l2', 'l3', 'l4']);
  });
});
