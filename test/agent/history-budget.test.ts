import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { capToolResult, fitHistory, HISTORY_BUDGET, MAX_TOOL_RESULT_CHARS, type HistoryBudget } from '../../src/agent/history-budget.js';
import { ThreadStore } from '../../src/agent/threads.js';
import { defineTool, READS_ONLY, ToolRegistry } from '../../src/tools/registry.js';
import { textReply, toolReply } from '../fakes/anthropic/index.js';
import { startHarness, type Harness } from './support/harness.js';

type Message = Anthropic.MessageParam;

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (id: string, name = 'plane_search_issues'): Message => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name, input: { query: id } }],
});
const result = (id: string, content: string, extra: Partial<Anthropic.ToolResultBlockParam> = {}): Message => ({
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: id, content, ...extra }],
});
const resultsIn = (messages: readonly Message[]): Anthropic.ToolResultBlockParam[] =>
  messages.flatMap((m) =>
    typeof m.content === 'string'
      ? []
      : (m.content as Anthropic.ContentBlockParam[]).filter((b): b is Anthropic.ToolResultBlockParam => b.type === 'tool_result'),
  );
const contentOf = (messages: readonly Message[], id: string) => resultsIn(messages).find((b) => b.tool_use_id === id)?.content;
const size = (messages: readonly Message[]) => JSON.stringify(messages).length;

/** Every tool_use is answered, by id and in order, in the very next message. */
function expectPairingValid(messages: readonly Message[]): void {
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    const ids = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    if (ids.length === 0) return;
    expect(resultsIn([messages[index + 1]!]).map((b) => b.tool_use_id)).toEqual(ids);
  });
}

/** A thread of `count` exchanges, each with one result of `chars` characters, after a question. */
function thread(count: number, chars: number): Message[] {
  const messages: Message[] = [user('Find the open bugs')];
  for (let i = 1; i <= count; i += 1) messages.push(call(`toolu_${i}`), result(`toolu_${i}`, `${i}`.padEnd(chars, 'x')));
  return messages;
}

const SMALL: HistoryBudget = { high: 10_000, low: 5_000 };

describe('fitHistory', () => {
  it('leaves a history within the budget alone, the very same array', () => {
    const messages = thread(3, 2_000);
    const fitted = fitHistory(messages, SMALL);
    expect(fitted).toEqual({ messages, trimmed: 0, imagesDropped: 0, chars: size(messages) });
    expect(fitted.messages).toBe(messages);
  });

  it('trims the oldest results first, down to the low watermark, with a placeholder that says what went', () => {
    const messages = thread(6, 2_000);
    const budget = { high: 10_000, low: 8_000 };
    const fitted = fitHistory(messages, budget);
    expect(size(messages)).toBeGreaterThan(budget.high);
    expect(fitted.chars).toBe(size(fitted.messages));
    expect(fitted.chars).toBeLessThanOrEqual(budget.low);
    expect(fitted.trimmed).toBe(3);
    expect(contentOf(fitted.messages, 'toolu_1')).toBe(
      '[Earlier output of plane_search_issues trimmed to save room: 2,000 characters. Call the tool again if you need it.]',
    );
    const trimmed = ['toolu_1', 'toolu_2', 'toolu_3', 'toolu_4', 'toolu_5', 'toolu_6'].map(
      (id) => contentOf(fitted.messages, id) !== contentOf(messages, id),
    );
    expect(trimmed).toEqual([true, true, true, false, false, false]);
  });

  it('keeps every tool_use paired with its result, every message in place, and is_error', () => {
    const messages = thread(5, 3_000);
    messages[4] = result('toolu_2', 'E'.repeat(3_000), { is_error: true });
    const fitted = fitHistory(messages, SMALL);
    expect(fitted.trimmed).toBeGreaterThan(0);
    expect(fitted.messages.map((m) => m.role)).toEqual(messages.map((m) => m.role));
    expectPairingValid(fitted.messages);
    expect(resultsIn(fitted.messages)[1]).toMatchObject({
      tool_use_id: 'toolu_2',
      is_error: true,
      content: expect.stringMatching(/^\[Earlier output/),
    });
    // Only tool results change: the calls and the text are the same objects.
    fitted.messages.forEach((m, i) => {
      if (!resultsIn([m]).length) expect(m).toBe(messages[i]);
    });
  });

  it('never touches the newest exchange, even when it alone is over the budget', () => {
    const messages = [...thread(2, 1_000), call('toolu_big'), result('toolu_big', 'y'.repeat(20_000))];
    const fitted = fitHistory(messages, SMALL);
    expect(fitted.trimmed).toBe(2);
    expect(contentOf(fitted.messages, 'toolu_big')).toBe('y'.repeat(20_000));
    expect(fitted.chars).toBeGreaterThan(SMALL.high);
    // The newest exchange still counts as newest when a question follows it.
    const asked = fitHistory([...messages, { role: 'assistant', content: 'Done.' }, user('And now?')], SMALL);
    expect(contentOf(asked.messages, 'toolu_big')).toBe('y'.repeat(20_000));
  });

  it('names the tool of each result, also in a parallel turn, and leaves results too small to gain from', () => {
    const messages: Message[] = [
      user('Two things'),
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_a', name: 'lookup', input: {} },
          { type: 'tool_use', id: 'toolu_b', name: 'WebFetch', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: 'ok' },
          { type: 'tool_result', tool_use_id: 'toolu_b', content: 'z'.repeat(12_000) },
        ],
      },
      call('toolu_c'),
      result('toolu_c', 'fresh'),
    ];
    const fitted = fitHistory(messages, SMALL);
    expect(fitted.trimmed).toBe(1);
    expect(contentOf(fitted.messages, 'toolu_a')).toBe('ok');
    expect(contentOf(fitted.messages, 'toolu_b')).toBe(
      '[Earlier output of WebFetch trimmed to save room: 12,000 characters. Call the tool again if you need it.]',
    );
    expectPairingValid(fitted.messages);
  });

  it('has hysteresis: after a trim, growth below the high watermark trims nothing more', () => {
    let messages = fitHistory(thread(6, 2_000), SMALL).messages;
    const afterTrim = messages;
    for (let i = 7; size(messages) + 2_200 < SMALL.high; i += 1) {
      messages = [...messages, call(`toolu_${i}`), result(`toolu_${i}`, 'w'.repeat(2_000))];
      const fitted = fitHistory(messages, SMALL);
      expect(fitted.trimmed).toBe(0);
      expect(fitted.messages).toBe(messages);
    }
    // The prefix the cache holds is byte for byte the one left by the trim.
    expect(messages.slice(0, afterTrim.length)).toEqual(afterTrim);
    expect(size(messages)).toBeGreaterThan(SMALL.low + 2_000);
  });

  it('is idempotent, also when trimming everything it may cannot reach the watermark', () => {
    const once = fitHistory(thread(6, 2_000), SMALL);
    expect(fitHistory(once.messages, SMALL)).toEqual({ messages: once.messages, trimmed: 0, imagesDropped: 0, chars: once.chars });

    const stuck = [user('q'.repeat(12_000)), ...thread(3, 2_000).slice(1)];
    const first = fitHistory(stuck, SMALL);
    expect(first.trimmed).toBe(2);
    expect(first.chars).toBeGreaterThan(SMALL.high);
    const again = fitHistory(first.messages, SMALL);
    expect(again.trimmed).toBe(0);
    expect(again.messages).toEqual(first.messages);
  });

  it('does not change the messages it is given', () => {
    const messages = thread(6, 2_000);
    const copy = structuredClone(messages);
    fitHistory(messages, SMALL);
    expect(messages).toEqual(copy);
  });
});

describe('capToolResult', () => {
  it('passes a result within the cap as it is', () => {
    const text = 'a'.repeat(MAX_TOOL_RESULT_CHARS);
    expect(capToolResult(text)).toBe(text);
  });

  it('cuts a longer one to the cap with a visible note', () => {
    const capped = capToolResult('b'.repeat(300_000));
    expect(capped.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    expect(capped).toMatch(/^b+\n\n\[Output truncated to save room: the first 119,9\d\d of 300,000 characters are shown\.\]$/);
    expect(capped.length).toBeGreaterThan(MAX_TOOL_RESULT_CHARS - 100);
  });

  it('does not split a surrogate pair at the cut', () => {
    const plain = capToolResult('c'.repeat(200), 100);
    const cut = plain.indexOf('\n');
    const emoji = capToolResult('c'.repeat(cut - 1) + '😀'.repeat(100), 100);
    expect(emoji.slice(0, emoji.indexOf('\n'))).toBe('c'.repeat(cut - 1));
    expect(emoji.length).toBeLessThanOrEqual(100);
  });
});

describe('the history budget in the agent loop', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.close();
  });

  /** A search that returns `size` characters, numbered by call so each output is recognisable. */
  function hugeRegistry(): { registry: ToolRegistry; outputs: string[] } {
    const outputs: string[] = [];
    const registry = new ToolRegistry([
      defineTool({
        name: 'plane_search_issues',
        description: 'Searches work items.',
        input: z.object({ size: z.number().int() }),
        output: z.object({ size: z.number().int() }),
        effects: READS_ONLY,
        permission: 'allow',
        progress: () => 'Searching…',
        async run({ size: chars }) {
          const output = `#${outputs.length + 1} `.padEnd(chars, 'i');
          outputs.push(output);
          return { text: output, data: { size: chars } };
        },
      }),
    ]);
    return { registry, outputs };
  }

  /** Messages as serialized without the cache mark: what the budget measures and the cache compares. */
  const unmarked = (messages: readonly Message[]) =>
    JSON.stringify(messages, (key, value: unknown) => (key === 'cache_control' ? undefined : value));

  it('keeps every request within the budget, trims rarely, sends the newest output whole and stores the trimmed thread', async () => {
    const { registry, outputs } = hugeRegistry();
    const searches = Array.from({ length: 5 }, (_, i) =>
      toolReply([{ name: 'plane_search_issues', input: { size: 90_000 }, id: `toolu_s${i + 1}` }]),
    );
    h = await startHarness({ registry, script: [...searches, textReply('Here is what I found.')] });
    await h.say('Search everything, five times');
    await h.agent.idle();

    expect(h.ui.result()).toMatchObject({ stop: 'answered', toolCalls: 5 });
    const bodies = h.api.requests.map((r) => r.body);
    expect(bodies).toHaveLength(6);
    for (const body of bodies) {
      expect(unmarked(body.messages).length).toBeLessThanOrEqual(HISTORY_BUDGET.high);
      expectPairingValid(body.messages);
    }
    const last = bodies.at(-1)!.messages;
    expect(contentOf(last, 'toolu_s5')).toBe(outputs[4]);
    expect(contentOf(last, 'toolu_s1')).toBe(
      '[Earlier output of plane_search_issues trimmed to save room: 90,000 characters. Call the tool again if you need it.]',
    );

    // Trims are rare: only two requests change what the one before them sent (the rest stay cached).
    const trims = bodies
      .slice(1)
      .filter((body, i) => unmarked(body.messages.slice(0, bodies[i]!.messages.length)) !== unmarked(bodies[i]!.messages));
    expect(trims).toHaveLength(2);

    const stored = await new ThreadStore(h.store).get(h.threadKey);
    expect(JSON.stringify(stored.history).length).toBeLessThanOrEqual(HISTORY_BUDGET.high);
    expect(contentOf(stored.history, 'toolu_s5')).toBe(outputs[4]);
  });

  it('caps a single huge output before it enters the history', async () => {
    const { registry } = hugeRegistry();
    h = await startHarness({
      registry,
      script: [toolReply([{ name: 'plane_search_issues', input: { size: 1_000_000 }, id: 'toolu_huge' }]), textReply('Too much.')],
    });
    await h.say('Search everything at once');
    await h.agent.idle();
    const sent = contentOf(h.api.requests[1]!.body.messages, 'toolu_huge') as string;
    expect(sent.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    expect(sent).toMatch(/^#1 i+\n\n\[Output truncated to save room: the first [\d,]+ of 1,000,000 characters are shown\.\]$/);
  });
});

describe('images in the history', () => {
  const imageResult = async (id: string, width: number, height: number, text = 'Saved 1 image'): Promise<Message> => {
    const data = (
      await sharp({ create: { width, height, channels: 3, background: '#808080' } })
        .png()
        .toBuffer()
    ).toString('base64');
    return {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: id,
          content: [
            { type: 'text', text },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
          ],
        },
      ],
    };
  };
  const partsOf = (messages: readonly Message[], id: string) =>
    (contentOf(messages, id) as { type: string; text?: string }[]).map((p) => p.text ?? p.type);
  const STAND_IN = '[An image shown here earlier was dropped from the history to save room. Call the tool again to see it.]';

  it('weighs an image by Anthropic’s estimate, width × height / 750 tokens, not by its base64', async () => {
    const withImage = [user('Show ACME-1'), call('toolu_1'), await imageResult('toolu_1', 1500, 750)];
    const bare = [user('Show ACME-1'), call('toolu_1'), result('toolu_1', 'Saved 1 image')];
    // 1,500 tokens at 3.5 characters: the block itself is written as one character.
    const block = JSON.stringify((withImage[2]!.content as Anthropic.ToolResultBlockParam[])[0]!.content);
    const expected =
      size(bare) -
      JSON.stringify('Saved 1 image').length +
      block.length -
      JSON.stringify((JSON.parse(block) as unknown[])[1]).length +
      1500 * 3.5;
    expect(fitHistory(withImage).chars).toBe(expected);
  });

  it('drops the oldest images before any text, and never the newest exchange’s', async () => {
    const messages = [
      user('Show ACME-1 and ACME-2'),
      call('toolu_1', 'plane_get_issue_images'),
      await imageResult('toolu_1', 1568, 1176, 'ACME-1 images'),
      call('toolu_2'),
      result('toolu_2', 'x'.repeat(3_000)),
      call('toolu_3', 'plane_get_issue_images'),
      await imageResult('toolu_3', 1568, 1176, 'ACME-2 images'),
    ];
    // Two images of ~8,600 characters each and 3,000 of text: over 15,000; dropping the first image is enough for 13,000.
    const fitted = fitHistory(messages, { high: 15_000, low: 13_000 });
    expect(fitted).toMatchObject({ trimmed: 0, imagesDropped: 1 });
    expect(partsOf(fitted.messages, 'toolu_1')).toEqual(['ACME-1 images', STAND_IN]);
    expect(contentOf(fitted.messages, 'toolu_2')).toBe('x'.repeat(3_000));
    expect(partsOf(fitted.messages, 'toolu_3')).toEqual(['ACME-2 images', 'image']);
    expect(fitted.chars).toBeLessThanOrEqual(13_000);
    expect(fitHistory(fitted.messages, { high: 15_000, low: 13_000 }).messages).toBe(fitted.messages);
    expectPairingValid(fitted.messages);
  });

  it('keeps the images before the newest exchange within their bytes, whatever their weight', async () => {
    const messages = [
      user('Show them'),
      call('toolu_1'),
      await imageResult('toolu_1', 400, 300),
      call('toolu_2'),
      await imageResult('toolu_2', 400, 300),
    ];
    const bytes = JSON.stringify(messages).length;
    const fitted = fitHistory(messages, { high: 1_000_000, low: 500_000, imageBytes: 10 });
    expect(fitted.imagesDropped).toBe(1);
    expect(partsOf(fitted.messages, 'toolu_1')).toEqual(['Saved 1 image', STAND_IN]);
    expect(partsOf(fitted.messages, 'toolu_2')).toEqual(['Saved 1 image', 'image']);
    expect(JSON.stringify(fitted.messages).length).toBeLessThan(bytes);
  });
});
