import { randomBytes, randomInt } from 'node:crypto';
import { checkBlocks } from './message-limits.js';
import type { Workspace } from './workspace.js';

/** Slack's view limits (views.open / views.update / views.publish). */
export const VIEW_LIMITS = {
  title: 24,
  button: 24,
  blocks: 100,
  privateMetadata: 3000,
  callbackId: 255,
  externalId: 255,
  /** `view_too_large`: 250 kB of JSON. */
  bytes: 250_000,
} as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value in `view.state.values[block_id][action_id]`, as Slack sends it. */
export type ViewStateValue = Json & { type: string };

/** A view as Slack stores it (a modal, or a person's Home tab): what the app sent, plus Slack's ids, hash and the people's input. */
export interface StoredView {
  id: string;
  team_id: string;
  type: ViewType;
  title?: unknown;
  submit?: unknown;
  close?: unknown;
  blocks: Json[];
  private_metadata: string;
  callback_id: string;
  external_id: string;
  state: { values: Record<string, Record<string, ViewStateValue>> };
  hash: string;
  clear_on_close: boolean;
  notify_on_close: boolean;
  previous_view_id: null;
  root_view_id: string;
  app_id: string;
  app_installed_team_id: string;
  bot_id: string;
}

/** What the emulator keeps beside the view: whose screen it is on, and errors from the last submission. */
export interface OpenView {
  user: string;
  view: StoredView;
  /** `response_action: errors` of the last submission, by block_id. */
  errors: Record<string, string>;
}

export type ViewType = 'modal' | 'home';

/** A modal opening, changing or closing, or a Home tab published (`home_published`). */
export type ViewChange = {
  type: 'view_opened' | 'view_updated' | 'view_closed' | 'home_published';
  user: string;
  view: StoredView;
  errors: Record<string, string>;
};

export interface ViewProblem {
  error: 'invalid_arguments' | 'view_too_large';
  messages: string[];
}

const text = (value: unknown, at: string, max: number, required: boolean, problems: string[]) => {
  if (value === undefined) {
    if (required) problems.push(`[ERROR] missing required field: ${at}`);
    return;
  }
  if (!isObject(value) || value.type !== 'plain_text') problems.push(`[ERROR] must be a plain_text object [json-pointer:/view/${at}]`);
  else if (typeof value.text !== 'string' || value.text.length === 0 || value.text.length > max)
    problems.push(`[ERROR] must be 1 to ${max} characters [json-pointer:/view/${at}/text]`);
};

/**
 * What Slack refuses in a view, with its error code; undefined when the view is fine. A modal
 * (views.open / views.update) needs a title; a Home tab (views.publish) has none of a modal's
 * title, submit or close.
 */
export function checkView(view: unknown, type: ViewType = 'modal'): ViewProblem | undefined {
  if (!isObject(view)) return { error: 'invalid_arguments', messages: ['[ERROR] view must be a JSON object'] };
  if (JSON.stringify(view).length > VIEW_LIMITS.bytes) return { error: 'view_too_large', messages: [] };
  const problems: string[] = [];
  if (view.type !== type) problems.push(`[ERROR] must be ${type} [json-pointer:/view/type]`);
  if (type === 'modal') {
    text(view.title, 'title', VIEW_LIMITS.title, true, problems);
    text(view.submit, 'submit', VIEW_LIMITS.button, false, problems);
    text(view.close, 'close', VIEW_LIMITS.button, false, problems);
  }
  if (!Array.isArray(view.blocks)) problems.push('[ERROR] missing required field: blocks');
  else {
    problems.push(
      ...checkBlocks(view.blocks, VIEW_LIMITS.blocks).map((line) => line.replace('[json-pointer:/blocks', '[json-pointer:/view/blocks')),
    );
    if (type === 'modal' && view.submit === undefined && view.blocks.some((b) => isObject(b) && b.type === 'input'))
      problems.push('[ERROR] must define submit to use input block [json-pointer:/view/submit]');
  }
  const limited: [string, number][] = [
    ['private_metadata', VIEW_LIMITS.privateMetadata],
    ['callback_id', VIEW_LIMITS.callbackId],
    ['external_id', VIEW_LIMITS.externalId],
  ];
  for (const [key, max] of limited) {
    const value = view[key];
    if (value !== undefined && (typeof value !== 'string' || value.length > max))
      problems.push(`[ERROR] must be a string of at most ${max} characters [json-pointer:/view/${key}]`);
  }
  return problems.length > 0 ? { error: 'invalid_arguments', messages: problems } : undefined;
}

const newViewId = () => `V${randomInt(1e9, 1e10)}`;
const newHash = () => `${Math.floor(Date.now() / 1000)}.${randomBytes(4).toString('hex')}`;

/**
 * The modals people have open, and the Home tab the app published for each person. One modal per
 * person, as Slack shows one at a time: views.open puts a new one on their screen; views.update
 * replaces one (by view_id or external_id, refused on a stale hash); a submission or the close
 * button takes it away. views.publish sets a person's Home tab, which keeps its id from one publish
 * to the next. Input keeps its value across an update when its block_id and action_id stay the
 * same, as in Slack.
 */
export class Views {
  private readonly open = new Map<string, OpenView>();
  /** Home tabs by person. */
  private readonly homes = new Map<string, OpenView>();
  private readonly listeners = new Set<(change: ViewChange) => void>();

  constructor(private readonly workspace: Workspace) {}

  onChange(listener: (change: ViewChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The modal on this person's screen, if any. */
  openFor(user: string): OpenView | undefined {
    return [...this.open.values()].find((entry) => entry.user === user);
  }

  /** A modal, or a Home tab, by its view id. */
  get(id: string): OpenView | undefined {
    return this.open.get(id) ?? [...this.homes.values()].find((entry) => entry.view.id === id);
  }

  byExternalId(externalId: string): OpenView | undefined {
    return [...this.open.values(), ...this.homes.values()].find((entry) => entry.view.external_id === externalId);
  }

  /** The Home tab the app last published for this person, if any. */
  homeOf(user: string): OpenView | undefined {
    return this.homes.get(user);
  }

  publishHome(user: string, sent: Json): StoredView {
    const current = this.homes.get(user);
    const id = current?.view.id ?? newViewId();
    const entry: OpenView = { user, view: this.stored(id, sent, current ? keptState(current.view, sent) : { values: {} }), errors: {} };
    this.homes.set(user, entry);
    this.emit('home_published', entry);
    return entry.view;
  }

  show(user: string, sent: Json): StoredView {
    const current = this.openFor(user);
    if (current) this.close(current.view.id);
    const id = newViewId();
    const view = this.stored(id, sent, { values: {} });
    const entry: OpenView = { user, view, errors: {} };
    this.open.set(id, entry);
    this.emit('view_opened', entry);
    return view;
  }

  replace(id: string, sent: Json): StoredView {
    const entry = this.get(id);
    if (!entry) throw new Error(`no open view ${id}`);
    entry.view = this.stored(id, sent, keptState(entry.view, sent));
    entry.errors = {};
    this.emit(entry.view.type === 'home' ? 'home_published' : 'view_updated', entry);
    return entry.view;
  }

  /** What the person typed or picked, as the page or a test sends it before a submission or an action. */
  setState(id: string, state: StoredView['state']): void {
    const entry = this.get(id);
    if (entry) entry.view.state = state;
  }

  showErrors(id: string, errors: Record<string, string>): void {
    const entry = this.open.get(id);
    if (!entry) return;
    entry.errors = errors;
    this.emit('view_updated', entry);
  }

  close(id: string): void {
    const entry = this.open.get(id);
    if (!entry) return;
    this.open.delete(id);
    this.emit('view_closed', entry);
  }

  private stored(id: string, sent: Json, state: StoredView['state']): StoredView {
    const { team, bot } = this.workspace;
    return {
      id,
      team_id: team.id,
      type: sent.type === 'home' ? 'home' : 'modal',
      ...(sent.title !== undefined && { title: sent.title }),
      ...(sent.submit !== undefined && { submit: sent.submit }),
      ...(sent.close !== undefined && { close: sent.close }),
      blocks: (sent.blocks as Json[]).map((block, index) => ({
        block_id: typeof block.block_id === 'string' ? block.block_id : `b${index}`,
        ...block,
      })),
      private_metadata: typeof sent.private_metadata === 'string' ? sent.private_metadata : '',
      callback_id: typeof sent.callback_id === 'string' ? sent.callback_id : '',
      external_id: typeof sent.external_id === 'string' ? sent.external_id : '',
      state,
      hash: newHash(),
      clear_on_close: sent.clear_on_close === true,
      notify_on_close: sent.notify_on_close === true,
      previous_view_id: null,
      root_view_id: id,
      app_id: bot.appId,
      app_installed_team_id: team.id,
      bot_id: bot.botId,
    };
  }

  private emit(type: ViewChange['type'], entry: OpenView): void {
    for (const listener of this.listeners)
      listener({ type, user: entry.user, view: structuredClone(entry.view), errors: { ...entry.errors } });
  }
}

/** The values whose block_id and action_id the new view still has. */
function keptState(previous: StoredView, sent: Json): StoredView['state'] {
  const kept: StoredView['state']['values'] = {};
  for (const block of (sent.blocks as Json[]) ?? []) {
    const blockId = block.block_id;
    const element = block.element as Json | undefined;
    if (typeof blockId !== 'string' || !element || typeof element.action_id !== 'string') continue;
    const value = previous.state.values[blockId]?.[element.action_id];
    if (value) kept[blockId] = { [element.action_id]: value };
  }
  return { values: kept };
}
