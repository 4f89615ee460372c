import type { PlaneKit } from '../plane/kit.js';
import { findProject } from '../plane/resolve.js';
import type { StateStore } from '../state/store.js';
import { CHANNEL_SETTINGS, type ChannelSettings } from './records.js';
import { INSTRUCTION_MAX } from './defaults.js';

/** A channel's settings, or none set. */
export async function channelSettingsOf(records: StateStore, channel: string): Promise<ChannelSettings> {
  return (await records.get(CHANNEL_SETTINGS, channel)) ?? {};
}

/**
 * Saves a channel's settings (`/plane config`): the default project as Plane names it (checked to
 * exist for the API key), the instruction trimmed and bounded. Nothing set clears the record.
 */
export async function saveChannelSettings(
  records: StateStore,
  plane: PlaneKit | undefined,
  channel: string,
  wanted: { defaultProject?: string | undefined; instruction?: string | undefined },
  setBy: string,
): Promise<ChannelSettings> {
  const instruction = wanted.instruction?.trim().slice(0, INSTRUCTION_MAX) || undefined;
  const defaultProject =
    wanted.defaultProject && plane?.enabled ? (await findProject(plane.api(), plane.slug(), wanted.defaultProject)).identifier : undefined;
  const settings: ChannelSettings = { ...(defaultProject && { defaultProject }), ...(instruction && { instruction }) };
  if (!settings.defaultProject && !settings.instruction) {
    await records.delete(CHANNEL_SETTINGS, channel);
    return settings;
  }
  await records.set(CHANNEL_SETTINGS, channel, { ...settings, setBy });
  return settings;
}
