import { describe, expect, it } from 'vitest';
import { Coalescer } from '../../../src/slack/progress/coalescer.js';

function recorder(options: { failFirst?: boolean; slowFirstMs?: number } = {}) {
  const sent: number[] = [];
  const errors: unknown[] = [];
  let idle = 0;
  let calls = 0;
  const coalescer = new Coalescer<number>({
    intervalMs: 200,
    send: async (value) => {
      calls += 1;
      if (calls === 1 && options.slowFirstMs) await new Promise((resolve) => setTimeout(resolve, options.slowFirstMs));
      if (calls === 1 && options.failFirst) throw new Error('boom');
      sent.push(value);
    },
    onError: (error) => errors.push(error),
    onIdle: () => (idle += 1),
  });
  return { coalescer, sent, errors, idle: () => idle };
}

describe('the edit coalescer', () => {
  it('sends the first value at once and only the latest of a burst after it', async () => {
    const { coalescer, sent } = recorder();
    for (let i = 1; i <= 50; i += 1) coalescer.push(i);
    await coalescer.flush();
    expect(sent).toEqual([1, 50]);
  });

  it('keeps the newest value while a slow send is in flight (a rate-limited call waiting out Retry-After)', async () => {
    const { coalescer, sent } = recorder({ slowFirstMs: 300 });
    coalescer.push(1);
    coalescer.push(2);
    coalescer.push(3);
    await coalescer.flush();
    expect(sent).toEqual([1, 3]);
  });

  it('logs a failed send and still sends the values that follow', async () => {
    const { coalescer, sent, errors } = recorder({ failFirst: true });
    coalescer.push(1);
    coalescer.push(2);
    await coalescer.flush();
    expect(errors).toHaveLength(1);
    expect(sent).toEqual([2]);
  });

  it('goes idle after the interval and starts again on the next value', async () => {
    const { coalescer, sent, idle } = recorder();
    coalescer.push(1);
    await coalescer.flush();
    await expect.poll(idle, { timeout: 2_000 }).toBe(1);
    coalescer.push(2);
    await coalescer.flush();
    expect(sent).toEqual([1, 2]);
    await expect(coalescer.flush()).resolves.toBeUndefined();
  });
});
