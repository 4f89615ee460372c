import { checkView, type ViewType } from '../views.js';
import { optionalString, type Args, type MethodSpec } from './args.js';
import { explained, SlackApiError } from './errors.js';

type Json = Record<string, unknown>;

function checkedView(args: Args, type: ViewType = 'modal'): Json {
  const view = args.view;
  if (view === undefined) throw explained('invalid_arguments', ['[ERROR] missing required field: view']);
  const problem = checkView(view, type);
  if (problem) throw explained(problem.error, problem.messages);
  return view as Json;
}

/** views.open: a trigger_id (one use, three seconds) puts a modal on its person's screen. No scope. */
const open: MethodSpec = {
  run(args, context) {
    const trigger = optionalString(args, 'trigger_id') ?? optionalString(args, 'interactivity_pointer');
    if (trigger === undefined) throw explained('invalid_arguments', ['[ERROR] missing required field: trigger_id']);
    const view = checkedView(args);
    const exchanged = context.triggers.exchange(trigger);
    if ('error' in exchanged) throw new SlackApiError(exchanged.error);
    if (typeof view.external_id === 'string' && context.views.byExternalId(view.external_id))
      throw new SlackApiError('duplicate_external_id');
    return { view: structuredClone(context.views.show(exchanged.user, view)) };
  },
};

/** views.update: by view_id or external_id; a hash that is not the view's current one is `hash_conflict`. */
const update: MethodSpec = {
  run(args, context) {
    const viewId = optionalString(args, 'view_id');
    const externalId = optionalString(args, 'external_id');
    if (viewId === undefined && externalId === undefined) throw explained('invalid_arguments', ['[ERROR] missing required field: view_id']);
    const entry = viewId !== undefined ? context.views.get(viewId) : context.views.byExternalId(externalId!);
    const view = checkedView(args, entry?.view.type);
    if (!entry) throw new SlackApiError('not_found');
    const hash = optionalString(args, 'hash');
    if (hash !== undefined && hash !== entry.view.hash) throw new SlackApiError('hash_conflict');
    return { view: structuredClone(context.views.replace(entry.view.id, view)) };
  },
};

/**
 * views.publish: a person's Home tab (`user_id`, a view of type `home`, ≤ 100 blocks). `not_enabled`
 * when the app's Home tab is off; a hash that is not the tab's current one is `hash_conflict`.
 */
const publish: MethodSpec = {
  run(args, context) {
    const userId = optionalString(args, 'user_id');
    if (userId === undefined) throw explained('invalid_arguments', ['[ERROR] missing required field: user_id']);
    const view = checkedView(args, 'home');
    if (!context.homeTabEnabled) throw new SlackApiError('not_enabled');
    const user = context.workspace.user(userId);
    if (!user || user.is_bot) throw new SlackApiError('user_not_found');
    const current = context.views.homeOf(userId);
    const hash = optionalString(args, 'hash');
    if (hash !== undefined && hash !== current?.view.hash) throw new SlackApiError('hash_conflict');
    const taken = typeof view.external_id === 'string' ? context.views.byExternalId(view.external_id) : undefined;
    if (taken && taken !== current) throw new SlackApiError('duplicate_external_id');
    return { view: structuredClone(context.views.publishHome(userId, view)) };
  },
};

export const viewMethods: Record<string, MethodSpec> = { 'views.open': open, 'views.update': update, 'views.publish': publish };
