import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelFilesDir } from '../../src/files/channel-files.js';
import { ALICE, OPS, run, sharedBot } from '../slack/commands-e2e/support.js';

const harness = sharedBot({
  setUp({ plane: { db } }) {
    db.addProjectMember('ACME', 'alice@acme.test');
  },
});

// Control characters other than line breaks and tabs: NUL, BEL, BS, ESC (a terminal colour), DEL, a C1 one.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

describe('control characters in what people type', () => {
  it('are removed from a todo title before it is stored and before it is shown in Slack', async () => {
    const { ephemeral } = await run(
      harness(),
      { command: '/todo', text: 'add Buy\u0000 milk\u001b[31m now\u007f\u0085' },
      { ephemeral: 1 },
    );
    const file = await readFile(join(channelFilesDir(harness().dataDir, OPS), '.todos.json'), 'utf8');
    const titles = (JSON.parse(file) as { items: { title: string }[] }).items.map((item) => item.title);
    expect(titles).toEqual(['Buy milk[31m now']);
    expect(file).not.toMatch(CONTROLS);
    expect(JSON.stringify(ephemeral[0])).toContain('Buy milk[31m now');
    expect(JSON.stringify(ephemeral[0]).replace(/\\u00[0-9a-f]{2}/g, (escape) => JSON.parse(`"${escape}"`) as string)).not.toMatch(
      CONTROLS,
    );
  });

  it('are removed from a work item title before it is sent to Plane', async () => {
    await run(harness(), { command: '/plane', text: 'new ACME Fix\u0007 the\u0008 footer\u001b', user: ALICE }, { ephemeral: 2 });
    const names = [...harness().plane.db.workItems.values()].map((item) => item.name);
    expect(names).toContain('Fix the footer');
    expect(names.some((name) => CONTROLS.test(name))).toBe(false);
  });

  it('are removed from what Plane holds when the bot shows it in Slack', async () => {
    const item = harness().plane.db.addWorkItem('ACME', { name: 'Pasted\u001b[0m from a terminal\u0000' });
    const { channel } = await run(harness(), { command: '/plane', text: `show ACME-${item.sequence_id}` }, { channel: 1 });
    const card = channel[0]!;
    expect(card.text).toContain('Pasted[0m from a terminal');
    expect(card.text).not.toMatch(CONTROLS);
    expect(JSON.stringify(card.blocks)).toContain('Pasted[0m from a terminal');
    expect(JSON.stringify(card.blocks)).not.toMatch(/\\u00(0|1|7f|8|9)/);
  });
});
