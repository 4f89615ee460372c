import type { App } from '@slack/bolt';

type WebClient = App['client'];

export interface Upload {
  filename: string;
  title: string;
  /** For screen readers (getUploadURLExternal's `alt_txt`). */
  altText: string;
}

/**
 * Uploads a picture with files.uploadV2 (getUploadURLExternal, the bytes, completeUploadExternal)
 * without sharing it anywhere: the message shows it through a `slack_file` image block, which the
 * bot, its uploader, may use. Returns the file id.
 */
export async function uploadPicture(client: WebClient, bytes: Buffer, upload: Upload): Promise<string> {
  const answer = await client.filesUploadV2({ file: bytes, filename: upload.filename, title: upload.title, alt_text: upload.altText });
  const id = answer.files.flatMap((completion) => completion.files ?? [])[0]?.id;
  if (!id) throw new Error('files.completeUploadExternal answered no file');
  return id;
}
