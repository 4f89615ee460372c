import { join } from 'node:path';
import type { FileLocks } from './file-lock.js';

/** Where a store opens a channel's todo or task file: its folder, and the process's locks on the files. */
export interface ChannelFolder {
  dir: string;
  locks: FileLocks;
}

/** The folder of one channel's todo and task files: the agent's tools and the commands share it. */
export function channelFilesDir(dataDir: string, channelId: string): string {
  // Slack ids are upper-case letters and digits; anything else would be a bug, not a path to honour.
  if (!/^[A-Z0-9]+$/.test(channelId)) throw new Error(`Not a Slack channel id: ${JSON.stringify(channelId)}`);
  return join(dataDir, 'channels', channelId);
}
