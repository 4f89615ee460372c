/**
 * Who may act on a request (decide a run's approvals, stop it, retry it, undo a write): the person who
 * asked for it, or one of the approvers (PLANEBOT_APPROVERS). The one rule, wherever it is asked.
 */
export function mayControl(requesterId: string | undefined, personId: string, approvers: readonly string[]): boolean {
  return personId === requesterId || approvers.includes(personId);
}
