/**
 * The App Home's "due soon / overdue" section through the whole bot (Slack emulator) against the real
 * Plane CE: Alice (alice@acme.test, Slack zone Paris) sees her open items by their target days in her
 * zone, whatever their urgency, and not a closed item nor someone else's.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/index.js';
import { dayIn, nextDayIn } from '../../src/schedules/occurrences.js';
import { eventually } from '../harness/bot.js';
import { botOnRealPlane, projectRequest, realPlane } from './plane-ce.js';

const plane = realPlane();
const EN = translator('en');

describe.skipIf(!plane)('the Home tab’s due soon section against the real Plane CE', () => {
  const harness = botOnRealPlane(plane);
  const api = (path: string, init?: Parameters<typeof projectRequest>[2]) => projectRequest(plane!, path, init);

  it('lists ACME-7 (backlog, least urgent of hers) overdue, ACME-12 due tomorrow; not ACME-5 (done, Bob’s) nor ACME-2 (Bob and Dana’s)', async () => {
    const today = dayIn('Europe/Paris', new Date());
    const tomorrow = nextDayIn('Europe/Paris', new Date());
    const items = ((await (await api('work-items/?per_page=100')).json()) as { results: { id: string; sequence_id: number }[] }).results;
    const due = async (sequence: number, target_date: string) => {
      const item = items.find((i) => i.sequence_id === sequence)!;
      expect((await api(`work-items/${item.id}/`, { method: 'PATCH', body: { target_date } })).status).toBe(200);
    };
    await due(7, '2026-01-15');
    await due(12, tomorrow);
    await due(5, today);
    await due(2, today);
    // ACME-3 (alice and bob, in progress) keeps its seeded target, 2026-01-30: overdue too.

    expect((await harness().slack.openHome({ user: 'U0ALICE' })).status).toBe(200);
    const home = await eventually(() => harness().slack.homeView('U0ALICE'), 30_000, 'Alice’s Home tab');
    const section = home.view.blocks[2] as { text: { text: string } };
    const lines = section.text.text.split('\n');
    expect(lines[0]).toBe(`*${EN.t('digests.home.title', { count: 3 })}*`);
    expect(lines[1]).toMatch(
      new RegExp(`\\|ACME-7> Onboarding checklist · ${EN.t('digests.home.due', { due: 'overdue', date: '2026-01-15' })}$`),
    );
    expect(lines[2]).toMatch(new RegExp(`\\|ACME-3> Dark mode · ${EN.t('digests.home.due', { due: 'overdue', date: '2026-01-30' })}$`));
    expect(lines[3]).toMatch(
      new RegExp(`\\|ACME-12> SSO: add an integration test · ${EN.t('digests.home.due', { due: 'tomorrow', date: tomorrow })}$`),
    );
    expect(lines).toHaveLength(4);
  }, 120_000);
});
