import { api, followLiveEvents } from './api.js';
import { ChannelState } from './channel-state.js';
import { bannersHtml, channelLabel, channelListHtml, hintsHtml, HOME, homeHtml, peopleOptionsHtml } from './chrome-view.js';
import { createDirectory } from './html.js';
import { messageHtml } from './message-view.js';
import { createIntakePanel } from './intake-panel.js';
import { createModals } from './modals.js';
import { syncList } from './sync-list.js';

/**
 * The sandbox page: a Slack channel in the browser. It holds who the reader acts as, the open
 * channel and thread, and draws them from the page API; live events keep them current. Where it
 * is (person, channel, thread) lives in the URL, so a reload comes back to the same place.
 */

/**
 * The page's fixed elements by id. Typed as inputs, the widest of them (the composer, the person
 * picker), so that the type check reads their values; the others use only what every element has.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
const byId = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/**
 * The element a click or change happened in that matches `selector`, as an HTML element (its dataset).
 * @param {EventTarget | null} target
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
const closestTo = (target, selector) => (target instanceof Element ? target.closest(selector) : null);
const els = {
  banners: byId('banners'),
  team: byId('team-name'),
  person: byId('person'),
  channels: byId('channels'),
  connection: byId('connection'),
  title: byId('channel-title'),
  scroller: byId('messages'),
  home: byId('home'),
  intro: byId('channel-intro'),
  list: byId('message-list'),
  composerForm: byId('composer-form'),
  composer: byId('composer'),
  composerError: byId('composer-error'),
  hints: byId('composer-hints'),
  thread: byId('thread-panel'),
  threadList: byId('thread-messages'),
  threadForm: byId('thread-form'),
  threadComposer: byId('thread-composer'),
  threadError: byId('thread-composer-error'),
  toast: byId('toast'),
  shortcutMenu: byId('shortcut-menu'),
  intakePanel: byId('intake-panel'),
  modal: byId('modal'),
};

const VIEWER_KEY = 'planebot-sandbox-viewer';
const STATUS_TEXT = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

const page = {
  info: undefined,
  workspace: undefined,
  directory: undefined,
  viewer: undefined,
  channel: undefined,
  /** ChannelState of the open channel; undefined while it loads. */
  state: undefined,
  /** ts of the open thread. */
  thread: undefined,
  live: undefined,
  unread: new Set(),
  /** True while the bot's Home tab is shown instead of the channel. */
  home: false,
  /** The Home tab the app last published for the reader (a view), or null. */
  homeView: null,
  /** Live events that arrive while the channel reloads, replayed on top of what it loads. */
  pending: undefined,
  generation: 0,
};

const { refreshIntakeSoon, loadIntake, decideIntake, react } = createIntakePanel({ page, panel: els.intakePanel, toast });
const { loadView, showModal, closeModal, showShortcutMenu, hideShortcutMenu, runShortcut } = createModals({ page, els, toast, closestTo });

// ---- start-up and navigation ----------------------------------------------------------------

async function start() {
  page.info = await api.info();
  const params = new URLSearchParams(location.search);
  const wanted = params.get('as') ?? localStorage.getItem(VIEWER_KEY) ?? page.info.defaultViewer;
  let workspace;
  try {
    workspace = await api.workspace(wanted);
  } catch {
    workspace = await api.workspace(page.info.defaultViewer);
  }
  useWorkspace(workspace, params.get('channel'));
  page.thread = params.get('thread') ?? undefined;
  follow();
  if (params.get('tab') === HOME) void openHome();
  void loadIntake();
}

/** Takes a workspace answer for a person; keeps the channel when they can see it. */
function useWorkspace(workspace, channel) {
  page.workspace = workspace;
  page.viewer = workspace.viewer;
  page.directory = createDirectory({ users: workspace.users, channels: workspace.channels, viewer: workspace.viewer });
  const visible = workspace.channels.some((c) => c.id === channel);
  page.channel = visible ? channel : (workspace.channels.find((c) => c.type === 'channel') ?? workspace.channels[0])?.id;
  localStorage.setItem(VIEWER_KEY, page.viewer);
  els.team.textContent = workspace.team.name;
  renderBanners();
  renderPeople();
  renderChannels();
  renderHeader();
  renderHints();
}

function follow() {
  page.live?.close();
  page.live = followLiveEvents(page.viewer, {
    onHello: () => {
      void loadChannel();
      void loadView();
      if (page.home) void loadHome();
    },
    onChange: (type, data) => {
      applyChange(type, data);
      // What the bot posts (a filed card, news) follows what Intake holds: look again.
      refreshIntakeSoon();
    },
    onView: (type, data) => {
      if (type === 'home_published') return drawHome(data.view);
      if (type === 'view_closed') return closeModal(data.view.id);
      showModal(data.view, data.errors);
    },
    onStatus: (status) => {
      els.connection.dataset.state = status;
      els.connection.textContent = STATUS_TEXT[status];
    },
  });
}

async function switchPerson(viewer) {
  const workspace = await api.workspace(viewer);
  const channel = page.channel;
  useWorkspace(workspace, channel);
  if (page.channel !== channel) page.thread = undefined;
  clearMessages();
  follow();
  // Another person's Home tab is theirs: opening it as them sends their own app_home_opened.
  if (page.home) void openHome();
}

function selectChannel(channel) {
  if (channel === page.channel && !page.home) return;
  showHome(false);
  page.channel = channel;
  page.thread = undefined;
  page.unread.delete(channel);
  renderChannels();
  renderHeader();
  clearMessages();
  void loadChannel();
}

function openThread(ts) {
  page.thread = ts;
  renderThread();
  els.threadComposer.focus();
}

function closeThread() {
  page.thread = undefined;
  renderThread();
}

function saveLocation() {
  const params = new URLSearchParams({ as: page.viewer, channel: page.channel });
  if (page.thread) params.set('thread', page.thread);
  if (page.home) params.set('tab', HOME);
  history.replaceState(null, '', `?${params}`);
}

// ---- messages -------------------------------------------------------------------------------

async function loadChannel() {
  const generation = ++page.generation;
  page.pending = [];
  let messages;
  try {
    ({ messages } = await api.messages(page.channel, page.viewer));
  } catch (error) {
    if (generation === page.generation) toast(`Could not load the channel: ${error.message}`);
    return;
  }
  if (generation !== page.generation) return;
  page.state = new ChannelState(page.channel, messages);
  for (const [type, data] of page.pending) page.state.apply(type, data);
  page.pending = undefined;
  renderMessages({ scroll: true });
  renderThread();
}

function applyChange(type, data) {
  if (data.channel !== page.channel) {
    if (type === 'message_posted' && data.message?.user !== page.viewer && !page.unread.has(data.channel)) {
      page.unread.add(data.channel);
      renderChannels();
    }
    return;
  }
  if (page.pending) {
    page.pending.push([type, data]);
    return;
  }
  const thread = page.state?.apply(type, data);
  if (thread === undefined) return;
  renderMessages({ scroll: data.message?.user === page.viewer });
  if (thread === page.thread) renderThread();
}

function clearMessages() {
  page.generation += 1;
  page.state = undefined;
  page.pending = undefined;
  els.list.replaceChildren();
  renderThread();
}

function view(extra) {
  return { directory: page.directory, workspace: page.workspace, ...extra };
}

function renderMessages({ scroll = false } = {}) {
  const state = page.state;
  const nearBottom = els.scroller.scrollHeight - els.scroller.scrollTop - els.scroller.clientHeight < 80;
  const tops = state ? state.topMessages() : [];
  syncList(els.list, tops, (message) => messageHtml(message, view({ replies: state.repliesOf(message.ts) })));
  if (scroll || nearBottom) els.scroller.scrollTop = els.scroller.scrollHeight;
}

function renderThread() {
  saveLocation();
  const parent = page.thread ? page.state?.top(page.thread) : undefined;
  const waiting = page.thread !== undefined && page.state === undefined;
  if (!parent && !waiting) page.thread = undefined;
  els.thread.hidden = page.thread === undefined;
  els.thread.dataset.threadTs = page.thread ?? '';
  document.body.classList.toggle('thread-open', page.thread !== undefined);
  if (!parent) {
    els.threadList.replaceChildren();
    return;
  }
  const items = [parent, ...page.state.repliesOf(parent.ts)];
  syncList(els.threadList, items, (message) => messageHtml(message, view({ inThread: true })));
  els.threadList.scrollTop = els.threadList.scrollHeight;
}

// ---- chrome: banners, people, channels, header, hints -----------------------------------------

function renderBanners() {
  els.banners.innerHTML = bannersHtml(page.info, page.workspace?.bot.name ?? 'the bot');
}

function renderPeople() {
  els.person.innerHTML = peopleOptionsHtml(page.workspace.users, page.viewer);
}

function renderChannels() {
  els.channels.innerHTML = channelListHtml(page.workspace, page.home ? HOME : page.channel, page.unread);
}

function renderHeader() {
  const { bot, channels, commands, team } = page.workspace;
  if (page.home) {
    els.title.textContent = `${bot.name} · Home`;
    document.title = `${bot.name} Home — ${team.name} sandbox`;
    saveLocation();
    return;
  }
  const channel = channels.find((c) => c.id === page.channel);
  const label = channel ? channelLabel(channel, bot.name) : '';
  const shown = channel?.type === 'im' ? label : `#${label}`;
  els.title.textContent = shown;
  els.intro.textContent = channel?.type === 'im' ? `This is your conversation with ${label}.` : `This is the very beginning of #${label}.`;
  els.composer.placeholder = `Message ${shown} — try @${bot.name} …, ${commands.join(', ')}`;
  document.title = `${shown} — ${team.name} sandbox`;
  saveLocation();
}

function renderHints() {
  els.hints.innerHTML = hintsHtml(page.workspace.bot.name, page.workspace.commands);
}

let toastTimer;
function toast(text) {
  els.toast.textContent = text;
  els.toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (els.toast.hidden = true), 8000);
}

// ---- the bot's Home tab -------------------------------------------------------------------------

/** Shows the Home tab in place of the channel (or the channel again), as Slack's app page does. */
function showHome(on) {
  page.home = on;
  els.home.hidden = !on;
  els.scroller.hidden = on;
  els.composerForm.hidden = on;
  if (on) closeThread();
  renderChannels();
  renderHeader();
}

/** The reader opens the bot's Home tab: what was published shows at once, and the app publishes it afresh. */
async function openHome() {
  showHome(true);
  await loadHome();
  try {
    const { answer } = await api.openHome(page.viewer);
    if (answer.error) toast(`${page.workspace.bot.name} did not take the visit (${answer.error}).`);
  } catch (error) {
    toast(`The Home tab could not be opened: ${error.message}`);
  }
}

async function loadHome() {
  try {
    drawHome((await api.home(page.viewer)).view);
  } catch (error) {
    toast(`Could not load the Home tab: ${error.message}`);
  }
}

function drawHome(view) {
  page.homeView = view;
  els.home.innerHTML = homeHtml(view, page.workspace.bot.name, page.directory);
}

/** A button of the Home tab: `block_actions` from the view, as in a modal. */
async function clickInHome(button) {
  const viewId = button.closest('[data-testid="home-view"]')?.dataset.viewId;
  const blockId = button.closest('[data-testid="block"]')?.dataset.blockId;
  if (!viewId || !blockId) return;
  await sendClick(button, () => api.actInView(page.viewer, viewId, { block_id: blockId, action_id: button.dataset.actionId }));
}

// ---- what the reader does ---------------------------------------------------------------------

async function send(textarea, errorElement, threadTs) {
  const text = textarea.value;
  if (text.trim() === '') return;
  textarea.value = '';
  errorElement.hidden = true;
  try {
    const answer = await api.say(page.channel, page.viewer, text, threadTs);
    if (answer.command?.error) toast(`${text.split(/\s/)[0]} failed: ${answer.command.error}`);
  } catch (error) {
    textarea.value = text;
    errorElement.textContent = error.message;
    errorElement.hidden = false;
  }
}

async function click(button) {
  const message = button.closest('[data-testid="message"]');
  if (!message) return;
  const { actionId, blockId, value } = button.dataset;
  await sendClick(button, () =>
    api.click(page.channel, page.viewer, {
      message_ts: message.dataset.ts,
      action_id: actionId,
      ...(blockId !== undefined ? { block_id: blockId } : {}),
      ...(value !== undefined ? { value } : {}),
    }),
  );
}

/** A button shows it is busy while its click goes to the app; a refusal or a failure is told. */
async function sendClick(button, send) {
  button.classList.add('busy');
  button.setAttribute('aria-busy', 'true');
  try {
    const { answer } = await send();
    if (answer.error) toast(`${page.workspace.bot.name} did not take the click (${answer.error}).`);
  } catch (error) {
    toast(`The click failed: ${error.message}`);
  } finally {
    button.classList.remove('busy');
    button.removeAttribute('aria-busy');
  }
}

/** Slack's stop control on a streaming answer. */
async function stopStream(button) {
  const message = button.closest('[data-testid="message"]');
  if (!message) return;
  button.disabled = true;
  try {
    const { answer } = await api.stopStream(page.channel, page.viewer, message.dataset.ts);
    if (answer.error) toast(`${page.workspace.bot.name} did not take the stop (${answer.error}).`);
  } catch (error) {
    button.disabled = false;
    toast(`The stop failed: ${error.message}`);
  }
}

/** A static select in a message: `block_actions` with the chosen option. */
async function choose(select) {
  const message = select.closest('[data-testid="message"]');
  if (!message || select.value === '') return;
  try {
    const { answer } = await api.click(page.channel, page.viewer, {
      message_ts: message.dataset.ts,
      action_id: select.dataset.actionId,
      selected: select.value,
      ...(select.dataset.blockId !== undefined ? { block_id: select.dataset.blockId } : {}),
    });
    if (answer.error) toast(`${page.workspace.bot.name} did not take the choice (${answer.error}).`);
  } catch (error) {
    toast(`The choice failed: ${error.message}`);
  }
}

function submitOnEnter(textarea, form) {
  textarea.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
}

els.composerForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void send(els.composer, els.composerError);
});
els.threadForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void send(els.threadComposer, els.threadError, page.thread);
});
submitOnEnter(els.composer, els.composerForm);
submitOnEnter(els.threadComposer, els.threadForm);
els.person.addEventListener('change', () => {
  switchPerson(els.person.value).catch((error) => toast(`Could not switch: ${error.message}`));
});

document.addEventListener('change', (event) => {
  const select = event.target instanceof Element ? event.target.closest('[data-testid="block-select"]') : null;
  if (select) void choose(select);
});

document.addEventListener('click', (event) => {
  const target = event.target;
  if (closestTo(target, '[data-testid="modal"]')) return;
  const shortcut = closestTo(target, '[data-testid="shortcut"]');
  if (shortcut) return void runShortcut(shortcut.dataset.callbackId, els.shortcutMenu.dataset.messageTs);
  const ticket = closestTo(target, '[data-testid="add-ticket"]');
  if (ticket) return void react(ticket);
  const decide = closestTo(target, '[data-testid="intake-decide"]');
  if (decide) return void decideIntake(decide);
  const more = closestTo(target, '[data-testid="message-actions"]');
  if (more) return showShortcutMenu(more);
  hideShortcutMenu();
  if (closestTo(target, '[data-testid="block-select"]')) return;
  if (closestTo(target, '[data-testid="home-link"]')) return void openHome();
  const streamStop = closestTo(target, '[data-testid="stream-stop"]');
  if (streamStop) return void stopStream(streamStop);
  const homeButton = closestTo(target, '[data-testid="home-view"] [data-action-id]');
  if (homeButton) {
    if (homeButton.tagName === 'BUTTON') event.preventDefault();
    return void clickInHome(homeButton);
  }
  const button = closestTo(target, '[data-action-id]');
  if (button) {
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) {
      event.preventDefault();
      return;
    }
    // A URL button also opens its link (the browser does that); a plain one is only a click.
    if (button.tagName === 'BUTTON') event.preventDefault();
    void click(button);
    return;
  }
  const channel = closestTo(target, '[data-testid="channel-link"]');
  if (channel) return selectChannel(channel.dataset.channelId);
  const threadLink = closestTo(target, '[data-testid="thread-link"]');
  if (threadLink) return openThread(threadLink.dataset.threadTs);
  const reply = closestTo(target, '[data-testid="reply-in-thread"]');
  if (reply) return openThread(closestTo(reply, '[data-testid="message"]').dataset.ts);
  if (closestTo(target, '[data-testid="thread-close"]')) return closeThread();
  const hint = closestTo(target, '[data-testid="composer-hint"]');
  if (hint) {
    els.composer.value = hint.dataset.insert + els.composer.value.replace(/^\s+/, '');
    els.composer.focus();
  }
});

start().catch((error) => toast(`The sandbox could not start: ${error.message}`));
