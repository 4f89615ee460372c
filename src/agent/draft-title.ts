import { modelClient, type ModelOptions } from './model.js';

const INSTRUCTION =
  'You write the title of a work item from a request someone posted in a chat. Answer with the title only: ' +
  'at most 80 characters, in the language of the request, no quotes, no trailing period, no ticket prefix.';

/**
 * The intake desk's title drafter: one small request to the model, no tools, the message as the
 * only input. The message is data: the instruction says what to do with it, whatever it says.
 */
export function titleDrafter(options: ModelOptions): (text: string) => Promise<string | undefined> {
  const client = modelClient(options);
  return async (text) => {
    const answer = await client.messages.create({
      model: options.model,
      max_tokens: 100,
      system: INSTRUCTION,
      messages: [{ role: 'user', content: `<request>\n${text.slice(0, 4000)}\n</request>` }],
    });
    const block = answer.content.find((b) => b.type === 'text');
    return block?.type === 'text' ? block.text : undefined;
  };
}
