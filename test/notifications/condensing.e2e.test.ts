import { expect, it } from 'vitest';
import { eventually } from '../harness/bot.js';
import { botForTest, OPS, run } from '../slack/commands-e2e/support.js';
import { cardOf, cards, planeApi, shown, stateId } from './support.js';

const CONDENSE_MS = 1_000;

it('two changes that came within the window make one line even when the second is handled long after it (its turn taken by slow deliveries)', async () => {
  const h = await botForTest({ webhooks: true, timing: { condenseMs: CONDENSE_MS, postIntervalMs: 20 } });
  await run(h, { command: '/plane', text: 'subscribe ACME', channel: OPS }, { ephemeral: 1 });
  const { dana } = h.demo.users;
  const item = h.plane.db.workItem('ACME-2');
  expect(item.priority).not.toBe('urgent');
  const { attempts } = h.plane.webhooks;
  // Until `count` deliveries have been sent in all and the bot answered each (which it does before handling it).
  const answered = (count: number) =>
    eventually(() => attempts.length >= count && attempts.every((a) => a.status !== 0), 5_000, `${count} deliveries answered`);
  // A creation made with the bot's own key that it never noted is handled in about 2 s (the bot
  // waits that long for its note): each such delivery holds one of the four turns meanwhile.
  const slowKeys: string[] = [];
  const slowDelivery = async (name: string) => {
    const created = await planeApi(h, 'POST', `projects/${h.demo.project.id}/work-items/`, { name });
    slowKeys.push(`ACME-${String(created.sequence_id)}`);
  };
  const before = attempts.length;

  await Promise.all(['Slow 1', 'Slow 2', 'Slow 3'].map(slowDelivery));
  await answered(before + 3);
  h.plane.webApp.updateWorkItem(item.id, { state_id: stateId(h, 'In Progress') }, dana.id);
  await answered(before + 4);
  // The first change is handled at once in the last turn; this one takes that turn next…
  await slowDelivery('Slow 4');
  await answered(before + 5);
  // …so the second change, answered at once, is handled only when a turn frees, seconds later.
  h.plane.webApp.updateWorkItem(item.id, { priority: 'urgent' }, dana.id);
  await answered(before + 6);
  const [first, second] = attempts.filter((a) => JSON.parse(a.body).data.id === item.id);
  expect(second!.sentAt - first!.sentAt).toBeLessThan(CONDENSE_MS);

  const { replies } = await cardOf(h, OPS, 'ACME-2', 1);
  // Every slow delivery handled (their cards posted), then the window again: no second line came.
  for (const key of slowKeys) await cardOf(h, OPS, key, 0, 15_000);
  await new Promise((resolve) => setTimeout(resolve, CONDENSE_MS * 3));
  const posted = cards(h, OPS).filter((c) => c.card.text.startsWith('ACME-2:'));
  expect(posted).toHaveLength(1);
  expect(posted[0]!.replies).toHaveLength(1);
  expect(shown(replies[0]!)).toBe('*dana*: Todo → In Progress · priority urgent');
});
