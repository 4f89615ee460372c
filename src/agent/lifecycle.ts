import type { SavedRun } from './run.js';

/**
 * A run's lifecycle as data: its states, the events that move it and, for each move, the effects the
 * runtime carries out in order. `AgentRuntime` decides which event happened and performs the effects;
 * what a state allows is read from here, never from status strings compared at the call site.
 * docs/runs.md shows this table, and a test holds the two equal.
 */

/** What a run is in: `queued` and `finished` are never saved (a queue item; a removed record). */
export type RunState = 'queued' | SavedRun['status'] | 'finished';

export type RunEvent = 'submit' | 'start' | 'claim' | 'pause' | 'resume' | 'take over' | 'finish' | 'fail' | 'retry' | 'lose' | 'stop';

/** The steps the runtime knows how to take; a transition names those it needs, in order. */
export type RunEffect =
  /** Saved and listed as unfinished, under the thread's lock, before anyone drives it. */
  | 'save and list'
  /** Saved under the run's lease (a fenced write). */
  | 'save'
  /** The stop's unanswered calls answered "not run", its last turn closed, who stopped it noted. */
  | 'close turns'
  /** Waiting approval requests claimed as withdrawn and edited by the front end. */
  | 'withdraw approvals'
  | 'show answer'
  | 'show failure'
  | 'show stop'
  /** Out of the index of unfinished runs. */
  | 'unlist'
  /** The saved record removed. */
  | 'forget'
  | 'release lease'
  /** Driven again by exactly one process once every asked call is decided (decisions may have come meanwhile). */
  | 'resume when decided'
  /** The run's turns join the thread's history; its next queued message starts. */
  | 'join thread'
  /** The thread's next queued message starts; nothing of this run joins its history. */
  | 'hand thread on'
  /** This process stops driving without a word: another holds the lease. */
  | 'let go';

export interface Transition {
  readonly event: RunEvent;
  readonly from: readonly RunState[];
  readonly to: RunState;
  readonly effects: readonly RunEffect[];
}

export const TRANSITIONS = [
  { event: 'submit', from: [], to: 'queued', effects: [] },
  { event: 'start', from: ['queued'], to: 'running', effects: ['save and list'] },
  { event: 'claim', from: ['running', 'waiting'], to: 'running', effects: [] },
  { event: 'pause', from: ['running'], to: 'waiting', effects: ['release lease', 'resume when decided'] },
  { event: 'resume', from: ['waiting'], to: 'running', effects: [] },
  { event: 'take over', from: ['running', 'waiting'], to: 'running', effects: [] },
  {
    event: 'finish',
    from: ['running'],
    to: 'finished',
    effects: ['save', 'show answer', 'join thread', 'unlist', 'forget', 'release lease'],
  },
  {
    event: 'fail',
    from: ['running', 'waiting'],
    to: 'failed',
    effects: ['save', 'unlist', 'release lease', 'show failure', 'hand thread on'],
  },
  { event: 'retry', from: ['failed'], to: 'running', effects: ['save and list'] },
  { event: 'lose', from: ['running', 'waiting'], to: 'running', effects: ['let go'] },
  {
    event: 'stop',
    from: ['running', 'waiting'],
    to: 'stopped',
    effects: ['withdraw approvals', 'close turns', 'save', 'unlist', 'release lease', 'show stop', 'join thread'],
  },
] as const satisfies readonly Transition[];

function ruleOf(event: RunEvent): Transition {
  const rule = TRANSITIONS.find((candidate) => candidate.event === event);
  if (!rule) throw new Error(`no transition for the event "${event}"`);
  return rule;
}

/** The effects of an event whose state change was already made where it happened (the loop pauses a run as it saves it). */
export function effectsOf(event: RunEvent): readonly RunEffect[] {
  return ruleOf(event).effects;
}

/** Whether a run in this state may take this event (e.g. only a failed run may be retried). */
export function allows(state: RunState, event: RunEvent): boolean {
  return (ruleOf(event).from as readonly RunState[]).includes(state);
}

/** A run in this state still holds its thread: its next message waits behind it. */
export function holdsThread(state: RunState): boolean {
  return state === 'running' || state === 'waiting';
}

export class IllegalTransition extends Error {
  constructor(
    readonly state: RunState,
    readonly event: RunEvent,
  ) {
    super(`a ${state} run cannot ${event}`);
  }
}

/**
 * The run after the event and the effects to carry out, in order. The run's saved status follows the
 * state it moves to; `finished` keeps `running`, so a crash during the clean-up is recognised as a
 * run whose answer is last.
 */
export function transition(run: SavedRun, event: RunEvent): { run: SavedRun; effects: readonly RunEffect[] } {
  const rule = ruleOf(event);
  if (!allows(run.status, event)) throw new IllegalTransition(run.status, event);
  const status = rule.to === 'finished' || rule.to === 'queued' ? run.status : rule.to;
  return { run: status === run.status ? run : { ...run, status }, effects: rule.effects };
}
