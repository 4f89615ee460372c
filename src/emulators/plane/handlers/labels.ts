import { type Handler, ok, projectOf } from '../context.js';
import { notFound } from '../errors.js';
import { orderRows } from '../order.js';
import { paginate } from '../pagination.js';
import { readShape } from '../shape.js';

/** Labels: paginated, newest first. */

export const listLabels: Handler = (context) => {
  const project = projectOf(context);
  const labels = [...context.db.labels.values()].filter((l) => l.project === project.id);
  const rows = orderRows(labels, '-created_at', { created_at: (l) => l.created_at });
  const query = readShape(context.query);
  return ok(paginate(rows, context.query, context.pageRules, (l) => context.out.label(l, query)));
};

export const getLabel: Handler = (context) => {
  const project = projectOf(context);
  const label = context.db.labels.get(context.params.label_id ?? '');
  if (!label || label.project !== project.id) throw notFound();
  return ok(context.out.label(label, readShape(context.query)));
};
