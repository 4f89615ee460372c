import type { DecideResult, StopResult } from '../../agent/index.js';
import type { Translator } from '../../i18n/index.js';
import { mentionUser } from '../blocks/text.js';

/**
 * What the person who clicked is told privately, in their language `t`, when their click changed
 * nothing; undefined when it was accepted (the approval message itself then shows the decision).
 */
export function decisionNotice(result: DecideResult, t: Translator): string | undefined {
  switch (result.outcome) {
    case 'accepted':
      return undefined;
    case 'not_allowed':
      return t.t('approval.notAllowed');
    case 'already_decided': {
      const decision = result.decision;
      if (!decision) return t.t('approval.alreadyDecided');
      return decision.decidedBy
        ? t.t('approval.alreadyBy', { decision: decision.decision, who: mentionUser(decision.decidedBy.id) })
        : t.t('approval.already', { decision: decision.decision });
    }
    case 'unknown':
      return t.t('approval.gone');
  }
}

/** What the person who pressed Stop is told privately when it changed nothing; undefined when the run stops. */
export function stopNotice(result: StopResult, t: Translator): string | undefined {
  switch (result.status) {
    case 'stopping':
      return undefined;
    case 'already_stopped':
      return result.stoppedBy
        ? t.t('runControl.alreadyStoppedBy', { who: mentionUser(result.stoppedBy.id) })
        : t.t('runControl.alreadyStopped');
    case 'gone':
      return t.t('runControl.nothingToStop');
    case 'not_allowed':
      return t.t('runControl.stopNotAllowed', { who: mentionUser(result.requesterId) });
  }
}
