/**
 * The page's only ways to reach the server: `GET /sandbox/info`, the page API under
 * `/sandbox/api` (JSON) and its event stream (Server-Sent Events).
 */

export const API = '/sandbox/api';

/** Thrown for a non-2xx answer; `message` is the server's `error` when it gave one. */
export class ApiError extends Error {}

async function request(path, init) {
  const response = await fetch(path, init);
  let body;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok || body?.ok === false) throw new ApiError(body?.error ?? `HTTP ${response.status}`);
  return body;
}

const post = (path, body) => request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const as = (viewer) => `as=${encodeURIComponent(viewer)}`;
const channelPath = (channel) => `${API}/channels/${encodeURIComponent(channel)}`;

export const api = {
  /** `{ plane: 'demo'|'real', model: boolean, planeUrl? }` */
  info: () => request('/sandbox/info'),
  /** `{ team, bot, viewer, users, channels, commands }` */
  workspace: (viewer) => request(`${API}/workspace?${as(viewer)}`),
  /** `{ messages: [...threads] }` */
  messages: (channel, viewer) => request(`${channelPath(channel)}/messages?${as(viewer)}`),
  /** What the composer sends: a message, a thread reply or a `/command …`. */
  say: (channel, viewer, text, threadTs) =>
    post(`${channelPath(channel)}/messages`, { as: viewer, text, ...(threadTs ? { thread_ts: threadTs } : {}) }),
  click: (channel, viewer, click) => post(`${channelPath(channel)}/actions`, { as: viewer, ...click }),
  /** Slack's stop control on a message still streaming: the app gets `agent_session_stopped`. */
  stopStream: (channel, viewer, messageTs) => post(`${channelPath(channel)}/stream-stops`, { as: viewer, message_ts: messageTs }),
  /** The person adds an emoji to a message (`reaction_added` goes to the app). */
  react: (channel, viewer, messageTs, name) => post(`${channelPath(channel)}/reactions`, { as: viewer, message_ts: messageTs, name }),
  /** The demo Plane's Intake: `{ requests: [{ key, name, status }] }`, and a project admin's Accept / Decline. */
  intake: () => request('/sandbox/intake'),
  decideIntake: (key, decision) => post('/sandbox/intake/decide', { key, decision }),
  /** A message shortcut from a message's "…" menu. */
  shortcut: (channel, viewer, messageTs, callbackId) =>
    post(`${channelPath(channel)}/shortcuts`, { as: viewer, message_ts: messageTs, callback_id: callbackId }),
  /** `{ view, errors }`: the modal on the person's screen, or `view: null`. */
  openView: (viewer) => request(`${API}/views?${as(viewer)}`),
  submitView: (viewer, viewId, values) => post(`${API}/views/${encodeURIComponent(viewId)}/submit`, { as: viewer, values }),
  actInView: (viewer, viewId, act) => post(`${API}/views/${encodeURIComponent(viewId)}/actions`, { as: viewer, ...act }),
  closeView: (viewer, viewId) => post(`${API}/views/${encodeURIComponent(viewId)}/close`, { as: viewer }),
  /** `{ view }`: the Home tab the app last published for the person, or `view: null`. */
  home: (viewer) => request(`${API}/home?${as(viewer)}`),
  /** The person opens the app's Home tab (`app_home_opened`); the app publishes it (`home_published`). */
  openHome: (viewer) => post(`${API}/home/open`, { as: viewer }),
};

const CHANGE_EVENTS = ['message_posted', 'message_updated', 'message_deleted'];
/** The person's own modal, and their Home tab: `{ view, errors }`. */
const VIEW_EVENTS = ['view_opened', 'view_updated', 'view_closed', 'home_published'];
const MAX_RETRY_MS = 10_000;

/**
 * Follows the live events of what `viewer` can see. The browser reconnects by itself after a
 * dropped connection; when it gives up (the server refused or was gone), this opens a new stream
 * with a growing delay. `onHello` runs on every (re)connection: events may have been missed, so the
 * page reloads what it shows.
 *
 * @param handlers `{ onHello(), onChange(type, data), onView(type, data), onStatus('connecting'|'live'|'reconnecting') }`
 * @returns `{ close() }`
 */
export function followLiveEvents(viewer, handlers) {
  let source;
  let timer;
  let closed = false;
  let delay = 500;
  const connect = () => {
    handlers.onStatus('connecting');
    source = new EventSource(`${API}/stream?${as(viewer)}`);
    source.addEventListener('hello', () => {
      delay = 500;
      handlers.onStatus('live');
      handlers.onHello();
    });
    for (const type of CHANGE_EVENTS) {
      source.addEventListener(type, (event) => handlers.onChange(type, JSON.parse(event.data)));
    }
    for (const type of VIEW_EVENTS) {
      source.addEventListener(type, (event) => handlers.onView?.(type, JSON.parse(event.data)));
    }
    source.addEventListener('error', () => {
      if (closed) return;
      handlers.onStatus('reconnecting');
      if (source.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    });
  };
  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source.close();
    },
  };
}
