import type { SavedRun } from './run.js';

/**
 * Who may act on a run (decide its approvals, stop it, retry it, undo what it wrote): the person who
 * asked for it, or one of the approvers (PLANEBOT_APPROVERS). The one rule, wherever it is asked.
 */
export function mayControl(run: Pick<SavedRun, 'message'>, personId: string, approvers: readonly string[]): boolean {
  return personId === run.message.requester.id || approvers.includes(personId);
}
