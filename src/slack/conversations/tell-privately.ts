import type { App, BlockAction } from '@slack/bolt';

/** A line only the person who clicked sees, in the thread of the message they clicked. */
export async function tellClicker(client: App['client'], body: BlockAction, text: string): Promise<void> {
  const channel = body.channel?.id ?? body.container?.channel_id;
  if (!channel) return;
  const threadTs = (body.message?.thread_ts as string | undefined) ?? undefined;
  await client.chat.postEphemeral({ channel, user: body.user.id, text, ...(threadTs ? { thread_ts: threadTs } : {}) });
}
