import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { addCommentInput, commentOnWorkItem } from '../../src/tools/plane/add-comment.js';
import { createIssueInput, createWorkItem } from '../../src/tools/plane/create-issue.js';
import { updateIssueInput, updateWorkItem } from '../../src/tools/plane/update-issue.js';
import { UndoJournal } from '../../src/undo/journal.js';
import { resetPlaneCe } from './fixture.js';
import { planeCeKit, realPlane } from './plane-ce.js';

const plane = realPlane();
const ALICE = { id: 'U0ALICE', name: 'alice', email: 'alice@acme.test' };

describe.skipIf(!plane)('Undo against the real Plane CE', () => {
  beforeAll(() => resetPlaneCe(plane!.env));

  const setUp = () => {
    const journal = new UndoJournal(createMemoryStore());
    const kit = planeCeKit(plane!, { onChange: (change) => journal.record(change) });
    const undo = (id: string | undefined) =>
      journal.undo({ id: id!, personId: ALICE.id, mayUndo: (by) => by === ALICE.id, api: kit.api() });
    return { kit, api: kit.api(), undo };
  };

  it('reverts an update field by field, read back from Plane', async () => {
    const { kit, api, undo } = setUp();
    const before = await api.workItemByKey('acme', 'ACME-2');
    const stateOf = (item: typeof before) => (typeof item.state === 'object' && item.state ? item.state.id : item.state);
    const written = await updateWorkItem(
      kit,
      updateIssueInput.parse({ key: 'ACME-2', state: 'Done', priority: 'urgent', target_date: '2031-01-31' }),
      ALICE,
    );
    expect(written.undo).toBeDefined();
    const changed = await api.workItemByKey('acme', 'ACME-2');
    expect([changed.priority, changed.target_date]).toEqual(['urgent', '2031-01-31']);

    expect(await undo(written.undo)).toMatchObject({ outcome: 'undone' });
    const back = await api.workItemByKey('acme', 'ACME-2');
    expect([stateOf(back), back.priority, back.target_date]).toEqual([stateOf(before), before.priority, before.target_date]);
    expect(await undo(written.undo)).toMatchObject({ outcome: 'already', by: ALICE.id });
  });

  it('leaves an update alone when a field moved since, and names it', async () => {
    const { kit, api, undo } = setUp();
    const written = await updateWorkItem(
      kit,
      updateIssueInput.parse({ key: 'ACME-3', priority: 'high', title: 'Renamed by the bot' }),
      ALICE,
    );
    const keyed = { id: (await api.workItemByKey('acme', 'ACME-3')).id, projectId: plane!.projectId, key: 'ACME-3' };
    await api.updateWorkItem('acme', keyed, { priority: 'low' });
    expect(await undo(written.undo)).toMatchObject({ outcome: 'moved', fields: ['priority'] });
    const item = await api.workItemByKey('acme', 'ACME-3');
    expect([item.name, item.priority]).toEqual(['Renamed by the bot', 'low']);
  });

  it('moves a created item to the project’s first cancelled state (nothing deleted), and withdraws a comment', async () => {
    const { kit, api, undo } = setUp();
    const created = await createWorkItem(kit, createIssueInput.parse({ project: 'ACME', title: 'Made by mistake' }), ALICE);
    const outcome = await undo(created.undo);
    expect(outcome).toMatchObject({ outcome: 'undone' });
    const item = await api.workItemByKey('acme', created.item.key);
    const project = (await api.projects('acme')).find((p) => p.identifier === 'ACME')!;
    const cancelled = (await api.states('acme', project, { fresh: true })).find((s) => s.group === 'cancelled')!;
    expect(typeof item.state === 'object' && item.state ? item.state.id : item.state).toBe(cancelled.id);
    expect(outcome).toMatchObject({ state: cancelled.name });

    const comment = await commentOnWorkItem(kit, addCommentInput.parse({ key: 'ACME-4', text: 'Wrong item, sorry' }), ALICE);
    expect(await undo(comment.undo)).toMatchObject({ outcome: 'undone' });
    const keyed = { id: (await api.workItemByKey('acme', 'ACME-4')).id, projectId: project.id, key: 'ACME-4' };
    const comments = await api.comments('acme', keyed);
    expect(comments.map((c) => c.comment_html)).toContain('<p>(withdrawn)</p>');
    expect(comments.map((c) => c.comment_html).join('')).not.toContain('Wrong item, sorry');
  });
});
