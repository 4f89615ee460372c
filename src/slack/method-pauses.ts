import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../log.js';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';

/** Until when (epoch ms) a Web API method is paused for the workspace. */
const pauseRecord = defineRecord({ namespace: 'slack:method-pause', version: 1, schema: z.number() });
/** A Retry-After past this is not believed: a call waits at most this long for its method. */
const MAX_PAUSE_MS = 120_000;
/**
 * How long what the store says of a method's pause is believed before it is read again: not a read
 * per Slack call, and another process's pause reaches this one's calls within this time. A pause
 * this process got holds at once (it is kept locally too).
 */
export const SHARED_PAUSE_TTL_MS = 1_000;

type Fetch = typeof globalThis.fetch;

/**
 * Slack's `Retry-After` holds for the method in the whole workspace, not only for the channel (or
 * the client) that got the 429. A fetch for the Web API clients: a 429 pauses its method for every
 * client of every process sharing the store, and each call of a paused method waits for the pause to
 * end before it goes out (the client's own retry of the refused call included). The store is read
 * at most once a SHARED_PAUSE_TTL_MS per method. A store that fails costs the sharing only: the
 * process then pauses by itself.
 */
export function pausingFetch(store: StateStore, logger: Logger, meter?: SlackCallMeter, base: Fetch = globalThis.fetch): Fetch {
  const local = new Map<string, number>();
  // Per method: when the store was read, and what it said (concurrent calls share one read).
  const read = new Map<string, { at: number; until: Promise<number> }>();
  const sharedUntil = (method: string): Promise<number> => {
    const now = Date.now();
    const known = read.get(method);
    if (known && now - known.at < SHARED_PAUSE_TTL_MS) return known.until;
    const until = store.get(pauseRecord, method).then(
      (shared) => shared ?? 0,
      () => 0,
    );
    read.set(method, { at: now, until });
    return until;
  };
  const until = async (method: string): Promise<number> => Math.max(await sharedUntil(method), local.get(method) ?? 0);
  return async (input, init) => {
    const method = methodOf(input);
    if (method === undefined) return base(input, init);
    for (;;) {
      const wait = Math.min(MAX_PAUSE_MS, (await until(method)) - Date.now());
      if (wait <= 0) break;
      await sleep(wait);
    }
    const response = meter ? await metered(meter, method, await base(input, init)) : await base(input, init);
    if (response.status === 429) {
      const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      if (Number.isFinite(seconds) && seconds > 0) {
        const pauseMs = Math.min(MAX_PAUSE_MS, seconds * 1000);
        const end = Date.now() + pauseMs;
        local.set(method, Math.max(local.get(method) ?? 0, end));
        await store
          .set(pauseRecord, method, end, pauseMs)
          .catch((error: unknown) =>
            logger.warn({ err: error, method }, 'a Slack rate-limit pause could not be shared: this process pauses alone'),
          );
        logger.info({ method, pauseMs }, 'Slack rate-limited a method: every call of it waits');
      }
    }
    return response;
  };
}

/** What the Web API clients tell whoever measures them (the process's metrics). */
export interface SlackCallMeter {
  /** One answered call: Slack's error code when it was not ok (`http_<status>` when not even JSON). */
  call(method: string, error: string | undefined): void;
}

/**
 * Reads the answer once (a Web API answer is a small JSON text; a tee'd clone cost more), counts it
 * and hands on the same bytes. Slack answers `{"ok":true,...}` first when all went well: the common
 * case is recognised without parsing.
 */
async function metered(meter: SlackCallMeter, method: string, response: Response): Promise<Response> {
  if (response.body === null) {
    meter.call(method, `http_${response.status}`);
    return response;
  }
  const text = await response.text();
  let error: string | undefined;
  if (!/^\s*\{\s*"ok"\s*:\s*true/.test(text)) {
    try {
      const said = (JSON.parse(text) as { error?: unknown }).error;
      error = typeof said === 'string' ? said : `http_${response.status}`;
    } catch {
      // Not JSON: a proxy's page, a 5xx.
      error = `http_${response.status}`;
    }
  }
  meter.call(method, error);
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** `chat.postMessage` from `https://slack.com/api/chat.postMessage` (or the emulator's URL). */
function methodOf(input: Parameters<Fetch>[0]): string | undefined {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return /\/api\/([A-Za-z0-9_.]+)\/?(?:[?#]|$)/.exec(url)?.[1];
}
