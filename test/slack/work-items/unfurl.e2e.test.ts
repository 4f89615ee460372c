import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/emulators/slack/index.js';
import { eventually, startBotHarness, type BotHarness } from '../../harness/bot.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { expectNoUuid } from '../../notifications/support.js';
import { ALICE, BOB, GENERAL, botReply, joinAcme } from './support.js';

let harness: BotHarness;

beforeAll(async () => {
  harness = await startBotHarness();
  joinAcme(harness);
});
afterAll(async () => harness?.close());

type Json = Record<string, unknown>;
const unfurlsOf = (message: SlackMessage | undefined) => ((message?.attachments ?? []) as Json[]).filter((a) => a.is_app_unfurl === true);

describe('links to Plane work items', () => {
  it('unfurls both URL forms into the card, with no id shown, and a card action on an unfurl edits it', async () => {
    const { slack, plane } = harness;
    const item = plane.db.workItem('ACME-1');
    const byKey = `${plane.url}/acme/browse/ACME-1/`;
    const byIds = `${plane.url}/acme/projects/${item.project}/issues/${item.id}`;
    const ts = await slack.userSays({ user: ALICE, channel: GENERAL, text: `Look at <${byKey}> and <${byIds}|this one>` });
    const message = await eventually(
      () => {
        const found = slack.workspace.message(GENERAL, ts);
        return unfurlsOf(found).length === 2 && found;
      },
      10_000,
      'two unfurls',
    );
    const [first, second] = unfurlsOf(message);
    expect([first!.app_unfurl_url, second!.app_unfurl_url]).toEqual([byKey, byIds]);
    for (const unfurl of [first!, second!]) {
      const card = { text: 'card', blocks: unfurl.blocks as SlackMessage['blocks'] };
      assertWithinSlackLimits(card);
      expect(JSON.stringify(card.blocks)).toContain('ACME-1 Login button unresponsive on Safari');
      expectNoUuid([{ ...message, text: '', blocks: card.blocks } as SlackMessage]);
    }
    expect(slack.calls.filter((c) => c.method === 'chat.unfurl' && c.error === undefined)).toHaveLength(1);

    // Bob moves it from the unfurl: said in the message's thread, the unfurl edited in place.
    await slack.clickButton({ user: BOB, channel: GENERAL, messageTs: ts, actionId: 'work_item_state', selected: 'Done' });
    await botReply(harness, GENERAL, ts, /^bob moved ACME-1 to Done$/);
    await eventually(
      () => JSON.stringify(unfurlsOf(slack.workspace.message(GENERAL, ts))[0]?.blocks).includes('✓ Done'),
      5_000,
      'the unfurl edited',
    );
    expect(unfurlsOf(slack.workspace.message(GENERAL, ts))).toHaveLength(2);
    expect(plane.db.states.get(item.state!)?.name).toBe('Done');
  });
});
