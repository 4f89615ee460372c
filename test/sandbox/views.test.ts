import { describe, expect, it } from 'vitest';
import { bannersHtml, channelListHtml, hintsHtml, peopleOptionsHtml } from '../../src/sandbox/page/chrome-view.js';
import { createDirectory } from '../../src/sandbox/page/html.js';
import { messageHtml } from '../../src/sandbox/page/message-view.js';

const users = [
  { id: 'U0BOT', name: 'planebot', real_name: 'planebot', is_bot: true },
  { id: 'U0ALICE', name: 'alice', real_name: 'Alice <Martin>', is_bot: false },
  { id: 'USLACKBOT', name: 'slackbot', real_name: 'Slackbot', is_bot: true },
];
const workspace = { users };
const directory = createDirectory({ users, viewer: 'U0ALICE' });
const view = { directory, workspace };
const botMessage = { ts: '1700000000.000100', user: 'U0BOT', bot_id: 'B0BOT', bot_profile: { name: 'planebot' }, text: 'fallback *text*' };

describe('a message', () => {
  it('shows who sent it, with the app badge for the bot, and its mrkdwn text when it has no blocks', () => {
    const html = messageHtml(botMessage, view);
    expect(html).toContain('data-testid="message" data-ts="1700000000.000100" data-user="U0BOT"');
    expect(html).toContain('<span class="author" data-testid="message-author">planebot</span><span class="badge">APP</span>');
    expect(html).toContain('<div class="mrkdwn"><div class="mk-p">fallback <strong>text</strong></div></div>');
    expect(html).toContain('data-testid="reply-in-thread"');
    expect(html).not.toContain('ephemeral-note');
  });

  it('draws the blocks instead of the text when there are some', () => {
    const html = messageHtml({ ...botMessage, blocks: [{ type: 'divider' }] }, view);
    expect(html).toContain('<hr class="bk-divider">');
    expect(html).not.toContain('fallback');
  });

  it('marks an ephemeral message as only visible to you, with no thread to start', () => {
    const html = messageHtml({ ...botMessage, ephemeral: true }, view);
    expect(html).toContain('data-ephemeral="true"');
    expect(html).toMatch(/data-testid="ephemeral-note">.*Only visible to you<\/div>/);
    expect(html).not.toContain('reply-in-thread');
  });

  it('says (edited), counts replies, and leaves the thread link out inside the thread', () => {
    const message = { ...botMessage, edited: { user: 'U0BOT', ts: '1700000001.000000' } };
    const replies = [{ ts: '1700000002.000000' }, { ts: '1700000003.000000' }];
    const html = messageHtml(message, { ...view, replies });
    expect(html).toContain('data-testid="message-edited">(edited)</span>');
    expect(html).toMatch(/data-testid="thread-link" data-thread-ts="1700000000.000100">2 replies<span class="thread-last">Last reply /);
    expect(messageHtml(message, { ...view, replies, inThread: true })).not.toContain('thread-link');
  });

  it('shows a deleted parent as a tombstone, reactions, and attachments (as JSON when it cannot draw them)', () => {
    expect(messageHtml({ ts: '1.000001', user: 'USLACKBOT', subtype: 'tombstone', text: 'This message was deleted.' }, view)).toContain(
      '<div class="tombstone">This message was deleted.</div>',
    );
    const html = messageHtml(
      {
        ...botMessage,
        reactions: [{ name: 'eyes', users: ['U0ALICE'], count: 1 }],
        attachments: [{ color: 'good', text: '*ok*' }, { image: 1 }],
      },
      view,
    );
    expect(html).toContain('<span class="reaction" title=":eyes:">:eyes: 1</span>');
    expect(html).toContain(
      '<div class="attachment attachment-good" data-testid="attachment"><div class="mrkdwn"><div class="mk-p"><strong>ok</strong></div></div></div>',
    );
    expect(html).toContain('data-testid="unknown-attachment"');
  });

  it('escapes the author and names an unknown sender by id', () => {
    expect(messageHtml({ ts: '1.000001', user: 'U0ALICE', text: 'hi' }, view)).toContain(
      'data-testid="message-author">Alice &lt;Martin&gt;</span>',
    );
    expect(messageHtml({ ts: '1.000001', user: 'U0GHOST', text: 'hi' }, view)).toContain('data-testid="message-author">U0GHOST</span>');
  });
});

describe('the page around the messages', () => {
  it('shows the demo-Plane banner and the agent-off banner only when they apply', () => {
    const both = bannersHtml({ plane: 'demo', model: false, planeUrl: 'http://127.0.0.1:4000' }, 'planebot');
    expect(both).toContain('data-testid="banner-plane"');
    expect(both).toContain('<a href="http://127.0.0.1:4000"');
    expect(both).toContain('data-testid="banner-model"');
    expect(both).toContain('let @planebot answer mentions');
    expect(bannersHtml({ plane: 'real', model: true }, 'planebot')).toBe('');
  });

  it('offers the people, not the bots, and lists channels before the DM with the bot', () => {
    expect(peopleOptionsHtml(users, 'U0ALICE')).toBe('<option value="U0ALICE" selected>Alice &lt;Martin&gt; (@alice)</option>');
    const html = channelListHtml(
      {
        bot: { name: 'planebot' },
        channels: [
          { id: 'D0ALICE', name: 'U0ALICE', type: 'im' },
          { id: 'C1', name: 'general', type: 'channel' },
          { id: 'G1', name: 'secret', type: 'group' },
        ],
      },
      'C1',
      new Set(['G1']),
    );
    expect([...html.matchAll(/data-channel-id="(\w+)"/g)].map((m) => m[1])).toEqual(['C1', 'G1', 'D0ALICE']);
    expect(html).toContain('class="channel-link active" data-testid="channel-link" data-channel-id="C1" aria-current="page"');
    expect(html).toContain('class="channel-link unread"');
    expect(html).toMatch(/data-channel-id="D0ALICE">.*planebot<\/button>/);
  });

  it('offers a mention and each command as a hint', () => {
    expect([...hintsHtml('planebot', ['/task', '/todo']).matchAll(/data-insert="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '@planebot ',
      '/task ',
      '/todo ',
    ]);
  });
});
