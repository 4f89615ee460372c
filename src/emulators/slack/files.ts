import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.js';

/**
 * Files uploaded the way `files.uploadV2` does it: `files.getUploadURLExternal` reserves an id and
 * an upload URL, the bytes are POSTed there (raw, or as multipart form data as @slack/web-api sends
 * them), and `files.completeUploadExternal` makes the file exist. Only a completed file can be shown
 * by a `slack_file` image block. The sandbox page reads the bytes through the page API.
 */

export interface SlackFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  size: number;
  /** The declared length (getUploadURLExternal's `length`). */
  length: number;
  altText?: string;
  user: string;
  created: number;
  bytes?: Buffer;
  completed: boolean;
  /** Channels it was shared into by completeUploadExternal's `channel_id`; empty for a private file. */
  channels: string[];
}

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  json: 'application/json',
};

export class Files {
  private readonly byId = new Map<string, SlackFile>();
  private readonly tokens = new Map<string, string>();

  constructor(private readonly origin: () => string) {}

  reserve(input: { filename: string; length: number; altText?: string; user: string }): { file_id: string; upload_url: string } {
    const id = `F0${randomBytes(5).toString('hex').toUpperCase()}`;
    const token = randomBytes(12).toString('hex');
    const extension = input.filename.split('.').pop()?.toLowerCase() ?? '';
    this.byId.set(id, {
      id,
      name: input.filename,
      title: input.filename,
      mimetype: MIME[extension] ?? 'application/octet-stream',
      size: 0,
      length: input.length,
      ...(input.altText && { altText: input.altText }),
      user: input.user,
      created: Math.floor(Date.now() / 1000),
      completed: false,
      channels: [],
    });
    this.tokens.set(token, id);
    return { file_id: id, upload_url: `${this.origin()}/upload/v1/${token}` };
  }

  get(id: string): SlackFile | undefined {
    return this.byId.get(id);
  }

  /** The completed files, oldest first. */
  all(): SlackFile[] {
    return [...this.byId.values()].filter((f) => f.completed);
  }

  /** `POST /upload/v1/<token>`: Slack answers 200 `OK - <bytes>`. */
  async receive(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const file = this.byId.get(this.tokens.get(token) ?? '');
    if (!file || req.method !== 'POST') return sendJson(res, 404, { ok: false, error: 'not_found' });
    const raw = await readBuffer(req);
    if (raw === undefined) return sendJson(res, 413, { ok: false, error: 'file_too_large' });
    const type = req.headers['content-type'] ?? '';
    let bytes = raw;
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://upload', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
      const part = [...form.values()].find((value): value is File => typeof value !== 'string');
      if (!part) return sendJson(res, 400, { ok: false, error: 'no_file_data' });
      bytes = Buffer.from(await part.arrayBuffer());
    }
    file.bytes = bytes;
    file.size = bytes.length;
    this.tokens.delete(token);
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`OK - ${bytes.length}`);
  }

  /** completeUploadExternal for one file: undefined when it was never reserved or its bytes never came. */
  complete(id: string, title: string | undefined, channel: string | undefined): SlackFile | undefined {
    const file = this.byId.get(id);
    if (!file?.bytes) return undefined;
    file.completed = true;
    if (title) file.title = title;
    if (channel && !file.channels.includes(channel)) file.channels.push(channel);
    return file;
  }

  /** The file object of the Web API (no bytes). */
  describe(file: SlackFile): Record<string, unknown> {
    return {
      id: file.id,
      created: file.created,
      timestamp: file.created,
      name: file.name,
      title: file.title,
      mimetype: file.mimetype,
      filetype: file.name.split('.').pop() ?? '',
      user: file.user,
      size: file.size,
      is_public: file.channels.length > 0,
      url_private: `${this.origin()}/files-pri/${file.id}/${encodeURIComponent(file.name)}`,
      permalink: `${this.origin()}/files/${file.id}`,
      channels: file.channels,
      ...(file.altText && { alt_txt: file.altText }),
    };
  }
}

async function readBuffer(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
