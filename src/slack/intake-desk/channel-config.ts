import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { PhrasedError, phrase, type Translator } from '../../i18n/index.js';
import { saveChannelSettings } from '../../intake-desk/channel-settings.js';
import type { PlaneKit } from '../../plane/kit.js';
import { readableFailure } from '../../tools/index.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import { buildError } from '../blocks/error.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import { oneLine, truncate } from '../blocks/text.js';
import { intakeSetLines } from './setting-lines.js';
import { translatorFor } from '../locale.js';
import { knownPerson, requesterFor } from '../people.js';
import { readChannelConfig, type ChannelConfigValues } from './channel-config.blocks.js';
import type { IntakeDeskDeps } from './file-message.js';

type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export type ChannelConfigDeps = IntakeDeskDeps & { plane: PlaneKit; approvers: readonly string[] };

/**
 * A channel's settings steer the agent for everyone there (its default project, its instruction):
 * when approvers are named, they alone change them.
 */
export function refuseUnlessApprover(personId: string, approvers: readonly string[]): void {
  if (approvers.length > 0 && !approvers.includes(personId)) throw new PhrasedError(phrase('config.approversOnly'));
}

/**
 * `/plane config` submitted: bad input goes back into the modal; otherwise it closes, the settings
 * are saved (the default project checked in Plane), the intake desk set or ended as chosen, and the
 * person told privately in the channel what the channel's settings now are.
 */
export async function submitChannelConfig(args: SubmitArgs, deps: ChannelConfigDeps): Promise<void> {
  const { ack, body, view, client } = args;
  // Only the cache is read before the answer: Slack waits three seconds for it.
  const read = readChannelConfig(
    view.state.values as Parameters<typeof readChannelConfig>[0],
    translatorFor(await knownPerson(deps.store, body.user.id), deps.locale),
  );
  if ('errors' in read) {
    await ack({ response_action: 'errors', errors: read.errors });
    return;
  }
  await ack();
  const { channel, where } = metadataOf(view.private_metadata);
  if (!channel) return;
  const requester = await requesterFor(client, deps.store, body.user.id);
  const t = translatorFor(requester, deps.locale);
  const setBy = requester.name ?? requester.id;
  let message: SlackMessage;
  try {
    // A modal opened before the person's rights changed is checked again.
    refuseUnlessApprover(body.user.id, deps.approvers);
    const settings = await saveChannelSettings(deps.store, deps.plane, channel, read.values, setBy);
    const notes = [
      settings.defaultProject ? t.t('config.project', { project: settings.defaultProject }) : t.t('config.noProject'),
      settings.instruction
        ? t.t('config.withInstruction', { instruction: truncate(oneLine(settings.instruction), 300) })
        : t.t('config.noInstruction'),
      ...(await applyIntake(deps, channel, where, read.values.intake, setBy, t)),
    ];
    message = buildConfirmation({ summary: t.t('config.saved', { where }), notes }, t);
  } catch (error) {
    deps.logger.warn({ err: error, channel }, 'could not save the channel settings');
    message = buildError({ reason: readableFailure(error, t) ?? t.t('commands.error.failed', { command: '/plane config' }) }, t);
  }
  await client.chat
    .postEphemeral({ channel, user: body.user.id, ...message })
    .catch((error: unknown) => deps.logger.warn({ err: error, channel }, 'could not confirm the channel settings'));
}

/** The intake desk as the modal left it: set (when changed), ended, or as it was; what to say of it. */
async function applyIntake(
  deps: ChannelConfigDeps,
  channel: string,
  where: string,
  wanted: ChannelConfigValues['intake'],
  setBy: string,
  t: Translator,
): Promise<string[]> {
  if (!wanted || !deps.desk) return [];
  const current = await deps.desk.channel(channel);
  if (!wanted.project) {
    if (!current) return [];
    await deps.desk.off(channel);
    return [t.t('intake.off', { where, project: current.project })];
  }
  const same =
    current &&
    current.project.toLowerCase() === wanted.project.toLowerCase() &&
    current.emoji === wanted.emoji &&
    current.auto === wanted.auto;
  if (same) return [];
  const { setting, intake } = await deps.desk.configure(channel, wanted.project, { emoji: wanted.emoji, auto: wanted.auto }, setBy);
  const { summary, note } = intakeSetLines(where, setting, intake, t);
  return [summary, note];
}

function metadataOf(raw: string | undefined): { channel: string | undefined; where: string } {
  try {
    const parsed = JSON.parse(raw ?? '{}') as { channel?: unknown; where?: unknown };
    return {
      channel: typeof parsed.channel === 'string' ? parsed.channel : undefined,
      where: typeof parsed.where === 'string' ? parsed.where : '',
    };
  } catch {
    return { channel: undefined, where: '' };
  }
}
