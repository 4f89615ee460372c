import { describe, expect, it } from 'vitest';
import { renderBlock, renderBlocks } from '../../src/sandbox/page/blockkit.js';
import { createDirectory } from '../../src/sandbox/page/html.js';

const directory = createDirectory({
  users: [
    { id: 'U0ALICE', name: 'alice' },
    { id: 'U0BOB', name: 'bob' },
  ],
  channels: [{ id: 'C0OPS', name: 'ops', type: 'channel' }],
  viewer: 'U0BOB',
});

const plain = (text: string) => ({ type: 'plain_text', text });
const mrkdwn = (text: string, verbatim?: boolean) => ({ type: 'mrkdwn', text, ...(verbatim === undefined ? {} : { verbatim }) });
const button = (text: string, actionId: string, extra: Record<string, unknown> = {}) => ({
  type: 'button',
  text: plain(text),
  action_id: actionId,
  ...extra,
});

/** The inside of the wrapper every drawn block gets. */
function inner(block: Record<string, unknown>): string {
  const html = renderBlock(block, directory);
  const match =
    /^<div class="bk-block bk-block-[a-z_]+" data-testid="block" data-block-type="[a-z_]+"(?: data-block-id="[^"]*")?>([\s\S]*)<\/div>$/.exec(
      html,
    );
  if (!match) throw new Error(`not a drawn block: ${html}`);
  return match[1]!;
}

describe('Block Kit blocks', () => {
  it('wraps each block with its type and block_id, in order', () => {
    const html = renderBlocks([{ type: 'divider', block_id: 'd1' }, { type: 'divider' }], directory);
    expect(html).toBe(
      '<div class="bk-block bk-block-divider" data-testid="block" data-block-type="divider" data-block-id="d1"><hr class="bk-divider"></div>' +
        '<div class="bk-block bk-block-divider" data-testid="block" data-block-type="divider"><hr class="bk-divider"></div>',
    );
  });

  it('draws a header as plain text', () => {
    expect(inner({ type: 'header', text: plain('PROJ-1 *not bold* <b>') })).toBe(
      '<div class="bk-header" role="heading" aria-level="2">PROJ-1 *not bold* &lt;b&gt;</div>',
    );
  });

  it('draws a section with mrkdwn text, fields and an accessory button', () => {
    const html = inner({
      type: 'section',
      block_id: 'card',
      text: mrkdwn('*Title* for <@U0BOB>'),
      fields: [mrkdwn('*State*\nOpen'), plain('High *plain*')],
      accessory: button('Open', 'card_open', { value: 'PROJ-1' }),
    });
    expect(html).toBe(
      '<div class="bk-section-main">' +
        '<div class="bk-text mrkdwn"><div class="mk-p"><strong>Title</strong> for <span class="mention mention-self" data-user-id="U0BOB">@bob</span></div></div>' +
        '<div class="bk-fields">' +
        '<div class="bk-field"><div class="bk-text mrkdwn"><div class="mk-p"><strong>State</strong>\nOpen</div></div></div>' +
        '<div class="bk-field"><span class="bk-text">High *plain*</span></div>' +
        '</div></div>' +
        '<div class="bk-accessory"><button type="button" class="bk-button" data-testid="block-button" data-action-id="card_open" data-block-id="card" data-value="PROJ-1">Open</button></div>',
    );
  });

  it('does not auto-link bare URLs in verbatim mrkdwn', () => {
    expect(inner({ type: 'section', text: mrkdwn('https://x.test', true) })).not.toContain('<a ');
    expect(inner({ type: 'section', text: mrkdwn('https://x.test') })).toContain('<a href="https://x.test"');
  });

  it('draws a context line of text and images', () => {
    expect(
      inner({
        type: 'context',
        elements: [mrkdwn('by <@U0ALICE>'), { type: 'image', image_url: 'https://x.test/a.png', alt_text: 'logo' }],
      }),
    ).toBe(
      '<div class="bk-context"><div class="bk-text mrkdwn"><div class="mk-p">by <span class="mention" data-user-id="U0ALICE">@alice</span></div></div>' +
        '<img class="bk-img" src="https://x.test/a.png" alt="logo" loading="lazy" referrerpolicy="no-referrer"></div>',
    );
  });

  it('draws actions with plain, primary and danger buttons, and a URL button as a link', () => {
    const html = inner({
      type: 'actions',
      block_id: 'approval',
      elements: [
        button('Approve', 'approve', { value: 'run-1', style: 'primary' }),
        button('Approve for this thread', 'approve_thread', { value: 'run-1' }),
        button('Deny', 'deny', { value: 'run-1', style: 'danger' }),
        button('Open in Plane', 'open', { url: 'https://plane.example/i/1' }),
      ],
    });
    expect(html).toBe(
      '<div class="bk-actions">' +
        '<button type="button" class="bk-button bk-button-primary" data-testid="block-button" data-action-id="approve" data-block-id="approval" data-value="run-1">Approve</button>' +
        '<button type="button" class="bk-button" data-testid="block-button" data-action-id="approve_thread" data-block-id="approval" data-value="run-1">Approve for this thread</button>' +
        '<button type="button" class="bk-button bk-button-danger" data-testid="block-button" data-action-id="deny" data-block-id="approval" data-value="run-1">Deny</button>' +
        '<a class="bk-button" data-testid="block-button" data-action-id="open" data-block-id="approval" href="https://plane.example/i/1" target="_blank" rel="noopener noreferrer">Open in Plane</a>' +
        '</div>',
    );
  });

  it('carries a button’s confirm dialog text', () => {
    const confirm = { title: plain('Really?'), text: plain('This deletes it'), confirm: plain('Yes'), deny: plain('No') };
    expect(inner({ type: 'actions', elements: [button('Delete', 'delete', { confirm })] })).toContain(
      'data-confirm="Really?\nThis deletes it"',
    );
  });

  it('draws an image block with its title', () => {
    expect(inner({ type: 'image', image_url: 'https://x.test/chart.png', alt_text: 'chart', title: plain('Burn-down') })).toBe(
      '<figure class="bk-image-figure"><img class="bk-img" src="https://x.test/chart.png" alt="chart" loading="lazy" referrerpolicy="no-referrer"><figcaption>Burn-down</figcaption></figure>',
    );
  });

  it('draws a markdown block from standard Markdown', () => {
    const html = inner({
      type: 'markdown',
      text: '## Plan\n\n1. **read** it\n2. ~~skip~~ `code`\n\n> quoted [link](https://x.test)\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n- [x] done',
    });
    expect(html).toBe(
      '<div class="bk-markdown">' +
        '<h2 class="md-h">Plan</h2>' +
        '<ol class="md-list"><li><strong>read</strong> it</li><li><del>skip</del> <code>code</code></li></ol>' +
        '<blockquote class="mk-quote"><p>quoted <a href="https://x.test" target="_blank" rel="noopener noreferrer">link</a></p></blockquote>' +
        '<table class="md-table"><thead><tr><th>a</th><th class="md-align-right">b</th></tr></thead><tbody><tr><td>1</td><td class="md-align-right">2</td></tr></tbody></table>' +
        '<ul class="md-list"><li><span class="md-task">☑</span> done</li></ul>' +
        '</div>',
    );
  });

  it('draws rich_text: styled text, mentions, links, emoji, lists, quotes and preformatted text', () => {
    const html = inner({
      type: 'rich_text',
      elements: [
        {
          type: 'rich_text_section',
          elements: [
            { type: 'text', text: 'Hi ', style: { bold: true, italic: true } },
            { type: 'user', user_id: 'U0ALICE' },
            { type: 'text', text: ' in ' },
            { type: 'channel', channel_id: 'C0OPS' },
            { type: 'text', text: ' ' },
            { type: 'link', url: 'https://x.test', text: 'docs' },
            { type: 'emoji', name: 'thumbsup', unicode: '1f44d' },
            { type: 'emoji', name: 'custom' },
            { type: 'broadcast', range: 'here' },
            { type: 'date', timestamp: 1700000000, format: '{date}', fallback: 'Nov 14' },
            { type: 'text', text: 'x', style: { code: true, strike: true } },
          ],
        },
        {
          type: 'rich_text_list',
          style: 'ordered',
          indent: 1,
          offset: 2,
          elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'third' }] }],
        },
        { type: 'rich_text_list', style: 'bullet', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'point' }] }] },
        { type: 'rich_text_quote', elements: [{ type: 'text', text: 'said' }] },
        { type: 'rich_text_preformatted', elements: [{ type: 'text', text: 'a < b' }] },
      ],
    });
    expect(html).toBe(
      '<div class="rt-section"><strong><em>Hi </em></strong>' +
        '<span class="mention" data-user-id="U0ALICE">@alice</span> in ' +
        '<span class="mention channel-mention" data-channel-id="C0OPS">#ops</span> ' +
        '<a href="https://x.test" target="_blank" rel="noopener noreferrer">docs</a>' +
        '<span class="emoji" title=":thumbsup:">👍</span><span class="emoji" title=":custom:">:custom:</span>' +
        '<span class="mention mention-broadcast">@here</span><span class="mk-date">Nov 14</span>' +
        '<del><code>x</code></del></div>' +
        '<ol class="rt-list rt-indent-1" start="3"><li>third</li></ol>' +
        '<ul class="rt-list rt-indent-0"><li>point</li></ul>' +
        '<blockquote class="rt-quote">said</blockquote>' +
        '<pre class="rt-pre">a &lt; b</pre>',
    );
  });
});

describe('a table block', () => {
  it('draws its first row as the header and every cell as escaped text', () => {
    const cell = (text: string) => ({ type: 'raw_text', text });
    const html = renderBlock(
      {
        type: 'table',
        rows: [
          [cell('Item'), cell('To')],
          [cell('ACME-1'), cell('<b>Done</b> & co')],
        ],
      },
      directory,
    );
    expect(html).toContain(
      '<table class="bk-table"><thead><tr><th>Item</th><th>To</th></tr></thead><tbody><tr><td>ACME-1</td><td>&lt;b&gt;Done&lt;/b&gt; &amp; co</td></tr></tbody></table>',
    );
    expect(renderBlock({ type: 'table', rows: [[{ type: 'rich_text' }]] }, directory)).toContain('data-testid="unknown-block"');
  });
});

describe('what cannot be drawn is shown as JSON', () => {
  it('shows an unknown block type as its JSON, labelled', () => {
    const html = renderBlock({ type: 'data_table', rows: [[{ type: 'raw_text', text: 'a<b' }]] }, directory);
    expect(html).toContain('data-testid="unknown-block" data-block-type="data_table"');
    expect(html).toContain('This block (type “data_table”) cannot be drawn here');
    expect(html).toContain('&quot;text&quot;: &quot;a&lt;b&quot;');
  });

  it('shows a known block too malformed to draw as JSON instead of failing', () => {
    for (const block of [
      { type: 'section' },
      { type: 'header', text: mrkdwn('not plain') },
      { type: 'actions', elements: 'none' },
      { type: 'markdown' },
      { type: 'rich_text' },
    ]) {
      expect(renderBlock(block, directory), JSON.stringify(block)).toContain('data-testid="unknown-block"');
    }
    expect(renderBlock(null, directory)).toContain('data-testid="unknown-block" data-block-type="unknown"');
    expect(renderBlocks('not a list', directory)).toContain('data-testid="unknown-blocks"');
  });

  it('shows an unknown element among buttons as JSON, and keeps the buttons', () => {
    const html = inner({ type: 'actions', elements: [{ type: 'datepicker', action_id: 'pick' }, button('Go', 'go')] });
    expect(html).toContain('data-testid="unknown-element" data-block-type="datepicker"');
    expect(html).toContain('data-action-id="go"');
  });

  it('draws a static select with its options, the initial one chosen, escaped', () => {
    const option = (text: string, value: string) => ({ text: { type: 'plain_text', text }, value });
    const html = inner({
      type: 'actions',
      block_id: 'work_item:ACME-1',
      elements: [
        {
          type: 'static_select',
          action_id: 'work_item_state',
          options: [option('Todo', 'Todo'), option('<b>Done</b>', 'Done')],
          initial_option: option('Todo', 'Todo'),
        },
      ],
    });
    expect(html).toContain('data-testid="block-select" data-action-id="work_item_state" data-block-id="work_item:ACME-1"');
    expect(html).toContain('<option value="Todo" selected>Todo</option>');
    expect(html).toContain('&lt;b&gt;Done&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('shows an unknown rich_text element as JSON', () => {
    const html = inner({
      type: 'rich_text',
      elements: [{ type: 'rich_text_section', elements: [{ type: 'sparkle', x: 1 }] }, { type: 'rich_text_table' }],
    });
    expect(html.match(/data-testid="unknown-element"/g)).toHaveLength(2);
    expect(html).toContain('&quot;sparkle&quot;');
  });

  it('does not let a hostile type name into the markup', () => {
    const html = renderBlock({ type: '"><script>alert(1)</script>' }, directory);
    expect(html).not.toContain('<script>');
    expect(html).toContain('data-block-type="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

describe('hostile content', () => {
  it('escapes text in every place a block shows it', () => {
    const script = '<script>alert(1)</script> & "q"';
    const html = renderBlocks(
      [
        { type: 'header', text: plain(script) },
        { type: 'section', text: mrkdwn(script), fields: [plain(script)] },
        { type: 'context', elements: [plain(script)] },
        { type: 'actions', elements: [button(script, 'a"b', { value: '"><img src=x onerror=alert(1)>' })] },
        { type: 'markdown', text: `${script}\n\n<img src=x onerror=alert(1)>` },
        { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: script }] }] },
      ],
      directory,
    );
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(html).toContain('data-action-id="a&quot;b"');
    expect(html).toContain('data-value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
  });

  it('follows no javascript:, data: or relative link anywhere', () => {
    const bad = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '/relative',
      'vbscript:x',
    ];
    for (const url of bad) {
      const html = renderBlocks(
        [
          { type: 'section', text: mrkdwn(`<${url}|x>`) },
          { type: 'markdown', text: `[x](${url}) ![i](${url})` },
          { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'link', url, text: 'x' }] }] },
          { type: 'actions', elements: [button('Go', 'go', { url })] },
          { type: 'image', image_url: url, alt_text: 'i' },
        ],
        directory,
      );
      expect(html, url).not.toMatch(/(href|src)="\s*(javascript|data|vbscript|\/)/i);
    }
  });
});

describe('a streamed answer’s blocks', () => {
  const rich = (text: string) => ({ type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text }] }] });

  it('draws the plan with a mark per task status, and a task card with its output', () => {
    const html = inner({
      type: 'plan',
      title: 'Plan <b>',
      tasks: [
        { type: 'task_card', task_id: '1', title: 'Read ACME-1', status: 'complete', output: rich('In Progress') },
        { type: 'task_card', task_id: '2', title: 'Comment', status: 'in_progress' },
        { type: 'task_card', task_id: '3', title: 'Ping', status: 'error' },
        { type: 'task_card', task_id: '4', title: 'Close', status: 'pending' },
      ],
    });
    expect(html).toContain('<div class="bk-plan-title">Plan &lt;b&gt;</div>');
    expect([...html.matchAll(/data-task-status="([a-z_]+)"/g)].map((m) => m[1])).toEqual(['complete', 'in_progress', 'error', 'pending']);
    expect(html).toContain('✓');
    expect(html).toContain('In Progress');
    expect(inner({ type: 'task_card', task_id: 't', title: 'Alone', status: 'in_progress' })).toContain(
      '<span class="bk-task-title">Alone</span>',
    );
  });

  it('shows a malformed plan as its JSON', () => {
    expect(renderBlock({ type: 'plan', title: 'x', tasks: 'nope' }, directory)).toContain('data-testid="unknown-block"');
  });
});
