import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/plane/read-html.js';
import { escapeHtml, markdownToHtml, textToHtml } from '../../src/plane/write-html.js';

describe('readHtml', () => {
  it('turns each image into an [image n] marker and lists the images in order', () => {
    const html =
      '<p>Steps:</p><image-component src="3b2e6f0e-5a9d-4c34-9d8e-7f1a2b3c4d5e" id="node-1"></image-component>' +
      '<p>and then <img src="https://example.com/b.png"> here</p>';
    const { text, images } = readHtml(html);
    expect(text).toContain('Steps:');
    expect(text).toContain('[image 1]');
    expect(text).toContain('[image 2]');
    expect(text.indexOf('[image 1]')).toBeLessThan(text.indexOf('[image 2]'));
    expect(images).toEqual([
      { n: 1, src: '3b2e6f0e-5a9d-4c34-9d8e-7f1a2b3c4d5e' },
      { n: 2, src: 'https://example.com/b.png' },
    ]);
  });

  it('names mentions when it can and never prints the user id', () => {
    const html =
      '<p>ask <mention-component entity_identifier="u-1" entity_name="user_mention"></mention-component> or <mention-component entity_identifier="u-2"></mention-component></p>';
    const { text } = readHtml(html, (id) => (id === 'u-1' ? 'dana' : undefined));
    expect(text).toBe('ask @dana or @someone');
  });

  it('keeps headings, lists and links readable', () => {
    const { text } = readHtml('<h2>Plan</h2><ul><li><p>one</p></li><li><p>two</p></li></ul><p><a href="https://x.io/a">docs</a></p>');
    expect(text).toContain('Plan');
    expect(text).not.toContain('PLAN');
    expect(text).toMatch(/\* one\n \* two/);
    expect(text).toContain('docs [https://x.io/a]');
  });

  it('reads an empty or missing description as empty text', () => {
    expect(readHtml('<p></p>')).toEqual({ text: '', images: [] });
    expect(readHtml(null)).toEqual({ text: '', images: [] });
  });
});

describe('textToHtml', () => {
  it('makes one paragraph per line and escapes HTML', () => {
    expect(textToHtml('first <b>\n\nthird & last')).toBe('<p>first &#60;b&#62;</p><p></p><p>third &#38; last</p>');
  });

  it('treats CRLF like LF', () => {
    expect(textToHtml('a\r\nb')).toBe('<p>a</p><p>b</p>');
  });
});

describe('markdownToHtml', () => {
  it('renders GitHub-flavoured headings, lists, task lists and bold', () => {
    const html = markdownToHtml('# Release\n\n- [x] build\n- [ ] ship\n\n1. one\n\n**done**');
    expect(html).toContain('<h1>Release</h1>');
    expect(html).toContain('<input checked="" disabled="" type="checkbox"> build');
    expect(html).toContain('<input disabled="" type="checkbox"> ship');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>done</strong>');
  });

  it('escapes raw HTML, inline and in blocks', () => {
    const html = markdownToHtml('hi <script>alert(1)</script>\n\n<div onclick="x()">block</div>');
    expect(html).not.toMatch(/<script|<div/);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('<p>&#60;div onclick=&#34;x()&#34;&#62;block&#60;/div&#62;</p>');
  });

  it('keeps http links and drops javascript: targets', () => {
    const html = markdownToHtml('[ok](https://plane.so) [bad](javascript:alert(1)) ![img](javascript:x)');
    expect(html).toContain('<a href="https://plane.so">ok</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('bad');
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});

describe('readHtml on editor checklists', () => {
  it('prints checked and open items', () => {
    const html =
      '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked></label><div><p>build</p></div></li>' +
      '<li data-checked="false" data-type="taskItem"><label><input type="checkbox"></label><div><p>ship</p></div></li></ul>';
    expect(readHtml(html).text).toBe('[x] build\n[ ] ship');
  });
});
