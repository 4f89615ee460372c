import { type Handler, ok, projectOf } from '../context.js';
import { notFound } from '../errors.js';
import { paginate } from '../pagination.js';
import { readShape } from '../shape.js';

/**
 * States: triage states are hidden, and no order is applied — they come in the
 * order they were created, so clients must sort by `sequence` themselves.
 */

export const listStates: Handler = (context) => {
  const project = projectOf(context);
  const rows = context.db.projectStates(project.id).filter((s) => !s.is_triage);
  const query = readShape(context.query);
  return ok(paginate(rows, context.query, context.pageRules, (s) => context.out.state(s, query)));
};

export const getState: Handler = (context) => {
  const project = projectOf(context);
  const state = context.db.states.get(context.params.state_id ?? '');
  if (!state || state.project !== project.id || state.is_triage) throw notFound();
  return ok(context.out.state(state, readShape(context.query)));
};
