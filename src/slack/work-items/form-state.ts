import type { MessageShortcut } from '@slack/bolt';
import { z } from 'zod';
import type { CommentMetadata, FormMetadata } from './work-item-forms.blocks.js';

/** `view.state.values` as Slack sends it, for the elements the forms use. */
export type ViewState = Record<
  string,
  Record<string, { value?: string | null; selected_option?: { value: string } | null; selected_options?: { value: string }[] } | undefined>
>;

/** Where a shortcut was used, from its payload; names and the permalink are added by the caller. */
export function formMetadataOf(shortcut: MessageShortcut): Omit<FormMetadata, 'author' | 'permalink'> {
  const threadTs = typeof shortcut.message.thread_ts === 'string' ? shortcut.message.thread_ts : shortcut.message_ts;
  return { channel: shortcut.channel.id, channelName: shortcut.channel.name, messageTs: shortcut.message_ts, threadTs };
}

const formMetadata = z.object({
  channel: z.string().min(1),
  messageTs: z.string().min(1),
  threadTs: z.string().min(1),
  channelName: z.string(),
  author: z.string(),
  permalink: z.string(),
});

const commentMetadata = z.object({
  key: z.string().min(1),
  channel: z.string().min(1),
  threadTs: z.string().min(1),
  cardTs: z.string().optional(),
});

function parsed<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(text ?? ''));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** The private_metadata of a create or link form; undefined when it is not one of ours. */
export const readFormMetadata = (text: string | undefined): FormMetadata | undefined => parsed(formMetadata, text);

export const readCommentMetadata = (text: string | undefined): CommentMetadata | undefined => parsed(commentMetadata, text);
