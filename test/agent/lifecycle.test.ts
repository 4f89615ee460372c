import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allows, holdsThread, IllegalTransition, transition, TRANSITIONS } from '../../src/agent/lifecycle.js';
import { newRun, type SavedRun } from '../../src/agent/run.js';

const requester = { id: 'U1', name: 'Ada' };

function savedRun(status: SavedRun['status']): SavedRun {
  const run = newRun({
    id: 'run-1',
    threadKey: 'C1:1.0',
    message: { text: 'hello', requester, context: { filesDir: 'files' } },
    history: [],
    userTurn: { role: 'user', content: 'hello' },
    maxTokens: 1024,
    now: 0,
  });
  return { ...run, status };
}

/** The transitions table of docs/runs.md, cell by cell. */
function documentedTable(): string[][] {
  const doc = readFileSync(new URL('../../docs/runs.md', import.meta.url), 'utf8');
  const start = doc.indexOf('| transition | from | to |');
  expect(start, 'docs/runs.md has the transitions table').toBeGreaterThan(-1);
  const lines = doc.slice(start).split('\n');
  const rows = lines.slice(
    2,
    lines.findIndex((line, i) => i > 1 && !line.startsWith('|')),
  );
  return rows.map((row) =>
    row
      .split('|')
      .slice(1, 5)
      .map((cell) => cell.trim()),
  );
}

describe('the run lifecycle', () => {
  it('is the table docs/runs.md shows: events, from, to and effects in order', () => {
    const expected = TRANSITIONS.map((rule) => [
      rule.event,
      rule.from.length > 0 ? rule.from.join(', ') : '(a message)',
      rule.to,
      rule.effects.length > 0 ? rule.effects.join(', ') : '—',
    ]);
    expect(documentedTable()).toEqual(expected);
  });

  it('moves a run to the state of the event and lists its effects', () => {
    const failed = transition(savedRun('running'), 'fail');
    expect(failed.run.status).toBe('failed');
    expect(failed.effects).toEqual(['save', 'unlist', 'release lease', 'show failure', 'hand thread on']);
    expect(transition(savedRun('waiting'), 'stop').run.status).toBe('stopped');
    expect(transition(savedRun('failed'), 'retry').run.status).toBe('running');
  });

  it('keeps a finished run saved as running, so a crash in its clean-up is recognised by its answer', () => {
    const run = savedRun('running');
    expect(transition(run, 'finish').run.status).toBe('running');
  });

  it('refuses what a state does not allow, without touching the run', () => {
    const stopped = savedRun('stopped');
    expect(() => transition(stopped, 'retry')).toThrow(IllegalTransition);
    expect(() => transition(savedRun('failed'), 'stop')).toThrow('a failed run cannot stop');
    expect(stopped.status).toBe('stopped');
  });

  it('answers what each saved state allows from the table', () => {
    expect(allows('failed', 'retry')).toBe(true);
    expect(allows('running', 'retry')).toBe(false);
    expect(allows('waiting', 'stop')).toBe(true);
    expect(allows('stopped', 'stop')).toBe(false);
    expect(['running', 'waiting', 'failed', 'stopped'].filter((s) => holdsThread(s as SavedRun['status']))).toEqual(['running', 'waiting']);
  });
});
