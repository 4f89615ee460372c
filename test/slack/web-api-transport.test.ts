import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { asResponse, sendToSlack } from '../../src/slack/web-api-transport.js';

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server that keeps what it received and answers as `answer` says. */
async function startServer(answer: (received: Received) => { status: number; headers?: Record<string, string | string[]>; body?: string }) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const seen = { method: request.method ?? '', headers: request.headers, body };
      received.push(seen);
      const { status, headers = {}, body: text } = answer(seen);
      response.writeHead(status, headers).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('sendToSlack', () => {
  it('sends a form post as the Web API client writes it and reads the whole answer, headers repeated as sent', async () => {
    const server = await startServer(() => ({
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Accepted-OAuth-Scopes': 'chat:write', 'Set-Cookie': ['a=1', 'b=2'] },
      body: '{"ok":true,"ts":"1.2"}',
    }));
    const answer = await sendToSlack(`${server.url}/api/chat.postMessage`, {
      method: 'POST',
      headers: { Authorization: 'Bearer xoxb-1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'channel=C1&text=h%C3%A9',
      redirect: 'error',
    });
    expect(server.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ authorization: 'Bearer xoxb-1', 'content-type': 'application/x-www-form-urlencoded' }),
        body: 'channel=C1&text=h%C3%A9',
      }),
    ]);
    const response = asResponse(answer);
    expect([response.status, response.statusText, response.headers.get('x-accepted-oauth-scopes')]).toEqual([200, 'OK', 'chat:write']);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true, ts: '1.2' });
  });

  it('fails on a redirect when told to, as fetch does for the Web API client, without following it', async () => {
    const server = await startServer(() => ({ status: 302, headers: { Location: '/elsewhere' } }));
    await expect(sendToSlack(`${server.url}/api/chat.postMessage`, { method: 'POST', body: 'a=1', redirect: 'error' })).rejects.toThrow(
      TypeError,
    );
    expect(server.received.map((r) => r.body)).toEqual(['a=1']);
  });

  it('hands on an answer without a body (204) and a refusal with its status and text', async () => {
    const empty = await startServer(() => ({ status: 204 }));
    expect(asResponse(await sendToSlack(`${empty.url}/hook`, { method: 'POST', body: '{}' })).status).toBe(204);
    const refused = await startServer(() => ({ status: 429, headers: { 'Retry-After': '3' }, body: 'slow down' }));
    const response = asResponse(await sendToSlack(`${refused.url}/api/chat.postMessage`, { method: 'POST', body: 'a=1' }));
    expect([response.status, response.headers.get('retry-after'), await response.text()]).toEqual([429, '3', 'slow down']);
  });

  it('sends what is not text (a file upload’s form data) through fetch, whole', async () => {
    const server = await startServer(() => ({ status: 200, body: 'OK - 5' }));
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'hello.txt');
    const response = asResponse(await sendToSlack(`${server.url}/upload/v1/abc`, { method: 'POST', body: form }));
    expect(await response.text()).toBe('OK - 5');
    expect(server.received[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.received[0]!.body).toContain('filename="hello.txt"');
    expect(server.received[0]!.body).toContain('hello');
  });
});
