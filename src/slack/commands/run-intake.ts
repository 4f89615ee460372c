import type { Translator } from '../../i18n/index.js';
import type { IntakeDesk, IntakeSwitch } from '../../intake-desk/desk.js';
import type { IntakeChannel } from '../../intake-desk/records.js';
import { PlaneError } from '../../plane/errors.js';
import { phrase } from '../../i18n/index.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import { channelLabel, type CommandContext } from './context.js';
import { ephemeral, type Reply } from './reply.js';
import type { PlaneCommand } from './types.js';

export interface IntakeEnv {
  /** Undefined without Plane. */
  desk?: IntakeDesk;
}

type IntakeCommand = Extract<PlaneCommand, { action: 'intake' }>;

function trigger(setting: IntakeChannel, t: Translator): string {
  return t.t('intake.trigger', { auto: setting.auto ? 'yes' : 'no', emoji: setting.emoji });
}

const SWITCH_NOTES: Record<IntakeSwitch, 'intake.on' | 'intake.turnedOn' | 'intake.cannot'> = { on: 'intake.on', 'turned-on': 'intake.turnedOn', cannot: 'intake.cannot' };

/** `/plane intake`: shows, sets or ends the channel's intake desk (docs/intake-desk.md). */
export async function executeIntake(command: IntakeCommand, context: CommandContext, env: IntakeEnv): Promise<Reply> {
  const { t } = context;
  if (!env.desk) throw new PlaneError(phrase('planeError.off'));
  const where = channelLabel(context.channel, t);
  switch (command.mode) {
    case 'show': {
      const setting = await env.desk.channel(context.channel.id);
      const summary = setting ? t.t('intake.show', { where, project: setting.project, trigger: trigger(setting, t) }) : t.t('intake.none', { where });
      return ephemeral(buildConfirmation({ summary, unchanged: true }, t));
    }
    case 'off': {
      const setting = await env.desk.off(context.channel.id);
      const summary = setting ? t.t('intake.off', { where, project: setting.project }) : t.t('intake.none', { where });
      return ephemeral(buildConfirmation({ summary, unchanged: !setting }, t));
    }
    case 'set': {
      const requester = await context.requester();
      const { setting, intake } = await env.desk.configure(context.channel.id, command.project, { emoji: command.emoji, auto: command.auto }, requester.name ?? requester.id);
      return ephemeral(
        buildConfirmation(
          {
            summary: t.t('intake.set', { where, project: setting.project, trigger: trigger(setting, t) }),
            notes: [t.t(SWITCH_NOTES[intake], { project: setting.project })],
          },
          t,
        ),
      );
    }
  }
}
