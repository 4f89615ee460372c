import type { IntakeDesk } from '../../intake-desk/desk.js';
import { channelSettingsOf } from '../../intake-desk/channel-settings.js';
import { PlaneError } from '../../plane/errors.js';
import type { PlaneKit } from '../../plane/kit.js';
import type { StateStore } from '../../state/store.js';
import { buildChannelConfig, buildChannelConfigLoading } from '../intake-desk/channel-config.blocks.js';
import { intakeSetLines, intakeTrigger } from '../intake-desk/setting-lines.js';
import { phrase } from '../../i18n/index.js';
import { refuseUnlessApprover } from '../intake-desk/channel-config.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import { channelLabel, type CommandContext } from './context.js';
import { ephemeral, type Reply } from './reply.js';
import type { PlaneCommand } from './types.js';

export interface IntakeEnv {
  /** Undefined without Plane. */
  desk?: IntakeDesk;
  /** `/plane config`: the channel's settings, and the projects its menus offer. */
  store: StateStore;
  plane: PlaneKit;
  /** PLANEBOT_APPROVERS: when some are named, only they may change a channel's settings. */
  approvers: readonly string[];
}

type IntakeCommand = Extract<PlaneCommand, { action: 'intake' }>;

/** `/plane config`: the channel's settings in a modal (saved by `submitChannelConfig`). */
export async function executeConfig(context: CommandContext, env: IntakeEnv): Promise<Reply> {
  const { t } = context;
  refuseUnlessApprover((await context.requester()).id, env.approvers);
  const channel = context.channel.id;
  const where = channelLabel(context.channel, t);
  const planeOff = !env.plane.enabled;
  const view = (async () => {
    const [settings, intake, projects] = await Promise.all([
      channelSettingsOf(env.store, channel),
      env.desk?.channel(channel),
      planeOff ? [] : env.plane.api().projects(env.plane.slug()),
    ]);
    return buildChannelConfig({ where, channel, projects, settings, intake, planeOff }, t);
  })();
  await context.openModal(view, buildChannelConfigLoading(channel, where, t));
  return ephemeral();
}

/** `/plane intake`: shows, sets or ends the channel's intake desk (docs/intake-desk.md). */
export async function executeIntake(command: IntakeCommand, context: CommandContext, env: IntakeEnv): Promise<Reply> {
  const { t } = context;
  if (!env.desk) throw new PlaneError(phrase('planeError.off'));
  const where = channelLabel(context.channel, t);
  switch (command.mode) {
    case 'show': {
      const setting = await env.desk.channel(context.channel.id);
      const summary = setting
        ? t.t('intake.show', { where, project: setting.project, trigger: intakeTrigger(setting, t) })
        : t.t('intake.none', { where });
      return ephemeral(buildConfirmation({ summary, unchanged: true }, t));
    }
    case 'off': {
      const setting = await env.desk.off(context.channel.id);
      const summary = setting ? t.t('intake.off', { where, project: setting.project }) : t.t('intake.none', { where });
      return ephemeral(buildConfirmation({ summary, unchanged: !setting }, t));
    }
    case 'set': {
      const requester = await context.requester();
      const { setting, intake } = await env.desk.configure(
        context.channel.id,
        command.project,
        { emoji: command.emoji, auto: command.auto },
        requester.name ?? requester.id,
      );
      const { summary, note } = intakeSetLines(where, setting, intake, t);
      return ephemeral(buildConfirmation({ summary, notes: [note] }, t));
    }
  }
}
