import { describe, expect, it } from 'vitest';
import { createDirectory } from '../../src/sandbox/page/html.js';
import { decodeSlackEntities, mrkdwnToHtml, plainTextToHtml } from '../../src/sandbox/page/mrkdwn.js';

const directory = createDirectory({
  users: [
    { id: 'U0ALICE', name: 'alice', real_name: 'Alice Martin' },
    { id: 'U0BOT', name: 'planebot' },
  ],
  channels: [
    { id: 'C0OPS', name: 'ops', type: 'channel' },
    { id: 'D0ALICE', name: 'U0ALICE', type: 'im' },
  ],
  viewer: 'U0ALICE',
});

/** The HTML of one line of mrkdwn, without its paragraph wrapper. */
const line = (text: string, options?: { linkify?: boolean }) => {
  const html = mrkdwnToHtml(text, directory, options);
  const match = /^<div class="mk-p">([\s\S]*)<\/div>$/.exec(html);
  if (!match) throw new Error(`not one paragraph: ${html}`);
  return match[1];
};

describe('mrkdwn styles', () => {
  it('draws bold, italic, strike and inline code', () => {
    expect(line('*bold* _italic_ ~strike~ `code`')).toBe('<strong>bold</strong> <em>italic</em> <del>strike</del> <code>code</code>');
  });

  it('nests styles, and leaves crossed or intraword markers as text', () => {
    expect(line('_*both*_')).toBe('<em><strong>both</strong></em>');
    expect(line('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
    expect(line('a * not bold * b')).toBe('a * not bold * b');
    expect(line('*a _b* c_')).toBe('<strong>a _b</strong> c_');
  });

  it('styles nothing inside code, and shows code blocks as preformatted text', () => {
    expect(line('`*not bold* <@U0ALICE>`')).toBe('<code>*not bold* &lt;@U0ALICE&gt;</code>');
    expect(mrkdwnToHtml('before\n```\nconst a = *b*;\n<@U0ALICE> &lt;tag&gt;\n```\nafter', directory)).toBe(
      '<div class="mk-p">before</div><pre class="mk-pre">const a = *b*;\n@alice &lt;tag&gt;</pre><div class="mk-p">after</div>',
    );
  });

  it('keeps line breaks for the stylesheet to show', () => {
    expect(line('one\ntwo\n\nthree')).toBe('one\ntwo\n\nthree');
  });
});

describe('mrkdwn links and mentions', () => {
  it('links http(s) and mailto URLs, with or without a label', () => {
    expect(line('<https://plane.example/a?b=1&amp;c=2|the item>')).toBe(
      '<a href="https://plane.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">the item</a>',
    );
    expect(line('<mailto:bob@acme.test>')).toBe(
      '<a href="mailto:bob@acme.test" target="_blank" rel="noopener noreferrer">mailto:bob@acme.test</a>',
    );
  });

  it('never links another scheme, and escapes what it shows instead', () => {
    expect(line('<javascript:alert(1)|click me>')).toBe('click me');
    expect(line('<javascript:alert(1)>')).toBe('&lt;javascript:alert(1)&gt;');
    expect(line('<data:text/html,<b>x</b>|y>')).not.toContain('href');
    expect(line('<java\tscript:alert(1)|x>')).toBe('x');
  });

  it('escapes a quote inside a URL so the attribute cannot be left', () => {
    expect(line('<https://x.test/"onmouseover="alert(1)|x>')).toBe(
      '<a href="https://x.test/&quot;onmouseover=&quot;alert(1)" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('links bare URLs unless the text is verbatim, leaving trailing punctuation out', () => {
    expect(line('see https://x.test/p_q_r. ok')).toBe(
      'see <a href="https://x.test/p_q_r" target="_blank" rel="noopener noreferrer">https://x.test/p_q_r</a>. ok',
    );
    expect(line('see https://x.test/p', { linkify: false })).toBe('see https://x.test/p');
  });

  it('names users from the workspace, highlights the viewer, and falls back to the label or id', () => {
    expect(line('<@U0BOT> and <@U0ALICE>')).toBe(
      '<span class="mention" data-user-id="U0BOT">@planebot</span> and <span class="mention mention-self" data-user-id="U0ALICE">@alice</span>',
    );
    expect(line('<@U0NOBODY|ghost> <@U0NOBODY>')).toBe(
      '<span class="mention" data-user-id="U0NOBODY">@ghost</span> <span class="mention" data-user-id="U0NOBODY">@U0NOBODY</span>',
    );
  });

  it('names channels, and shows broadcasts, groups and dates', () => {
    expect(line('<#C0OPS> <#C0ELSE|elsewhere>')).toBe(
      '<span class="mention channel-mention" data-channel-id="C0OPS">#ops</span> <span class="mention channel-mention" data-channel-id="C0ELSE">#elsewhere</span>',
    );
    expect(line('<!channel> <!here|here>')).toBe(
      '<span class="mention mention-broadcast">@channel</span> <span class="mention mention-broadcast">@here</span>',
    );
    expect(line('<!subteam^S0OPS|@ops-team>')).toBe('<span class="mention">@ops-team</span>');
    expect(line('<!date^1700000000^{date_short} at {time}|Nov 14, 2023>')).toBe('<span class="mk-date">Nov 14, 2023</span>');
    expect(line('<!date^1700000000^{date_short}>')).toBe('<span class="mk-date">2023-11-14 22:13 UTC</span>');
  });

  it('styles a mention or a link inside bold text', () => {
    expect(line('*<@U0BOT> <https://x.test|x>*')).toBe(
      '<strong><span class="mention" data-user-id="U0BOT">@planebot</span> <a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a></strong>',
    );
  });
});

describe('mrkdwn lists and quotes', () => {
  it('draws bullet and numbered lines as a list, with their depth', () => {
    expect(mrkdwnToHtml('• one\n    ◦ two\n- three\n2. four', directory)).toBe(
      '<div class="mk-list" role="list">' +
        '<div class="mk-li mk-indent-0" role="listitem"><span class="mk-bullet">•</span><span class="mk-li-body">one</span></div>' +
        '<div class="mk-li mk-indent-1" role="listitem"><span class="mk-bullet">◦</span><span class="mk-li-body">two</span></div>' +
        '<div class="mk-li mk-indent-0" role="listitem"><span class="mk-bullet">•</span><span class="mk-li-body">three</span></div>' +
        '<div class="mk-li mk-indent-0" role="listitem"><span class="mk-bullet">2.</span><span class="mk-li-body">four</span></div>' +
        '</div>',
    );
  });

  it('draws quote lines, written as &gt; or >, as one quote', () => {
    expect(mrkdwnToHtml('&gt; first *line*\n> second\nafter', directory)).toBe(
      '<blockquote class="mk-quote">first <strong>line</strong>\nsecond</blockquote><div class="mk-p">after</div>',
    );
  });
});

describe('mrkdwn escaping', () => {
  it('turns markup in the text into text', () => {
    expect(line('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(line('&lt;img src=x onerror=alert(1)&gt; "q" \'s')).toBe('&lt;img src=x onerror=alert(1)&gt; &quot;q&quot; &#39;s');
  });

  it('decodes Slack entities once, as Slack does', () => {
    expect(decodeSlackEntities('&amp;lt; &lt; &gt; &amp; &quot;')).toBe('&lt; < > & &quot;');
    expect(line('a &amp;lt; b &amp; c')).toBe('a &amp;lt; b &amp; c');
  });

  it('cannot be fooled by the private characters it uses for itself', () => {
    expect(line('\uE0000\uE001 *x*')).toBe('\uFFFD0\uFFFD <strong>x</strong>');
  });

  it('escapes plain text and tolerates missing text', () => {
    expect(plainTextToHtml('<b>&</b>')).toBe('&lt;b&gt;&amp;&lt;/b&gt;');
    expect(mrkdwnToHtml(undefined)).toBe('');
  });
});
