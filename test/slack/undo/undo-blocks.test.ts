import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';
import type { SlackMessage } from '../../../src/slack/blocks/types.js';
import { buildBulkPreview, type PreviewRow } from '../../../src/slack/undo/bulk-preview.blocks.js';
import { buildUndoSaid, buildWriteConfirmation, readUndoValue, undoneBlocks, withUndo } from '../../../src/slack/undo/undo.blocks.js';
import { HOSTILE_TEXTS, long, PING_ATTEMPTS } from '../blocks/hostile.js';
import { assertWithinSlackLimits } from '../blocks/limits.js';
import { assertInert } from '../blocks/safety.js';

const EN = translator('en');
type Json = Record<string, unknown>;

const twelve: PreviewRow[] = Array.from({ length: 12 }, (_, i) => ({ key: `ACME-${i + 1}`, field: 'state', from: 'Todo', to: 'Done' }));
const cells = (message: SlackMessage) =>
  ((message.blocks.find((b) => b.type === 'table') as Json | undefined)?.rows as { text: string }[][] | undefined)?.map((r) =>
    r.map((c) => c.text),
  );

describe('the bulk preview', () => {
  it('shows 12 updates in one table (key, field, from → to) with Approve all / Deny all', () => {
    const message = buildBulkPreview({ requesterId: 'U0ALICE', writes: 12, rows: twelve }, { ask: 'run-1:toolu_1' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(message.text).toBe('Approval needed: 12 changes at once');
    expect(cells(message)).toEqual([['Item', 'Field', 'From', 'To'], ...twelve.map((r) => [r.key, 'state', 'Todo', 'Done'])]);
    expect(JSON.stringify(message.blocks)).toContain(
      '<@U0ALICE> asked for 12 changes to 12 work items. They are approved or denied together:',
    );
    const actions = message.blocks.at(-1) as Json;
    expect((actions.elements as Json[]).map((e) => [e.action_id, e.value, (e.text as Json).text])).toEqual([
      ['approval_approve', 'run-1:toolu_1', 'Approve all 12'],
      ['approval_deny', 'run-1:toolu_1', 'Deny all'],
    ]);
  });

  it('once decided, keeps the table and says how instead of the choices', () => {
    const message = buildBulkPreview(
      { requesterId: 'U0ALICE', writes: 12, rows: twelve },
      { said: '✓ Approved by <@U0BOB>: 12 changes' },
      EN,
    );
    assertWithinSlackLimits(message);
    expect(message.blocks.some((b) => b.type === 'actions' || b.type === 'header')).toBe(false);
    expect(message.text).toBe('✓ Approved by <@U0BOB>: 12 changes');
    expect(cells(message)).toHaveLength(13);
    expect(message.blocks.at(-1)).toMatchObject({ type: 'context', elements: [{ text: '✓ Approved by <@U0BOB>: 12 changes' }] });
  });

  it('stays within Block Kit limits with hostile rows: long values, control syntax, more rows than a table holds', () => {
    const hostile: PreviewRow[] = HOSTILE_TEXTS.flatMap((text, i) => [
      { key: text, field: text, from: text, to: long(5000) },
      { key: `ACME-${i}`, field: 'title', from: text, to: PING_ATTEMPTS },
    ]);
    for (const rows of [
      hostile,
      Array.from({ length: 40 }, () => hostile).flat(),
      Array.from({ length: 99 }, (_, i) => ({ ...twelve[0]!, key: `ACME-${i}` })),
    ]) {
      // The ending line is the caller's own mrkdwn: only its length is hostile here.
      for (const ending of [{ ask: 'r:c' }, { said: long(5000, 'words ') }]) {
        const message = buildBulkPreview({ requesterId: 'U0ALICE', writes: rows.length, rows }, ending, EN);
        assertWithinSlackLimits(message);
        assertInert(message, ['<@U0ALICE>']);
      }
    }
    // More rows than a table holds: text lines, and the rest counted.
    const many = Array.from({ length: 500 }, (_, i) => ({ key: `ACME-${i}`, field: 'state', from: 'Todo', to: 'Done' }));
    const message = buildBulkPreview({ requesterId: 'U0ALICE', writes: 500, rows: many }, { ask: 'r:c' }, EN);
    assertWithinSlackLimits(message);
    expect(cells(message)).toBeUndefined();
    expect(JSON.stringify(message.blocks)).toContain('`ACME-0` state: Todo → Done');
    expect(JSON.stringify(message.blocks)).toMatch(/…and \d+ more changes, not shown here\./);
  });

  it('speaks the reader’s language', () => {
    const fr = buildBulkPreview({ requesterId: 'U0ALICE', writes: 12, rows: twelve }, { ask: 'r:c' }, translator('fr'));
    expect(cells(fr)![0]).toEqual(['Élément', 'Champ', 'Avant', 'Après']);
    expect(cells(fr)![1]![1]).toBe('état');
    expect(buildBulkPreview({ requesterId: 'U0ALICE', writes: 12, rows: twelve }, { ask: 'r:c' }, translator('zh-CN')).text).toBe(
      '需要审批：一次 12 项修改',
    );
  });
});

describe('Undo', () => {
  it('puts the button under a confirmation, and turns it into who undid it', () => {
    const confirmation = buildWriteConfirmation(
      { description: `Update ACME-3: state → Done ${PING_ATTEMPTS}\n${long(5000)}`, undoId: 'u-1' },
      EN,
    );
    assertWithinSlackLimits(confirmation);
    assertInert(confirmation);
    expect(confirmation.blocks.at(-1)).toMatchObject({
      type: 'actions',
      block_id: 'undo_write',
      elements: [{ action_id: 'undo_write', value: 'u-1', text: { text: 'Undo' } }],
    });
    const undone = undoneBlocks(confirmation.blocks, { id: 'U0BOB', at: new Date('2026-03-04T05:06:07Z') }, EN);
    expect(undone.slice(0, -1)).toEqual(confirmation.blocks.slice(0, -1));
    expect(undone.at(-1)).toMatchObject({
      type: 'context',
      elements: [{ text: '↩️ Undone by <@U0BOB> on <!date^1772600767^{date_short_pretty} at {time}|2026-03-04 05:06 UTC>' }],
    });
    // Nothing kept, nothing offered; a full message gets no 51st block.
    const plain = { text: 'x', blocks: [{ type: 'divider' as const }] };
    expect(withUndo(plain, undefined, EN)).toEqual(plain);
    expect(withUndo({ text: 'x', blocks: Array.from({ length: 50 }, () => ({ type: 'divider' as const })) }, 'u', EN).blocks).toHaveLength(
      50,
    );
  });

  it('says what was taken back, whatever the key or state hold', () => {
    for (const text of HOSTILE_TEXTS) {
      for (const view of [
        { kind: 'update' as const, key: text, fields: [text, 'state'] },
        { kind: 'comment' as const, key: text },
        { kind: 'create' as const, key: text, state: text },
      ]) {
        const said = buildUndoSaid(view, 'U0ALICE', EN);
        assertWithinSlackLimits(said);
        assertInert(said, ['<@U0ALICE>']);
      }
    }
    expect(buildUndoSaid({ kind: 'update', key: 'ACME-3', fields: ['state', 'assignees'] }, 'U0ALICE', EN).text).toBe(
      '↩️ <@U0ALICE> undid the change to ACME-3: state, assignees back to what they were.',
    );
  });
});

describe('the Undo button’s value', () => {
  const valueOf = (message: SlackMessage) => ((message.blocks.at(-1) as Json).elements as Json[])[0]!.value as string;
  const line: SlackMessage = { text: 'alice moved ACME-3 to Done', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'x' } }] };

  it('names the kept write, and the card to show again when there is one', () => {
    expect(readUndoValue(valueOf(withUndo(line, 'undo-1', EN)))).toEqual({ id: 'undo-1' });
    expect(readUndoValue(valueOf(withUndo(line, 'undo-1', EN, '1767000000.000200')))).toEqual({
      id: 'undo-1',
      cardTs: '1767000000.000200',
    });
  });

  it('reads anything after the id that is not a Slack timestamp as no card', () => {
    for (const tail of ['', 'C0GENERAL', '1.2.3', `${'9'.repeat(20)}.1`, ...HOSTILE_TEXTS.slice(0, 5)])
      expect(readUndoValue(`undo-1 ${tail}`)).toEqual({ id: 'undo-1' });
  });
});
