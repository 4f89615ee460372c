import { DEFAULT_STALE_DAYS } from '../../digests/digest.js';
import { NO_FILTERS, type ChannelDigests, type DigestSettings } from '../../digests/channel-digests.js';
import type { Reminders } from '../../digests/reminders.js';
import type { Translator } from '../../i18n/index.js';
import type { PlaneKit } from '../../plane/kit.js';
import { findProject } from '../../plane/resolve.js';
import type { Scheduler } from '../../schedules/scheduler.js';
import { buildConfirmation } from '../blocks/confirmation.blocks.js';
import { buildDigest, describeFilters } from '../digests/digest.blocks.js';
import { scheduleReminder, zoneOf, type ReminderOutcome } from '../digests/jobs.js';
import type { CommandContext } from './context.js';
import { channelLabel } from './context.js';
import { ephemeral, errorReply, inChannel, type Reply } from './reply.js';
import { resolveFilters } from './run-subscriptions.js';
import type { PlaneCommand } from './types.js';
import { translator, type Locale } from '../../i18n/index.js';

/** What `/plane digest` and `/plane remind` work with. */
export interface DigestCommandEnv {
  digests: ChannelDigests;
  reminders: Reminders;
  scheduler: Scheduler;
  /** PLANEBOT_LOCALE: a channel's digest is written in it, whoever asked. */
  locale: Locale;
  /** Sends the person's reminder at once (`/plane remind now`); only the sandbox gives it. */
  remindNow?: (user: string) => Promise<ReminderOutcome>;
}

export interface DigestEnv {
  plane: PlaneKit;
  digestCommands?: DigestCommandEnv;
}

type DigestCommand = Extract<PlaneCommand, { action: 'digest' | 'remind' }>;

/** "every day at 09:00 (Europe/Paris)", the weekday in the reader's language. */
function describeSchedule(settings: DigestSettings, t: Translator): string {
  // 2023-01-01 was a Sunday: day 0.
  const day =
    settings.day === undefined
      ? ''
      : new Intl.DateTimeFormat(t.locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + settings.day));
  return t.t('digests.schedule', { cadence: settings.cadence, day, time: settings.time, zone: settings.timeZone });
}

function describeDigest(settings: DigestSettings, t: Translator): string {
  const extras = [
    describeFilters(settings.filters),
    settings.staleDays === DEFAULT_STALE_DAYS ? '' : `stale:${settings.staleDays}`,
    settings.quiet ? 'quiet' : '',
  ];
  return [`${settings.project}: ${describeSchedule(settings, t)}`, ...extras.filter(Boolean)].join(' · ');
}

/** `/plane digest …` and `/plane remind …`. */
export async function executeDigestCommand(command: DigestCommand, context: CommandContext, env: DigestEnv): Promise<Reply> {
  const { t } = context;
  const digestEnv = env.digestCommands;
  if (!digestEnv) return errorReply({ reason: t.t('commands.error.failed', { command: `/plane ${command.action}` }) }, t);
  return command.action === 'digest' ? digest(command, context, env.plane, digestEnv) : remind(command, context, digestEnv);
}

async function digest(
  command: Extract<DigestCommand, { action: 'digest' }>,
  context: CommandContext,
  kit: PlaneKit,
  env: DigestCommandEnv,
): Promise<Reply> {
  const { t } = context;
  const where = channelLabel(context.channel, t);
  const channel = context.channel.id;
  switch (command.op) {
    case 'help':
      return ephemeral(
        buildConfirmation(
          {
            summary: t.t('digests.digest.summary'),
            lines: [
              t.t('digests.digest.usage'),
              '/plane digest list',
              '/plane digest off <PROJECT>',
              '/plane digest now <PROJECT>',
              t.t('digests.remind.usage'),
            ],
            notes: [t.t('digests.help.forms')],
            unchanged: true,
          },
          t,
        ),
      );
    case 'list': {
      const list = await env.digests.forChannel(channel);
      return ephemeral(
        buildConfirmation(
          { summary: t.t('digests.list', { where, count: list.length }), lines: list.map((s) => describeDigest(s, t)), unchanged: true },
          t,
        ),
      );
    }
    case 'off': {
      const project = await findProject(kit.api(), kit.slug(), command.project);
      const removed = await env.digests.remove(channel, project.id);
      return ephemeral(
        buildConfirmation(
          { summary: t.t(removed ? 'digests.off' : 'digests.notSet', { where, project: project.identifier }), unchanged: !removed },
          t,
        ),
      );
    }
    case 'now': {
      const project = await findProject(kit.api(), kit.slug(), command.project);
      const requester = await context.requester();
      const set = await env.digests.get(channel, project.id);
      const target = set ?? {
        channel,
        projectId: project.id,
        filters: NO_FILTERS,
        staleDays: DEFAULT_STALE_DAYS,
        timeZone: zoneOf(requester.timeZone),
      };
      const composed = await env.digests.compose(target, { fresh: true });
      const message = buildDigest(composed.data, { timeZone: target.timeZone, filters: target.filters }, translator(env.locale));
      await composed.commit();
      return inChannel(message);
    }
    case 'set': {
      const project = await findProject(kit.api(), kit.slug(), command.project);
      const requester = await context.requester();
      const settings: DigestSettings = {
        channel,
        projectId: project.id,
        project: project.identifier,
        cadence: command.cadence,
        ...(command.day !== undefined && { day: command.day }),
        time: command.time,
        timeZone: zoneOf(requester.timeZone),
        filters: await resolveFilters(command, project, context, kit),
        staleDays: command.staleDays ?? DEFAULT_STALE_DAYS,
        quiet: command.quiet,
        setBy: requester.id,
      };
      const replaced = (await env.digests.get(channel, project.id)) !== undefined;
      await env.digests.set(settings);
      const next = env.digests.nextRun(settings);
      const when =
        next && new Intl.DateTimeFormat(t.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: settings.timeZone }).format(next);
      const schedule = describeSchedule(settings, t);
      return ephemeral(
        buildConfirmation(
          {
            summary: t.t(replaced ? 'digests.changed' : 'digests.set', { where, project: project.identifier, schedule }),
            lines: [describeDigest(settings, t)],
            notes: [...(when ? [t.t('digests.next', { time: when })] : []), ...(settings.quiet ? [t.t('digests.quietNote')] : [])],
          },
          t,
        ),
      );
    }
  }
}

async function remind(
  command: Extract<DigestCommand, { action: 'remind' }>,
  context: CommandContext,
  env: DigestCommandEnv,
): Promise<Reply> {
  const { t } = context;
  const requester = await context.requester();
  if (command.setting === 'now') {
    if (!env.remindNow) return errorReply({ reason: t.t('digests.error.sandboxOnly'), usage: t.t('digests.remind.usage') }, t);
    const outcome = await env.remindNow(requester.id);
    return ephemeral(buildConfirmation({ summary: outcomeText(outcome, requester.email, t), unchanged: outcome !== 'sent' }, t));
  }
  const current = await env.reminders.setting(requester.id);
  const setting =
    command.setting === 'off' ? { ...current, off: true } : { off: false, time: command.setting === 'time' ? command.time : current.time };
  await env.reminders.setSetting(requester.id, setting);
  await scheduleReminder(env, requester.id, requester.timeZone);
  if (setting.off) return ephemeral(buildConfirmation({ summary: t.t('digests.remind.off') }, t));
  const notes = !requester.email
    ? [t.t('digests.remind.noEmail')]
    : (await env.reminders.memberByEmail(requester.email))
      ? []
      : [t.t('digests.remind.noMember', { email: requester.email })];
  return ephemeral(
    buildConfirmation({ summary: t.t('digests.remind.on', { time: setting.time, zone: zoneOf(requester.timeZone) }), notes }, t),
  );
}

function outcomeText(outcome: ReminderOutcome, email: string | undefined, t: Translator): string {
  if (outcome === 'sent') return t.t('digests.remind.sent');
  if (outcome === 'nothing') return t.t('digests.remind.nothingDue');
  return outcome === 'no-email' ? t.t('digests.remind.noEmail') : t.t('digests.remind.noMember', { email: email ?? '' });
}
