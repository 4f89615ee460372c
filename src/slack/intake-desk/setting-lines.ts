import type { Translator } from '../../i18n/index.js';
import type { IntakeSwitch } from '../../intake-desk/desk.js';
import type { IntakeChannel } from '../../intake-desk/records.js';

/** What files a message in the channel, in words. */
export function intakeTrigger(setting: IntakeChannel, t: Translator): string {
  return t.t('intake.trigger', { auto: setting.auto ? 'yes' : 'no', emoji: setting.emoji });
}

const SWITCH_NOTES: Record<IntakeSwitch, 'intake.on' | 'intake.turnedOn' | 'intake.cannot'> = {
  on: 'intake.on',
  'turned-on': 'intake.turnedOn',
  cannot: 'intake.cannot',
};

/** What a channel set as an intake desk is told (`/plane intake`, `/plane config`): the setting, then whether Plane's Intake is on. */
export function intakeSetLines(
  where: string,
  setting: IntakeChannel,
  intake: IntakeSwitch,
  t: Translator,
): { summary: string; note: string } {
  return {
    summary: t.t('intake.set', { where, project: setting.project, trigger: intakeTrigger(setting, t) }),
    note: t.t(SWITCH_NOTES[intake], { project: setting.project }),
  };
}
