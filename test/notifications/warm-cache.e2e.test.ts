import { expect, it } from 'vitest';
import { botForTest, OPS, run } from '../slack/commands-e2e/support.js';
import { GENERAL } from '../slack/work-items/support.js';
import { cardOf } from './support.js';

const CHANNELS = [OPS, GENERAL];

it('a burst of web-app changes (state, priority, assignee of 20 items, two channels) costs Plane no request once the cache is warm, counted at the fake Plane', async () => {
  const h = await botForTest({ webhooks: true, timing: { condenseMs: 300, postIntervalMs: 20 } });
  const { dana, leo } = h.demo.users;
  for (const channel of CHANNELS) await run(h, { command: '/plane', text: 'subscribe ACME', channel }, { ephemeral: 1 });
  const items = Array.from({ length: 20 }, (_, i) =>
    h.plane.db.addWorkItem(h.demo.project.id, { name: `Burst item ${i + 1}`, state: 'Backlog', priority: 'none' }),
  );
  // Warmed as a running bot's cache is: by one earlier change, through to its card in both channels.
  const warm = h.demo.workItems[0]!;
  h.plane.webApp.updateWorkItem(warm.id, { priority: 'low' }, dana.id);
  for (const channel of CHANNELS) await cardOf(h, channel, `ACME-${warm.sequence_id}`, 1);

  const before = h.plane.requests.length;
  for (const item of items) {
    h.plane.webApp.updateWorkItem(
      item.id,
      { state_id: h.demo.states['In Progress']!.id, priority: 'high', assignee_ids: [leo.id] },
      dana.id,
    );
  }
  for (const item of items) for (const channel of CHANNELS) await cardOf(h, channel, `ACME-${item.sequence_id}`, 1);
  // What a delivery does after its notices (the assignee's direct message) has had time to run.
  await h.plane.webhooks.settled();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(h.plane.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([]);
});
