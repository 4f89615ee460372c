import type Keyv from 'keyv';
import { createHash } from 'node:crypto';
import type { Logger } from '../log.js';
import type { Resolve } from '../net/pinned-dispatcher.js';
import { phrase } from '../i18n/index.js';
import { PlaneApi } from './api.js';
import type { PlaneChange } from './changes.js';
import { PlaneCache } from './cache.js';
import { PlaneError } from './errors.js';
import { PlaneHttp, type PlaneMeter } from './http.js';
import { createImageSaver, type ImageSaver } from './images.js';
import { PlaneLimiters, type PlaneRate } from './limiter.js';

export interface PlaneKitOptions {
  /** Without a key the kit exists but every call says that Plane is off. */
  apiKey?: string;
  /** The API origin, e.g. https://api.plane.so or a self-hosted instance's URL. */
  baseUrl: string;
  /** The web app origin, for work item links. */
  appUrl: string;
  /** The default workspace slug (PLANE_WORKSPACE). */
  workspace?: string;
  /** Shared by every request of the process; `StateStore.keyv('plane-cache')` in production. */
  cache: Keyv;
  /**
   * The composition's limiters (rate, and Redis to share the budget with other processes; see
   * limiter.ts). Without them the kit paces by itself at Plane's default 60 a minute.
   */
  limiters?: PlaneLimiters;
  logger?: Logger;
  /** How a 429's Retry-After is waited out; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
  /** Told of each request's status and limiter wait (the process's metrics). */
  meter?: PlaneMeter;
  /**
   * PLANEBOT_WEBFETCH_ALLOW: hosts, addresses or CIDRs that external images in descriptions may come
   * from although not public. Plane's own attachment storage is not subject to it.
   */
  networkAllow?: readonly string[];
  /** How the hosts of external images resolve; the system resolver by default. Tests answer without DNS. */
  networkResolve?: Resolve;
  /** Told of each write the tools make with the key, for whom (notifications name that person). */
  onWrite?: (write: PlaneWrite) => Promise<void>;
  /** Keeps a write made (an undo journal), and answers the id it can be taken back by. */
  onChange?: (change: PlaneChange) => Promise<string | undefined>;
}

/** A chat thread: where a front end told the person who asked that a write was made. */
export interface ChatThread {
  channel: string;
  threadTs: string;
}

/**
 * A write through the kit: the work item's key, the API names of the fields it sets (`created` for
 * a creation, `comment` for a comment), who asked, when known, and the thread where the bot
 * confirmed it, when it did so in one (Plane's webhook of it is not posted there again).
 */
export interface PlaneWrite {
  key: string;
  fields: string[];
  by?: string;
  confirmedIn?: ChatThread;
}

/** What the Plane tools are built on: the API, the workspace default, links and description images. */
export interface PlaneKit {
  readonly enabled: boolean;
  readonly baseUrl: string;
  readonly appUrl: string;
  readonly workspace?: string;
  /** The budget requests are paced to (for how long a long series of requests will take). */
  readonly rate: PlaneRate;
  /** The API; throws a PlaneError explaining how to turn Plane on when there is no key. */
  api(): PlaneApi;
  /** The given slug, else the default workspace; throws when there is neither. */
  slug(given?: string): string;
  /** The web app's by-key link, `<app>/<slug>/browse/ACME-130/` (no ids). */
  itemUrl(slug: string, key: string): string;
  /** Saves description images: attachments through Plane, external URLs through the address guard. */
  readonly images: ImageSaver;
  /** Notes a write made with the key (before it, when the key is known, so Plane's webhook finds it). */
  noteWrite(write: PlaneWrite): Promise<void>;
  /** Keeps a write made, to be taken back (undo); its id, or undefined when nothing keeps writes. */
  recordChange(change: PlaneChange): Promise<string | undefined>;
}

export function createPlaneKit(options: PlaneKitOptions): PlaneKit {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const appUrl = options.appUrl.replace(/\/+$/, '');
  let api: PlaneApi | undefined;
  const limiters = options.limiters ?? new PlaneLimiters();
  if (options.apiKey) {
    const limiter = limiters.forKey(options.apiKey);
    const http = new PlaneHttp({
      baseUrl,
      apiKey: options.apiKey,
      limiter,
      limiterFor: (token) => limiters.forKey(token),
      logger: options.logger,
      sleep: options.sleep,
      meter: options.meter,
    });
    const scope = createHash('sha256').update(`${baseUrl}\n${options.apiKey}`).digest('hex').slice(0, 16);
    api = new PlaneApi(http, new PlaneCache(options.cache, scope));
  }
  return {
    enabled: api !== undefined,
    baseUrl,
    appUrl,
    workspace: options.workspace,
    rate: limiters.rate,
    api() {
      if (!api) throw new PlaneError(phrase('planeError.off'));
      return api;
    },
    slug(given) {
      const slug = given?.trim() || options.workspace;
      if (!slug) throw new PlaneError(phrase('planeError.noWorkspace'));
      return slug;
    },
    itemUrl: (slug, key) => `${appUrl}/${encodeURIComponent(slug)}/browse/${encodeURIComponent(key)}/`,
    images: createImageSaver({ allow: options.networkAllow, resolve: options.networkResolve }),
    noteWrite: async (write) => {
      try {
        await options.onWrite?.(write);
      } catch (error) {
        // Only a notification's attribution depends on it.
        options.logger?.warn({ err: error, key: write.key }, 'could not note a Plane write');
      }
    },
    recordChange: async (change) => {
      try {
        return await options.onChange?.(change);
      } catch (error) {
        // The write is made: only its Undo is lost.
        options.logger?.warn({ err: error, key: change.item.key }, 'could not record a Plane write for undo');
        return undefined;
      }
    },
  };
}
