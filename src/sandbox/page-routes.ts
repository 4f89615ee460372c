import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { PageApi } from '../emulators/slack/index.js';
import { sendJson, type Route } from '../http/server.js';

/** What the page's banners say, decided at start-up. */
export interface SandboxInfo {
  /** `demo`: no PLANE_API_KEY, the demo Plane stands in. */
  plane: 'demo' | 'real';
  /** Whether the agent has a model (ANTHROPIC_API_KEY). */
  model: boolean;
  planeUrl?: string;
  /** The demo Plane's Intake can be decided from the page (`/sandbox/intake`). */
  intake?: boolean;
}

export interface SandboxPageOptions {
  pageApi: PageApi;
  info: SandboxInfo;
  /** Who the page acts as until the reader picks someone: a person of the emulated workspace. */
  defaultViewer: string;
}

/** The page's static files; the build copies `src/sandbox/page` next to this file. */
const PAGE_DIR = new URL('./page/', import.meta.url);
/** Only flat file names of these kinds are served: no path can leave the folder. */
const ASSET_PATH = /^\/assets\/([a-z][a-z0-9-]*\.(?:js|css))$/;
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
/** The page's only dependency, mapped to this URL by the import map in index.html. */
const MARKED_PATH = '/assets/vendor/marked.js';
const PAGE_API_PREFIX = '/sandbox/api';

/**
 * The sandbox page's routes for the process's HTTP server: `GET /` (the page), `GET /assets/…`
 * (its modules and stylesheet, and marked), `GET /sandbox/info` (banners) and the emulator's page
 * API under `/sandbox/api/`.
 */
export function sandboxPageRoutes(options: SandboxPageOptions): Route[] {
  const { pageApi } = options;
  // app.js talks to this path; a different mount would leave the page talking to nothing.
  if (pageApi.prefix !== PAGE_API_PREFIX)
    throw new Error(`the sandbox page needs the page API at ${PAGE_API_PREFIX}, not ${pageApi.prefix}`);
  const info = { ...options.info, defaultViewer: options.defaultViewer };
  const markedFile = createRequire(import.meta.url).resolve('marked');

  return [
    { method: 'GET', path: '/', handler: (_req, res) => servePage(res) },
    { method: 'GET', path: MARKED_PATH, handler: (_req, res) => serveFile(res, markedFile, 'js') },
    {
      method: 'GET',
      path: '/assets/',
      prefix: true,
      handler: (req, res) => {
        const name = ASSET_PATH.exec((req.url ?? '').split('?')[0] ?? '')?.[1];
        if (!name) return sendJson(res, 404, { error: 'not_found', message: 'No such asset' });
        return serveFile(res, new URL(name, PAGE_DIR), name.slice(name.lastIndexOf('.') + 1));
      },
    },
    { method: 'GET', path: '/sandbox/info', handler: (_req, res) => sendJson(res, 200, info) },
    {
      method: '*',
      path: `${PAGE_API_PREFIX}/`,
      prefix: true,
      handler: (req, res) => {
        if (!pageApi.handle(req, res)) sendJson(res, 404, { error: 'not_found', message: 'No such page API route' });
      },
    },
  ];
}

async function servePage(res: ServerResponse): Promise<void> {
  const html = await readFile(new URL('index.html', PAGE_DIR), 'utf8');
  send(res, html, 'html', contentSecurityPolicy(html));
}

async function serveFile(res: ServerResponse, file: string | URL, extension: string): Promise<void> {
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return sendJson(res, 404, { error: 'not_found', message: 'No such asset' });
  }
  send(res, body, extension);
}

function send(res: ServerResponse, body: string | Buffer, extension: string, policy?: string): void {
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(policy ? { 'Content-Security-Policy': policy } : {}),
  });
  res.end(body);
}

/**
 * Scripts only from this server (the inline import map allowed by its hash), no inline styles,
 * requests only to this server; images from anywhere, as a Slack client shows them.
 */
function contentSecurityPolicy(html: string): string {
  const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(importMap).digest('base64');
  return [
    "default-src 'none'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self'",
    "img-src 'self' data: https: http:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
