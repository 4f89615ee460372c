import { lstatSync, realpathSync } from 'node:fs';
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, sep, win32 } from 'node:path';
import { PhrasedError } from '../i18n/index.js';
import { fileAccessError } from './access-error.js';

/** A file chosen by name inside a caller's folder. */
export interface ResolvedFile {
  /** The real absolute path, every symbolic link on the way followed. */
  path: string;
  /** The path relative to the folder, with `/` separators: what people and events are shown. */
  name: string;
}

/**
 * Resolves `file` inside `folder` (created if missing). The name comes from a model or a person, so
 * anything that could reach outside is refused: absolute paths, `..`, and links that lead out.
 * `like` is an example name (`tasks.json`): the file must end with its extension, so that a store
 * never takes a lock directory, a temporary file, a corrupt copy or another kind of file for its own.
 */
export async function resolveInside(folder: string, file: string, like: string): Promise<ResolvedFile> {
  const segments = checkName(file, like);
  const root = await realFolder(folder);
  const target = join(root, ...segments);
  const path = segments.length === 1 ? await realChild(target, file) : await realTarget(target, file);
  if (path !== root && !path.startsWith(root + sep)) {
    throw new PhrasedError(`"${file}" leads outside this folder through a symbolic link; use a plain file name.`);
  }
  const name = relative(root, path).split(sep).join('/');
  if (extname(name).toLowerCase() !== extname(like)) {
    throw new PhrasedError(`"${file}" is a link to "${name}", which does not end in ${extname(like)}; use a plain file name.`);
  }
  return { path, name };
}

/**
 * Resolves a folder `dir` (relative, or absolute but inside) inside `folder` and creates it. Like a
 * file name, it may not reach outside, through `..` or a link; an absolute path is refused unless it
 * is inside the folder. The name shown is relative to the folder, never the server path.
 */
export async function resolveFolderInside(folder: string, dir: string): Promise<ResolvedFile> {
  const example = 'give a folder inside this channel’s folder, like "images/ACME-1", or leave it out';
  if (dir.includes('\0')) throw new PhrasedError(`The folder name contains a NUL character; ${example}.`);
  const root = await realFolder(folder);
  let target: string;
  if (isAbsolute(dir) || win32.isAbsolute(dir)) {
    target = dir;
  } else {
    const segments = dir.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..')) throw new PhrasedError(`"${dir}" uses ".." to leave the folder; ${example}.`);
    target = join(root, ...segments);
  }
  const inside = (path: string) => path === root || path.startsWith(root + sep);
  const outside = isAbsolute(dir)
    ? 'An absolute folder outside this channel’s folder is refused'
    : `"${dir}" leads outside this folder through a symbolic link`;
  if (!inside(await realTarget(target, dir))) throw new PhrasedError(`${outside}; ${example}.`);
  await mkdir(target, { recursive: true }).catch((error: unknown) => {
    throw fileAccessError(error, `${relative(root, target).split(sep).join('/')}/`, 'write');
  });
  // Created through links that may have changed meanwhile: checked again where it really is.
  const path = await realpath(target);
  if (!inside(path)) throw new PhrasedError(`${outside}; ${example}.`);
  return { path, name: relative(root, path).split(sep).join('/') };
}

function checkName(file: string, like: string): string[] {
  const example = `give a file name inside this folder, like "${like}" or "sprint-1/${like}"`;
  if (file.trim() === '') throw new PhrasedError(`The file name is empty; ${example}.`);
  if (file.includes('\0')) throw new PhrasedError(`The file name contains a NUL character; ${example}.`);
  if (isAbsolute(file) || win32.isAbsolute(file)) throw new PhrasedError(`"${file}" is an absolute path; ${example}.`);
  // Backslashes count as separators too, so a Windows-style "..\\x" is caught like "../x".
  const segments = file.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new PhrasedError(`"${file}" uses ".." to leave the folder; ${example}.`);
  if (segments.length === 0 || /[\\/]$/.test(file)) throw new PhrasedError(`"${file}" names a folder, not a file; ${example}.`);
  const extension = extname(like);
  if (!file.toLowerCase().endsWith(extension)) throw new PhrasedError(`"${file}" does not end in ${extension}; ${example}.`);
  return segments;
}

/*
 * The two look-ups every command makes here are synchronous: on the bot's data folder each takes a few
 * µs, where the promise version costs a round trip through libuv's thread pool, several times that in
 * CPU. The state store (node:sqlite) already reads the same folder synchronously.
 */

/** The folder's real path, creating it only the first time (every command reads through here). */
async function realFolder(folder: string): Promise<string> {
  try {
    return realpathSync.native(folder);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw fileAccessError(error, 'This channel’s folder', 'write');
  }
  return realpath(folder);
}

/**
 * The real path of a direct child of a real folder: the child itself unless it is a link. One lstat
 * instead of realTarget's realpath calls, which matters because every command reads a file here.
 */
async function realChild(target: string, file: string): Promise<string> {
  let link = false;
  try {
    link = lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  return link ? realTarget(target, file) : target;
}

/** The real path of `target`; for a file not created yet, its nearest existing ancestor's real path. */
async function realTarget(target: string, file: string): Promise<string> {
  try {
    return await realpath(target);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const link = await lstat(target).catch(() => undefined);
  if (link?.isSymbolicLink()) {
    throw new PhrasedError(`"${file}" is a symbolic link to a missing file; use a plain file name.`);
  }
  return join(await realTarget(dirname(target), file), relative(dirname(target), target));
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
