import { createHash, timingSafeEqual } from 'node:crypto';
import { sendJson, type Route } from './server.js';

/**
 * `GET /metrics`: the Prometheus exposition. With a token (PLANEBOT_METRICS_TOKEN) only a request
 * carrying it as a bearer gets it; the comparison takes the same time whatever the guess.
 */
export function metricsRoute(options: { token?: string; scrape(): Promise<{ contentType: string; text: string }> }): Route {
  const expected = options.token === undefined ? undefined : digest(options.token);
  return {
    method: 'GET',
    path: '/metrics',
    async handler(request, response) {
      if (expected) {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (given === undefined || !timingSafeEqual(digest(given), expected)) {
          response.setHeader('WWW-Authenticate', 'Bearer');
          sendJson(response, 401, { error: 'unauthorized', message: 'GET /metrics needs Authorization: Bearer <PLANEBOT_METRICS_TOKEN>' });
          return;
        }
      }
      const { contentType, text } = await options.scrape();
      response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
      response.end(text);
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
