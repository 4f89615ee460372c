import { describe, expect, it } from 'vitest';
import { markdownToMrkdwn } from '../../../src/slack/render/mrkdwn.js';

const render = (markdown: string) => markdownToMrkdwn(markdown).join('\n\n');

describe('markdownToMrkdwn', () => {
  it('renders inline formatting as mrkdwn', () => {
    expect(render('**bold** *italic* _also_ ~~strike~~ `code` and ***both***')).toBe('*bold* _italic_ _also_ ~strike~ `code` and _*both*_');
  });

  it('keeps spaces outside the markers, as Slack needs', () => {
    expect(render('a ** spaced ** b')).toBe('a ** spaced ** b');
    expect(render('a **bold **b')).toMatch(/^a /);
  });

  it('renders links, autolinks and images', () => {
    expect(render('[Plane](https://plane.so/a?b=1&c=2) https://x.example/y a@b.example')).toBe(
      '<https://plane.so/a?b=1&amp;c=2|Plane> <https://x.example/y> <mailto:a@b.example|a@b.example>',
    );
    expect(render('![diagram](https://x.example/d.png)')).toBe('<https://x.example/d.png|diagram>');
    expect(render('[bad](javascript:alert(1)) [rel](/a/b)')).toBe('bad rel');
    expect(render('[a|b>c](https://x.example/p|q)')).toBe('<https://x.example/p%7Cq|a|b&gt;c>');
  });

  it('renders headings as bold lines', () => {
    expect(render('# Title\n\n## Sub **x**')).toBe('*Title*\n\n*Sub x*');
  });

  it('renders code blocks with fences on their own lines and escaped content', () => {
    expect(render('```ts\nconst a = b < c && d > e;\n```')).toBe('```\nconst a = b &lt; c &amp;&amp; d &gt; e;\n```');
    expect(render('~~~\ninner ``` fence\n~~~')).not.toMatch(/inner ```/);
  });

  it('renders bullet, ordered, nested and task lists', () => {
    expect(render('- one\n- two\n  - nested\n    - deeper\n\n3. three\n4. four\n\n- [x] done\n- [ ] todo')).toBe(
      ['• one', '• two', '    ◦ nested', '        ▪ deeper', '', '3. three', '4. four', '', '• ☑ done', '• ☐ todo'].join('\n'),
    );
  });

  it('keeps a code block inside a list item at the start of its lines', () => {
    const out = render('- step\n\n  ```\n  npm test\n  ```\n- next');
    expect(out.split('\n')).toEqual(['• step', '```', 'npm test', '```', '• next']);
  });

  it('renders quotes line by line', () => {
    expect(render('> quoted\n> more\n>\n> after')).toBe('> quoted\n> more\n>\n> after');
  });

  it('renders tables as aligned monospace text', () => {
    expect(render('| Key | State |\n|---|---|\n| ACME-1 | Done |\n| A-22 | In **Progress** |')).toBe(
      ['```', 'Key    | State', '-------+------------', 'ACME-1 | Done', 'A-22   | In Progress', '```'].join('\n'),
    );
  });

  it('escapes &, < and > everywhere and never mentions anyone', () => {
    const out = render('Hi <!channel> <@U0ALICE> <#C1> & <b>html</b> @here &amp; &lt;x&gt;\n\n<div>block <!here></div>');
    expect(out).not.toMatch(/<[@!#]/);
    expect(out).not.toMatch(/(^|[^\u200b])@here/);
    expect(out).toContain('&lt;!channel&gt; &lt;@U0ALICE&gt;');
    expect(out).toContain('&amp; &lt;b&gt;html&lt;/b&gt;');
    expect(out).toContain('&amp; &lt;x&gt;');
  });

  it('never lets prose backticks form a code fence', () => {
    for (const markdown of ['\\`\\`\\`not code', '``` `` ` ``` x', '`a```b`', '`` ` `` and \\`\\`']) {
      for (const line of render(markdown).split('\n')) expect(line).not.toContain('```');
    }
  });

  it('renders horizontal rules, html blocks and empty input', () => {
    expect(render('a\n\n---\n\nb')).toBe('a\n\n──────────\n\nb');
    expect(render('')).toBe('');
    expect(markdownToMrkdwn('   \n\n  ')).toEqual([]);
  });
});
