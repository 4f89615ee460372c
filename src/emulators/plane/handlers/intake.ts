import { type Handler, ok, projectOf } from '../context.js';
import { ApiError, forbidden, notFound } from '../errors.js';
import { paginate } from '../pagination.js';
import { PRIORITIES, type IntakeRecord, type Priority } from '../records.js';
import { readShape } from '../shape.js';

/**
 * Intake (`…/intake-issues/[{work_item_id}/]`), as Plane CE v1.3.1 answers it (checked with curl
 * against the real server): off by default per project (lists empty, POST 400), requests made in a
 * Triage state, status changed by project admins only (a member's `status` is ignored, 200).
 */

const NOT_ENABLED = { error: "Intake is not enabled for this project enable it through the project's api" };
const STATUSES: readonly IntakeRecord['status'][] = [-2, -1, 0, 1, 2];

function isAdmin(context: Parameters<Handler>[0], projectId: string): boolean {
  return context.db.projectMember(projectId, context.user.id)?.role === 20;
}

function rowOf(context: Parameters<Handler>[0]): IntakeRecord {
  const project = projectOf(context);
  const row = context.db.intake.get(context.params.work_item_id ?? '');
  if (!row || row.project !== project.id) throw notFound();
  return row;
}

export const listIntake: Handler = (context) => {
  const project = projectOf(context);
  const rows = project.intake_view
    ? [...context.db.intake.values()].filter((r) => r.project === project.id).sort((a, b) => b.created_at - a.created_at)
    : [];
  return ok(paginate(rows, context.query, context.pageRules, (r) => context.out.intake(r)));
};

export const createIntake: Handler = (context) => {
  const project = projectOf(context);
  if (!project.intake_view) throw new ApiError(400, NOT_ENABLED);
  const issue = ((context.body as { issue?: unknown })?.issue ?? {}) as Record<string, unknown>;
  if (typeof issue.name !== 'string' || issue.name === '') throw new ApiError(400, { error: 'Name is required' });
  const priority = issue.priority ?? 'none';
  if (!(PRIORITIES as readonly unknown[]).includes(priority)) throw new ApiError(400, { error: 'Invalid priority' });
  const description = typeof issue.description_html === 'string' ? issue.description_html : undefined;
  const row = context.db.addIntakeRequest(
    project.id,
    { name: issue.name, description_html: description, priority: priority as Priority },
    context.user.id,
  );
  return ok(context.out.intake(row), 201);
};

export const getIntake: Handler = (context) => ok(context.out.intake(rowOf(context)));

export const updateIntake: Handler = (context) => {
  const project = projectOf(context);
  const row = rowOf(context);
  const body = (context.body ?? {}) as Record<string, unknown>;
  const issue = body.issue as Record<string, unknown> | undefined;
  const item = context.db.workItems.get(row.issue);
  if (issue && item) {
    const changes = {
      ...(typeof issue.name === 'string' && { name: issue.name }),
      ...(typeof issue.description_html === 'string' && { description_html: issue.description_html }),
    };
    context.db.updateWorkItem(item, changes, context.user.id);
  }
  // Only admins move an intake request; a member's status is silently ignored.
  if (isAdmin(context, project.id) && body.status !== undefined) {
    const status = Number(body.status) as IntakeRecord['status'];
    if (!STATUSES.includes(status)) throw new ApiError(400, { status: [`"${String(body.status)}" is not a valid choice.`] });
    const till = typeof body.snoozed_till === 'string' ? Date.parse(body.snoozed_till) : undefined;
    context.db.decideIntake(
      row,
      {
        status,
        ...(till !== undefined && !Number.isNaN(till) && { snoozed_till: till }),
        ...(typeof body.duplicate_to === 'string' && { duplicate_to: body.duplicate_to }),
      },
      context.user.id,
    );
  }
  return ok(context.out.intake(row));
};

/** PATCH projects/{pid}/: only `intake_view` is emulated; a project admin's only. */
export const updateProject: Handler = (context) => {
  const project = projectOf(context);
  if (!isAdmin(context, project.id)) throw forbidden();
  const body = (context.body ?? {}) as Record<string, unknown>;
  if (typeof body.intake_view === 'boolean') project.intake_view = body.intake_view;
  project.updated_at = context.db.stamp();
  return ok(context.out.project(project, readShape(context.query)));
};
