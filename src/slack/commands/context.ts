import type { Translator } from '../../i18n/index.js';
import type { FileLocks } from '../../files/file-lock.js';
import type { ModalView } from '../blocks/types.js';
import type { Upload } from '../cycles/upload.js';
import type { UserRef } from './types.js';
import type { Requester } from '../../tools/index.js';

/** A person named in a command: the name the task tree shows, and the e-mail Plane matches when known. */
export interface Person {
  name: string;
  email?: string;
}

/** Everything a command's executor needs to know about where and by whom it was run. */
export interface CommandContext {
  channel: { id: string; name: string };
  /** Who ran the command: "me" for the Plane kit, `by` on task events. */
  requester(): Promise<Requester>;
  /** Their language: every reply is written with it. */
  t: Translator;
  /** The channel's folder of todo and task files, shared with the agent's tools. */
  filesDir: string;
  /** The process's locks on those files. */
  fileLocks: FileLocks;
  /** The person behind `@user` or a plain name. */
  person(ref: UserRef): Promise<Person>;
  /** The chat user with an e-mail (a Plane member a description mentions), if any. */
  userByEmail?: (email: string) => Promise<string | undefined>;
  /** Uploads a picture to Slack (not shared anywhere) for an image block to show; its file id. */
  uploadPicture(bytes: Buffer, upload: Upload): Promise<string>;
  /**
   * Opens a modal with the command's trigger (three seconds from Slack's send): `view` when it is
   * ready within a second, else `loading` at once, updated to `view` when it comes. A view built
   * already needs no `loading`.
   */
  openModal(view: ModalView | Promise<ModalView>, loading?: ModalView): Promise<void>;
}

/** How a channel is named in headers: `#ops`, or "this conversation" for DMs and group DMs. */
export function channelLabel(channel: { name: string }, t: Translator): string {
  return /^(directmessage|privategroup|mpdm-)/.test(channel.name) || channel.name === ''
    ? t.t('commands.thisConversation')
    : `#${channel.name}`;
}
