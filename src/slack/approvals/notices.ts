import type { DecideResult, StopResult } from '../../agent/index.js';
import type { Translator } from '../../i18n/index.js';
import { mentionUser } from '../blocks/text.js';

const VERBS = { approve: 'approved', approve_thread: 'approved for this thread', deny: 'denied', expired: 'expired', unshown: 'not shown, so not approved', withdrawn: 'withdrawn: the run was stopped' } as const;

/**
 * What the person who clicked is told privately when their click changed nothing; undefined when
 * it was accepted (the approval message itself then shows the decision).
 */
export function decisionNotice(result: DecideResult): string | undefined {
  switch (result.outcome) {
    case 'accepted':
      return undefined;
    case 'not_allowed':
      return 'Only the person who made the request, or someone listed in PLANEBOT_APPROVERS, can decide this. Nothing was changed.';
    case 'already_decided': {
      const decision = result.decision;
      if (!decision) return 'This request was already decided.';
      const by = decision.decidedBy ? ` by ${mentionUser(decision.decidedBy.id)}` : '';
      return `This request was already ${VERBS[decision.decision]}${by}.`;
    }
    case 'unknown':
      return 'This request is no longer waiting for a decision: its run has finished or was stopped.';
  }
}

/** What the person who pressed Stop is told privately when it changed nothing; undefined when the run stops. */
export function stopNotice(result: StopResult, t: Translator): string | undefined {
  switch (result.status) {
    case 'stopping':
      return undefined;
    case 'already_stopped':
      return result.stoppedBy ? t.t('runControl.alreadyStoppedBy', { who: mentionUser(result.stoppedBy.id) }) : t.t('runControl.alreadyStopped');
    case 'gone':
      return t.t('runControl.nothingToStop');
    case 'not_allowed':
      return t.t('runControl.stopNotAllowed', { who: mentionUser(result.requesterId) });
  }
}
