/**
 * WebFetch against a local server: the cost of one capped fetch of a small JSON answer, and of a
 * huge download cut at the cap (time, and bytes the server managed to send before the hang-up).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebFetchTool } from '../src/tools/webfetch/webfetch-tool.js';
import type { BenchRow } from './run.js';

const RUNS = 200;
const HUGE = 256 * 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function bench(): Promise<BenchRow[]> {
  const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, id) => ({ id, name: `Item ${id}`, done: id % 2 === 0 })) });
  let hugeSent = 0;
  const server = createServer((req, res) => {
    if (req.url === '/json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(json);
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    hugeSent = 0;
    let closed = false;
    res.on('close', () => (closed = true));
    const pump = () => {
      while (!closed && hugeSent < HUGE) {
        hugeSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tool = createWebFetchTool({ allow: ['127.0.0.1'] });
  const context = { filesDir: '/nonexistent' };

  const small: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await tool.run(tool.input.parse({ url: `${origin}/json` }), context);
    small.push(performance.now() - started);
  }
  const hugeStarted = performance.now();
  await tool.run(tool.input.parse({ url: `${origin}/huge` }), context);
  const hugeMs = performance.now() - hugeStarted;
  await new Promise((resolve) => setTimeout(resolve, 50)); // let the server see the hang-up

  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return [
    {
      area: 'webfetch',
      measure: `GET ${Math.round(json.length / 1024)} KB JSON, pretty-printed (median of ${RUNS})`,
      value: `${median(small).toFixed(2)} ms`,
    },
    { area: 'webfetch', measure: '256 MB stream cut at 100 KB', value: `${hugeMs.toFixed(1)} ms` },
    {
      area: 'webfetch',
      measure: 'bytes the server sent before the hang-up',
      value: `${(hugeSent / 1024 / 1024).toFixed(1)} MB of 256 MB`,
      target: 'far below 256 MB',
    },
  ];
}
