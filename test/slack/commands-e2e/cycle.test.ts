import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { burnUpGeometry, COLOURS, HEIGHT, WIDTH } from '../../../src/cycles/burnup.js';
import { dayOf } from '../../../src/cycles/report.js';
import { CycleSnapshots } from '../../../src/cycles/snapshots.js';
import { ALICE, blockTexts, run, sharedBot, type Expected } from './support.js';

const harness = sharedBot({
  async setUp({ plane: { db }, bot, demo }) {
    // A second project with cycles off, as projects made through Plane's API are.
    db.addProject('acme', { identifier: 'OPS', name: 'Operations', cycle_view: false, module_view: false });
    // The demo cycle's past days, as the daily job would have recorded them.
    const days = Object.fromEntries(demo.cycles.history.map(({ date, ...counts }) => [date, counts]));
    await new CycleSnapshots(bot.store).put('acme', demo.cycles.current.id, { project: 'ACME', cycle: 'Sprint 14' }, days);
  },
});

const plane = (text: string, expected: Expected) => run(harness(), { command: '/plane', text, user: ALICE }, expected);

type Json = Record<string, unknown>;

function rgb(pixel: Uint8ClampedArray): string {
  return `#${[...pixel.slice(0, 3)]
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

describe('/plane cycle', () => {
  it('posts the current cycle with its counts and the burn-up uploaded once, shown as a slack_file image', async () => {
    const uploadsBefore = harness().slack.calls.filter((c) => c.method === 'files.getUploadURLExternal').length;
    const { channel } = await plane('cycle acme', { channel: 1 });
    const [report] = channel;
    expect(report!.text).toBe('ACME · Sprint 14: 25% complete, 2 of 8 done, 5 days left');
    const texts = blockTexts(report!);
    expect(texts[0]).toBe('ACME · Sprint 14');
    expect(texts[1]).toMatch(/^\d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2} · 5 days left\n\*25%\* complete: 2 of 8 work items done$/);
    expect(texts[2]).toBe('Backlog *0* · To do *2* · In progress *4* · Done *2* · Cancelled *0*');
    expect(texts).toContain('Green: done · grey: total · one point a day from the bot’s daily snapshots (10 days so far)');

    const uploads = harness().slack.calls.filter((c) => c.method === 'files.getUploadURLExternal');
    expect(uploads.length - uploadsBefore).toBe(1);
    expect(
      harness()
        .slack.calls.filter((c) => c.method === 'files.completeUploadExternal')
        .at(-1)!.args.channel_id,
    ).toBeUndefined();
    const image = (report!.blocks as Json[]).find((b) => b.type === 'image') as { slack_file: { id: string }; alt_text: string };
    expect(image.alt_text).toMatch(/^Burn-up of Sprint 14: .*today 2 of 8 done$/);
    const file = harness().slack.files.get(image.slack_file.id)!;
    expect(file.completed).toBe(true);
    expect(file.mimetype).toBe('image/png');

    // The picture: its size, and the series where the geometry puts them.
    const picture = await loadImage(file.bytes!);
    expect([picture.width, picture.height]).toEqual([WIDTH, HEIGHT]);
    const canvas = createCanvas(WIDTH, HEIGHT);
    const g = canvas.getContext('2d');
    g.drawImage(picture, 0, 0);
    const cycle = harness().demo.cycles.current;
    const history = await new CycleSnapshots(harness().bot.store).get('acme', cycle.id);
    const points = Object.entries(history!.days).map(([date, c]) => ({ date, total: c.total, completed: c.completed }));
    const days = Array.from({ length: 15 }, (_, i) => dayOf(new Date(Date.parse(points[0]!.date) + i * 86_400_000)));
    const geo = burnUpGeometry({ days, points });
    const at = (day: number, count: number) => rgb(g.getImageData(Math.round(geo.x(day)), Math.round(geo.y(count)), 1, 1).data);
    expect(at(8.5, 1)).toBe(COLOURS.doneFill); // under the done line (2)
    expect(at(8.5, 5)).toBe(COLOURS.totalFill); // above it, under the total (8)
    expect(at(12, 5)).toBe(COLOURS.background); // days to come: nothing drawn yet
  });

  it('records today’s snapshot with each report', async () => {
    await plane('cycle ACME', { channel: 1 });
    const history = await new CycleSnapshots(harness().bot.store).get('acme', harness().demo.cycles.current.id);
    expect(history!.days[dayOf(new Date())]).toEqual({ total: 8, backlog: 0, unstarted: 2, started: 4, completed: 2, cancelled: 0 });
  });

  it('says so when the project has cycles off', async () => {
    const { channel } = await plane('cycle OPS', { channel: 1 });
    expect(channel[0]!.text).toBe(
      'Cycles are not enabled in project OPS, so it has no current cycle; a project admin can turn them on in the project’s settings in Plane.',
    );
    expect((channel[0]!.blocks as Json[]).some((b) => b.type === 'image')).toBe(false);
  });

  it('takes the daily snapshots of every current cycle (the scheduler’s job)', async () => {
    const outcome = await harness().bot.cycles.takeCycleSnapshots(new Date());
    expect(outcome).toEqual({ taken: 1, failed: [] });
  });
});
