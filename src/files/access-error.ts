import { PhrasedError } from '../i18n/index.js';

const NO_PERMISSION = new Set(['EACCES', 'EPERM']);

/**
 * A file system failure on `name` as a PhrasedError a person can act on. It names the file as the
 * caller knows it (relative to the channel's folder), never the server path that Node's message
 * carries, and says nothing was changed: a file that cannot be read for lack of permission is
 * left where it is, not taken for a corrupt one.
 */
export function fileAccessError(error: unknown, name: string, doing: 'read' | 'write'): Error {
  if (error instanceof PhrasedError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return error instanceof Error ? error : new Error(String(error));
  const could = `${name} could not be ${doing === 'read' ? 'read' : 'written'}`;
  const untouched = doing === 'read' ? 'It was left as it is' : 'Nothing was changed';
  if (NO_PERMISSION.has(code))
    return new PhrasedError(
      `${could}: the bot has no permission to ${doing === 'read' ? 'read it' : 'write in this channel’s folder'} (${code}). ` +
        `${untouched}; whoever runs the bot can fix the permissions of its data folder (PLANEBOT_DATA_DIR).`,
    );
  if (code === 'EROFS') return new PhrasedError(`${could}: the bot’s data folder is on a read-only file system (${code}). ${untouched}.`);
  if (code === 'ENOSPC') return new PhrasedError(`${could}: the disk of the bot’s data folder is full (${code}). ${untouched}.`);
  return new PhrasedError(`${could} (${code}). ${untouched}; try again, and tell whoever runs the bot if it keeps failing.`);
}
