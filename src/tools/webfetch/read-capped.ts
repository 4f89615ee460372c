/**
 * Reads a response body chunk by chunk and stops at the cap: the rest is never downloaded, because
 * cancelling the stream closes the connection (a 2 GB file costs no more than the cap).
 */
export interface CappedBody {
  /** At most `maxBytes` bytes, the start of the body. */
  bytes: Uint8Array;
  /** True when the body went on past the cap and reading stopped there. */
  truncated: boolean;
}

export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<CappedBody> {
  if (!body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks, total), truncated: false };
      chunks.push(value);
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        return { bytes: Buffer.concat(chunks, total).subarray(0, maxBytes), truncated: true };
      }
    }
  } finally {
    reader.releaseLock();
  }
}
