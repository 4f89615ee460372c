import { answerOf, type AppAnswer } from './app-answers.js';
import type { Deliverer } from './delivery.js';
import { viewBlockActionsPayload, viewSubmissionPayload } from './payloads.js';
import type { Triggers } from './triggers.js';
import { UsageError } from './usage-error.js';
import { checkView, type OpenView, type StoredView, type Views, type ViewStateValue } from './views.js';
import type { Workspace } from './workspace.js';

type Json = Record<string, unknown>;

/**
 * What a person entered, by block_id then action_id: a string for a text input or a single select
 * (the option's value), a list of strings for a multi-select, null to clear. What is not given keeps
 * its current value (the initial one, or what was entered before).
 */
export type ViewInputs = Record<string, Record<string, string | string[] | null>>;

export interface ViewDeps {
  workspace: Workspace;
  deliverer: Deliverer;
  triggers: Triggers;
  views: Views;
}

/** How a submission ended: the modal closed, was replaced, or stayed with errors by block_id. */
export interface SubmissionAnswer extends AppAnswer {
  outcome: 'closed' | 'updated' | 'errors' | 'failed';
  errors?: Record<string, string>;
}

function openView(deps: ViewDeps, user: string, viewId: string): OpenView {
  const entry = deps.views.get(viewId);
  if (!entry || entry.user !== user) throw new UsageError(`${user} has no open view ${viewId}`);
  return entry;
}

interface InputElement {
  blockId: string;
  element: Json;
}

/** Every element that holds a value: input blocks' elements and those in actions blocks. */
function valueElements(view: StoredView): InputElement[] {
  return view.blocks.flatMap((block) => {
    const blockId = String(block.block_id);
    if (block.type === 'input' && isObject(block.element)) return [{ blockId, element: block.element }];
    if (block.type === 'actions' && Array.isArray(block.elements))
      return (block.elements as Json[]).filter((e) => e.type !== 'button').map((element) => ({ blockId, element }));
    if (block.type === 'section' && isObject(block.accessory) && block.accessory.type !== 'button')
      return [{ blockId, element: block.accessory }];
    return [];
  });
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function options(element: Json): Json[] {
  if (Array.isArray(element.options)) return element.options as Json[];
  if (Array.isArray(element.option_groups))
    return (element.option_groups as Json[]).flatMap((g) => (Array.isArray(g.options) ? (g.options as Json[]) : []));
  return [];
}

function option(element: Json, value: string): Json {
  const found = options(element).find((o) => o.value === value);
  if (!found) throw new UsageError(`"${value}" is not an option of ${String(element.action_id)}`);
  return { text: found.text, value: found.value };
}

/** The value Slack reports for an element, from what was entered (or its initial value). */
function stateValue(element: Json, entered: string | string[] | null | undefined, current: ViewStateValue | undefined): ViewStateValue {
  const type = String(element.type);
  if (entered === undefined && current) return current;
  const one = (fallback: unknown) => (entered === undefined ? fallback : entered === null ? null : String(entered));
  const many = (fallback: unknown) =>
    entered === undefined ? fallback : entered === null ? [] : Array.isArray(entered) ? entered : [entered];
  switch (type) {
    case 'plain_text_input':
      return { type, value: one(element.initial_value ?? null) };
    case 'static_select': {
      const value = one((element.initial_option as Json | undefined)?.value ?? null);
      return { type, selected_option: value === null ? null : option(element, value as string) };
    }
    case 'multi_static_select': {
      const values = many(((element.initial_options as Json[] | undefined) ?? []).map((o) => o.value)) as string[];
      return { type, selected_options: values.map((v) => option(element, v)) };
    }
    case 'users_select':
      return { type, selected_user: one(element.initial_user ?? null) };
    case 'multi_users_select':
      return { type, selected_users: many(element.initial_users ?? []) };
    default:
      throw new UsageError(`the emulator cannot enter a value in a ${type}`);
  }
}

/** The view's state after the person's input: every element that holds a value, as Slack reports it. */
function enter(view: StoredView, inputs: ViewInputs): StoredView['state'] {
  for (const blockId of Object.keys(inputs)) {
    if (!view.blocks.some((b) => b.block_id === blockId)) throw new UsageError(`the view has no block ${blockId}`);
  }
  const values: StoredView['state']['values'] = {};
  for (const { blockId, element } of valueElements(view)) {
    const actionId = String(element.action_id);
    (values[blockId] ??= {})[actionId] = stateValue(element, inputs[blockId]?.[actionId], view.state.values[blockId]?.[actionId]);
  }
  return { values };
}

/**
 * The person presses the modal's submit button. The app gets `view_submission` and must answer
 * within three seconds: an empty ack closes the modal; `response_action: errors` keeps it open with
 * each message under its input block; `update` replaces it; `clear` closes it.
 */
export async function submitView(deps: ViewDeps, user: string, viewId: string, inputs: ViewInputs = {}): Promise<SubmissionAnswer> {
  const entry = openView(deps, user, viewId);
  if (entry.view.submit === undefined) throw new UsageError(`view ${viewId} has no submit button`);
  deps.views.setState(viewId, enter(entry.view, inputs));
  const payload = viewSubmissionPayload(deps.workspace, user, structuredClone(entry.view) as unknown as Json, deps.triggers.issue(user));
  const answer = answerOf(await deps.deliverer.send('interaction', payload));
  if (answer.error) return { ...answer, outcome: 'failed' };
  const ack = readAck(answer.body);
  if (ack === undefined || ack.response_action === 'clear') {
    deps.views.close(viewId);
    return { ...answer, outcome: 'closed' };
  }
  if (ack.response_action === 'errors' && isObject(ack.errors)) {
    const inputBlocks = new Set(entry.view.blocks.filter((b) => b.type === 'input').map((b) => b.block_id));
    const errors = Object.fromEntries(Object.entries(ack.errors).map(([k, v]) => [k, String(v)]));
    const unknown = Object.keys(errors).filter((blockId) => !inputBlocks.has(blockId));
    // Slack shows its generic error when an error names no input block of the view.
    if (unknown.length > 0) return { ...answer, outcome: 'failed', error: `errors name no input block: ${unknown.join(', ')}` };
    deps.views.showErrors(viewId, errors);
    return { ...answer, outcome: 'errors', errors };
  }
  if (ack.response_action === 'update' && isObject(ack.view)) {
    const problem = checkView(ack.view);
    if (problem) return { ...answer, outcome: 'failed', error: `${problem.error}: ${problem.messages.join(' ')}` };
    deps.views.replace(viewId, ack.view);
    return { ...answer, outcome: 'updated' };
  }
  return { ...answer, outcome: 'failed', error: `unusable ack: ${answer.body.slice(0, 200)}` };
}

/**
 * The person changes an element that dispatches actions (a select in an actions block, or in an
 * input block with `dispatch_action`) or clicks a button in the modal: `block_actions` with the view.
 */
export async function actInView(
  deps: ViewDeps,
  user: string,
  viewId: string,
  act: { blockId: string; actionId: string; value?: string | string[] | null; inputs?: ViewInputs },
): Promise<AppAnswer> {
  const entry = openView(deps, user, viewId);
  const block = entry.view.blocks.find((b) => b.block_id === act.blockId);
  const elements = !block
    ? []
    : block.type === 'input'
      ? [block.element as Json]
      : block.type === 'actions'
        ? (block.elements as Json[])
        : block.accessory
          ? [block.accessory as Json]
          : [];
  const element = elements.find((e) => e.action_id === act.actionId);
  if (!block || !element) throw new UsageError(`the view has no element ${act.actionId} in block ${act.blockId}`);
  if (block.type === 'input' && block.dispatch_action !== true)
    throw new UsageError(`input block ${act.blockId} does not dispatch actions`);
  const inputs: ViewInputs = { ...act.inputs };
  if (element.type !== 'button') inputs[act.blockId] = { ...inputs[act.blockId], [act.actionId]: act.value ?? null };
  deps.views.setState(viewId, enter(entry.view, inputs));
  const value =
    element.type === 'button'
      ? { type: 'button', text: element.text, ...(element.value !== undefined && { value: element.value }) }
      : deps.views.get(viewId)!.view.state.values[act.blockId]![act.actionId]!;
  const action = { ...value, block_id: act.blockId, action_id: act.actionId, action_ts: deps.workspace.nextTs() };
  const view = structuredClone(deps.views.get(viewId)!.view);
  return answerOf(
    await deps.deliverer.send(
      'interaction',
      viewBlockActionsPayload(deps.workspace, user, view as never, action, deps.triggers.issue(user)),
    ),
  );
}

/** The person closes the modal (its close button or ×). `view_closed` is sent only with notify_on_close, not emulated. */
export function closeView(deps: ViewDeps, user: string, viewId: string): void {
  openView(deps, user, viewId);
  deps.views.close(viewId);
}

function readAck(body: string): Json | undefined {
  if (body.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
