import { describe, expect, it } from 'vitest';
import { buildCommentMessage } from '../../../src/slack/notifications/notification.blocks.js';
import { buildWorkItemCard } from '../../../src/slack/work-items/work-item-card.blocks.js';
import { translator } from '../../../src/i18n/index.js';
import { truncateMrkdwn } from '../../../src/slack/blocks/text.js';
import { planeHtmlToMrkdwn } from '../../../src/slack/render/plane-html.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { PING_ATTEMPTS } from '../blocks/hostile.js';

const people = (id: string) =>
  id === 'u-alice' ? { name: 'Alice', slackId: 'U0ALICE' } : id === 'u-bob' ? { name: 'Bob <b>&', slackId: undefined } : undefined;
const render = (html: string) => planeHtmlToMrkdwn(html, { mention: people });
const mention = (id: string) => `<mention-component entity_identifier="${id}" entity_name="user_mention"></mention-component>`;

/** What is not a link, mention or entity this module wrote: no `<`, `>` or `&` of the input raw. */
function strayMarkup(mrkdwn: string): string[] {
  const written = /<(?:https?:\/\/|mailto:)[^<>|\s]+(?:\|[^<>]*)?>|<@[UW][A-Z0-9]+>|&(?:amp|lt|gt);/g;
  return [...mrkdwn.replace(written, '').matchAll(/[<>&]/g)].map((m) => m[0]);
}

describe('Plane rich text as Slack mrkdwn', () => {
  it('shows the seeded ACME-1 comment with bold and the link as Slack writes them', () => {
    expect(
      render('<p>Reproduced on <strong>staging</strong>; see <a href="https://example.com/runbooks/sso">the SSO runbook</a>.</p>'),
    ).toBe('Reproduced on *staging*; see <https://example.com/runbooks/sso|the SSO runbook>.');
  });

  it('reads a description as Plane stores it: in a <div>, with headings, lists, a checklist, a quote, code and entities', () => {
    const html =
      '<div><h2>Plan &amp; scope</h2><p>Fix <em>the</em> <s>old</s> <code>login()</code> flow &lt;soon&gt;</p>' +
      '<ul><li><p>one</p><ul><li><p>nested <strong>bold</strong></p><ol start="3"><li><p>deep</p></li></ol></li></ul></li><li><p>two</p></li></ul>' +
      '<pre><code class="language-ts">if (a &lt; b &amp;&amp; c) {\n  run();\n}</code></pre>' +
      '<blockquote><p>quoted</p><p>twice</p></blockquote>' +
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>build</p></div></li>' +
      '<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>ship</p></div></li></ul>' +
      `<p>Ask ${mention('u-alice')} or ${mention('u-bob')}; not ${mention('u-gone')}.</p>` +
      '<image-component src="3f2a" width="640px"></image-component><p>then <img src="https://x.io/a.png"></p><hr></div>';
    expect(render(html)).toBe(
      [
        '*Plan &amp; scope*',
        'Fix _the_ ~old~ `login()` flow &lt;soon&gt;',
        '• one',
        '    ◦ nested *bold*',
        '        3. deep',
        '• two',
        '```',
        'if (a &lt; b &amp;&amp; c) {',
        '  run();',
        '}',
        '```',
        '> quoted',
        '> twice',
        '☑ build',
        '☐ ship',
        'Ask <@U0ALICE> or @Bob &lt;b&gt;&amp;; not @someone.',
        '[image 1]',
        'then [image 2]',
        '──────────',
      ].join('\n'),
    );
  });

  it('drops scripts, styles and forms, never makes a javascript: or data: link, and leaves no raw HTML from hostile input', () => {
    const html =
      '<p>a<script>alert(1)</script><style>p{}</style><iframe src="https://evil"></iframe>b</p>' +
      '<p><a href="javascript:alert(1)">click</a> <a href=" JAVASCRIPT:alert(1)">again</a> <a href="data:text/html,x">data</a> <a href="https://ok.io/a?b=1&c=<2>|x">ok</a></p>' +
      `<p>${PING_ATTEMPTS} &lt;!channel&gt; &lt;@U0ALICE&gt; &#60;script&#62; &unknown; &#0; &#x1F600;</p>` +
      '<ul><li>loose<li>items<ul><li>deeper</ul></ul>' +
      '<p><b>unclosed <i>tags<p>after</u></div></span>' +
      '<mention-component entity_identifier="u-alice"><b>inner</b></mention-component>' +
      '<a href="https://x.io">' +
      mention('u-alice') +
      '</a>';
    const out = render(html);
    // The entity-written &lt;script&gt; is text and shows as such; the elements show nothing.
    expect(out).not.toMatch(/<script|alert|iframe|p\{\}/i);
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('click again data');
    expect(out).toContain('<https://ok.io/a?b=1&amp;c=%3C2%3E%7Cx|ok>');
    expect(out).not.toMatch(/<(?:!|#|@U0ALICE>[^ ]*&)/);
    expect(out).not.toMatch(/<!channel>|<!here>|<#C0OPS>/);
    expect(out).toMatch(/@\u200bhere/);
    expect(strayMarkup(out)).toEqual([]);
    expect(out).toContain('😀');
    expect(out).toContain('• loose\n• items\n    ◦ deeper');
    // In a link's label a mention is a name, not a ping.
    expect(out).toContain('*unclosed _tags_*');
    expect(out).toContain('<https://x.io|@Alice>');
  });

  it('keeps deep nesting readable and a 40 KB description within a card, a comment and Slack’s limits', () => {
    let nested = 'bottom';
    for (let depth = 0; depth < 40; depth++) nested = `<ul><li><p>level ${depth}</p>${nested}</li></ul>`;
    const deep = render(nested);
    expect(deep.split('\n').every((line) => line.length < 100)).toBe(true);

    const paragraph = (i: number) =>
      `<p>Line ${i} with <strong>bold</strong>, <a href="https://example.com/${i}">a link ${i}</a> &amp; <code>code</code></p>`;
    const big = `<div>${Array.from({ length: 400 }, (_, i) => (i % 50 === 10 ? `<pre><code>${'x = 1;\n'.repeat(30)}</code></pre>` : paragraph(i))).join('')}</div>`;
    expect(big.length).toBeGreaterThan(40_000);
    const mrkdwn = render(big);
    const t = translator('en');
    for (const max of [600, 2_500, 3_000]) {
      const cut = truncateMrkdwn(mrkdwn, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect((cut.match(/```/g)?.length ?? 0) % 2).toBe(0);
      expect(cut.endsWith('…')).toBe(true);
      expect(strayMarkup(cut)).toEqual([]);
    }
    const card = buildWorkItemCard(
      {
        key: 'ACME-1',
        title: 'Login',
        url: 'https://plane.example/acme/ACME-1',
        state: 'Todo',
        stateGroup: 'unstarted',
        priority: 'high',
        assignees: [],
        labels: [],
        descriptionMrkdwn: mrkdwn,
      },
      t,
    );
    assertWithinSlackLimits(card);
    const comment = buildCommentMessage({ key: 'ACME-1' }, 'alice', { text: 'plain', mrkdwn }, t);
    assertWithinSlackLimits(comment);
    expect(JSON.stringify(comment.blocks)).toContain('*bold*');
  });

  it('shows nothing for empty or whitespace-only HTML', () => {
    for (const html of ['', '<p></p>', '<div><p> </p><p><br></p></div>', null]) expect(planeHtmlToMrkdwn(html)).toBe('');
  });
});
