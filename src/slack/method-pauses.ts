import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../log.js';
import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';
import type { StateStore } from '../state/store.js';
import { asResponse, sendToSlack, type SlackAnswer } from './web-api-transport.js';

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
 * process then pauses by itself. Every answer is read once (web-api-transport.ts), metered, and handed
 * on as one Response.
 */
export function pausingFetch(store: StateStore, logger: Logger, meter?: SlackCallMeter): Fetch {
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
    if (method === undefined) return asResponse(await sendToSlack(input, init));
    for (;;) {
      const wait = Math.min(MAX_PAUSE_MS, (await until(method)) - Date.now());
      if (wait <= 0) break;
      await sleep(wait);
    }
    const answer = await sendToSlack(input, init);
    meter?.call(method, callError(answer));
    if (answer.status === 429) {
      const seconds = Number.parseInt(answer.headers.get('retry-after') ?? '', 10);
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
    return asResponse(answer);
  };
}

/** What the Web API clients tell whoever measures them (the process's metrics). */
export interface SlackCallMeter {
  /** One answered call: Slack's error code when it was not ok (`http_<status>` when not even JSON). */
  call(method: string, error: string | undefined): void;
}

/**
 * Slack's error code of an answer, undefined when it went well (`http_<status>` when not even JSON).
 * Slack answers `{"ok":true,...}` first when all went well: the common case is recognised from the
 * first bytes without parsing.
 */
function callError({ status, body }: SlackAnswer): string | undefined {
  if (body === null) return `http_${status}`;
  const text = (length: number) => Buffer.from(body.buffer, body.byteOffset, length).toString();
  if (/^\s*\{\s*"ok"\s*:\s*true/.test(text(Math.min(64, body.byteLength)))) return undefined;
  try {
    const said = (JSON.parse(text(body.byteLength)) as { error?: unknown }).error;
    return typeof said === 'string' ? said : `http_${status}`;
  } catch {
    // Not JSON: a proxy's page, a 5xx.
    return `http_${status}`;
  }
}

/** `chat.postMessage` from `https://slack.com/api/chat.postMessage` (or the emulator's URL). */
function methodOf(input: Parameters<Fetch>[0]): string | undefined {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return /\/api\/([A-Za-z0-9_.]+)\/?(?:[?#]|$)/.exec(url)?.[1];
}
