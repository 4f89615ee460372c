import type { App } from '@slack/bolt';
import { DIGEST_KIND, settingsOf, type ChannelDigests, type DigestSettings } from '../../digests/channel-digests.js';
import { isEmpty, REMINDER_KIND, reminderCron, reminderScheduleId, type Reminders } from '../../digests/reminders.js';
import { translator, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import type { PlaneKit } from '../../plane/kit.js';
import { dayIn, isTimeZone, nextDayIn } from '../../schedules/occurrences.js';
import type { Scheduler } from '../../schedules/scheduler.js';
import type { StateStore } from '../../state/store.js';
import { translatorFor } from '../locale.js';
import { requesterFor, slackUserByEmail } from '../people.js';
import { buildDigest } from './digest.blocks.js';
import { buildReminder } from './reminder.blocks.js';

type WebClient = App['client'];

export interface DigestJobDeps {
  client: WebClient;
  store: StateStore;
  plane: PlaneKit;
  scheduler: Scheduler;
  digests: ChannelDigests;
  reminders: Reminders;
  /** PLANEBOT_LOCALE: a channel's digest is a post nobody asked for. */
  locale: Locale;
  logger: Logger;
  now: () => number;
}

/** Digests and reminders as scheduled jobs, and the hourly look for people to remind. */
export function registerDigestJobs(deps: DigestJobDeps): void {
  const { scheduler, logger } = deps;
  scheduler.register(DIGEST_KIND, async ({ schedule, signal }) => {
    const settings = settingsOf(schedule);
    if (!settings) return logger.warn({ schedule: schedule.id }, 'a digest schedule that cannot be read was skipped');
    await postDigest(deps, settings, { signal, quiet: settings.quiet });
  });
  scheduler.register(REMINDER_KIND, async ({ schedule, signal }) => {
    const user = typeof schedule.payload.user === 'string' ? schedule.payload.user : undefined;
    if (user) await sendReminder(deps, user, signal);
  });
  // New people get their reminder within the hour; a bot that starts looks at once (a missed look runs).
  scheduler.every('find people to remind', '0 * * * *', 'UTC', () => syncReminders(deps));
}

/**
 * Composes the channel's digest of the project, posts it, and keeps what it saw for the next one.
 * With `quiet`, nothing to report posts nothing. Says whether it posted.
 */
export async function postDigest(
  deps: Pick<DigestJobDeps, 'client' | 'digests' | 'locale'>,
  settings: Pick<DigestSettings, 'channel' | 'projectId' | 'filters' | 'staleDays' | 'timeZone'>,
  options: { signal?: AbortSignal; quiet?: boolean; fresh?: boolean } = {},
): Promise<boolean> {
  const composed = await deps.digests.compose(settings, { fresh: options.fresh });
  if (options.signal?.aborted) return false;
  if (!(composed.data.quiet && options.quiet)) {
    const message = buildDigest(composed.data, { timeZone: settings.timeZone, filters: settings.filters }, translator(deps.locale));
    await deps.client.chat.postMessage({ channel: settings.channel, ...message, unfurl_links: false, unfurl_media: false });
  }
  await composed.commit();
  return !(composed.data.quiet && options.quiet);
}

export type ReminderOutcome = 'sent' | 'nothing' | 'no-email' | 'no-member';

/** The person's morning DM, in their language and zone; nothing when nothing is due. */
export async function sendReminder(
  deps: Omit<DigestJobDeps, 'scheduler' | 'digests'>,
  user: string,
  signal?: AbortSignal,
): Promise<ReminderOutcome> {
  const person = await requesterFor(deps.client, deps.store, user);
  if (!person.email) return 'no-email';
  const member = await deps.reminders.memberByEmail(person.email);
  if (!member) return 'no-member';
  const zone = zoneOf(person.timeZone);
  const now = new Date(deps.now());
  const lists = await deps.reminders.dueFor(member.id, dayIn(zone, now), nextDayIn(zone, now));
  if (isEmpty(lists)) return 'nothing';
  const { time } = await deps.reminders.setting(user);
  const message = buildReminder(lists, time, translatorFor(person, deps.locale));
  if (signal?.aborted) return 'nothing';
  await deps.client.chat.postMessage({ channel: user, ...message, unfurl_links: false, unfurl_media: false });
  return 'sent';
}

/** Schedules (or, when turned off, removes) the person's reminder at their time in their zone. */
export async function scheduleReminder(
  deps: Pick<DigestJobDeps, 'scheduler' | 'reminders'>,
  user: string,
  timeZone: string | undefined,
): Promise<void> {
  const setting = await deps.reminders.setting(user);
  const id = reminderScheduleId(user);
  if (setting.off) await deps.scheduler.remove(id);
  else
    await deps.scheduler.upsert({
      id,
      kind: REMINDER_KIND,
      cron: reminderCron(setting.time),
      timeZone: zoneOf(timeZone),
      payload: { user },
    });
}

/** Every workspace member whose e-mail is a Slack person's gets a reminder schedule in their Slack time zone. */
async function syncReminders(deps: DigestJobDeps): Promise<void> {
  if (!deps.plane.enabled) return;
  const members = await deps.plane.api().workspaceMembers(deps.plane.slug(), { fresh: true });
  for (const member of members) {
    if (!member.email) continue;
    const user = await slackUserByEmail(deps.client, deps.store, member.email);
    if (!user) continue;
    const person = await requesterFor(deps.client, deps.store, user);
    await scheduleReminder(deps, user, person.timeZone);
  }
}

export function zoneOf(timeZone: string | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
}
