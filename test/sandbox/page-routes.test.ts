import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { startHttpServer, type RunningServer } from '../../src/http/server.js';
import { sandboxPageRoutes } from '../../src/sandbox/page-routes.js';
import { SECRET, TOKEN } from '../emulators/slack/helpers.js';

let emulator: SlackEmulator;
let server: RunningServer;

beforeEach(async () => {
  emulator = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN });
  const routes = sandboxPageRoutes({ pageApi: emulator.pageApi, info: { plane: 'real', model: true }, defaultViewer: 'U0BOB' });
  server = await startHttpServer({ port: 0, host: '127.0.0.1', routes });
});
afterEach(async () => {
  await emulator.close();
  await server.close();
});

const get = (path: string) => fetch(`${server.url}${path}`);

describe('sandbox page routes', () => {
  it('serves the page with a policy that allows only its own scripts and requests', async () => {
    const response = await get('/?as=U0BOB');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(await response.text()).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('serves the modules, the stylesheet and marked with their content types', async () => {
    for (const [path, type] of [
      ['/assets/app.js', 'text/javascript; charset=utf-8'],
      ['/assets/blockkit.js', 'text/javascript; charset=utf-8'],
      ['/assets/styles.css', 'text/css; charset=utf-8'],
      ['/assets/vendor/marked.js', 'text/javascript; charset=utf-8'],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
    }
    expect(await (await get('/assets/vendor/marked.js')).text()).toContain('Lexer');
  });

  it('serves nothing outside its folder, and no file of another kind', async () => {
    for (const path of [
      '/assets/%2e%2e/page-routes.ts',
      '/assets/..%2fpage-routes.ts',
      '/assets/blockkit.d.ts',
      '/assets/missing.js',
      '/assets/index.html',
      '/assets/',
      '/assets/vendor/other.js',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('answers the banners’ facts and the default person', async () => {
    expect(await (await get('/sandbox/info')).json()).toEqual({ plane: 'real', model: true, defaultViewer: 'U0BOB' });
  });

  it('hands the page API its routes, and 404s what it does not know', async () => {
    const workspace = (await (await get('/sandbox/api/workspace?as=U0BOB')).json()) as { viewer: string };
    expect(workspace.viewer).toBe('U0BOB');
    expect((await get('/sandbox/api/nothing')).status).toBe(404);
    const said = await fetch(`${server.url}/sandbox/api/channels/C0GENERAL/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ as: 'U0BOB', text: 'via the page routes' }),
    });
    expect(await said.json()).toMatchObject({ ok: true });
    expect(emulator.workspace.messages('C0GENERAL').map((m) => m.text)).toEqual(['via the page routes']);
  });

  it('refuses a page API mounted where the page does not look', async () => {
    const other = await startSlackEmulator({ signingSecret: SECRET, botToken: TOKEN, pagePrefix: '/elsewhere' });
    try {
      expect(() => sandboxPageRoutes({ pageApi: other.pageApi, info: { plane: 'demo', model: false }, defaultViewer: 'U0BOB' })).toThrow(
        /needs the page API at \/sandbox\/api/,
      );
    } finally {
      await other.close();
    }
  });
});
