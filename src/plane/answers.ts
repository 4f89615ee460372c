import { z } from 'zod';
import {
  PRIORITIES,
  STATE_GROUPS,
  type Comment,
  type Cycle,
  type IntakeRequest,
  type Module,
  type Label,
  type Link,
  type Member,
  type Page,
  type Project,
  type State,
  type WorkItem,
  type WorkItemTitle,
} from './types.js';

/**
 * What each Plane answer must look like for the kit to read it: the fields the kit reads, checked at
 * the client's edge, so that a proxy's page or a wrong shape becomes a PlaneError naming the request
 * instead of a JavaScript error deep in a tool. Other fields pass through untouched; each schema is
 * checked by the compiler against the type the kit uses (types.ts).
 */

const id = z.string().min(1);

export const projectAnswer: z.ZodType<Project> = z.looseObject({
  id,
  name: z.string(),
  identifier: z.string(),
  archived_at: z.string().nullish(),
  is_member: z.boolean().optional(),
  intake_view: z.boolean().optional(),
  cycle_view: z.boolean().optional(),
  module_view: z.boolean().optional(),
});

export const stateAnswer: z.ZodType<State> = z.looseObject({
  id,
  name: z.string(),
  group: z.enum(STATE_GROUPS),
  sequence: z.number().optional(),
  default: z.boolean().optional(),
  color: z.string().optional(),
});

export const labelAnswer: z.ZodType<Label> = z.looseObject({
  id,
  name: z.string(),
  color: z.string().optional(),
  parent: z.string().nullish(),
});

export const memberAnswer: z.ZodType<Member> = z.looseObject({
  id,
  email: z.string().optional(),
  display_name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  role: z.number().optional(),
});

export const workItemAnswer: z.ZodType<WorkItem> = z.looseObject({
  id,
  name: z.string(),
  sequence_id: z.number(),
  project: z.union([z.string(), z.looseObject({ id, identifier: z.string().optional(), name: z.string().optional() })]),
  state: z.union([z.string(), stateAnswer, z.null()]),
  priority: z.enum(PRIORITIES),
  assignees: z.array(z.union([z.string(), memberAnswer])),
  labels: z.array(z.union([z.string(), labelAnswer])),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  description_html: z.string().nullish(),
  parent: z.union([z.string(), z.looseObject({ id, sequence_id: z.number().optional() }), z.null()]).optional(),
  external_id: z.string().nullish(),
  external_source: z.string().nullish(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  completed_at: z.string().nullish(),
});

/** What `fields=id,name,sequence_id,state` returns of a work item. */
export const workItemTitleAnswer: z.ZodType<WorkItemTitle> = z.looseObject({
  id,
  name: z.string(),
  sequence_id: z.number(),
  state: z.union([z.string(), stateAnswer, z.null()]),
});

/** An intake row; its work item's state is in group `triage` until accepted, which the state enum does not list. */
export const intakeAnswer: z.ZodType<IntakeRequest> = z.looseObject({
  id,
  issue: id,
  status: z.number(),
  snoozed_till: z.string().nullish(),
  duplicate_to: z.string().nullish(),
  issue_detail: z
    .looseObject({
      id,
      name: z.string(),
      sequence_id: z.number(),
      description_stripped: z.string().nullish(),
      state: z
        .union([z.string(), z.looseObject({ id, name: z.string(), group: z.string() }).transform((s) => s as unknown as State), z.null()])
        .optional(),
    })
    .nullish(),
});

/** `GET`/`POST …/work-items/{id}/relations/`: the POST answers the related items, read for nothing but their count. */
export const relationsAnswer = z.array(z.looseObject({ id }));

export const linkAnswer: z.ZodType<Link> = z.looseObject({ id, url: z.string(), title: z.string().nullable() });

export const commentAnswer: z.ZodType<Comment> = z.looseObject({
  id,
  comment_html: z.string(),
  created_at: z.string(),
  actor: z.union([z.string(), memberAnswer, z.null()]),
  created_by: z.union([z.string(), memberAnswer, z.null()]).optional(),
});

/** A list route: the paginator's envelope, or a plain array (members, attachments). */
export function pageAnswer<T>(row: z.ZodType<T>): z.ZodType<Page<T> | T[]> {
  return z.union([
    z.array(row),
    z.looseObject({
      next_cursor: z.string(),
      next_page_results: z.boolean(),
      total_count: z.number().optional(),
      total_results: z.number().optional(),
      results: z.array(row),
    }),
  ]);
}

/** `GET /api/instances/`: everything optional, since Plane Cloud may not tell. */
export const instanceAnswer = z.looseObject({
  instance: z.looseObject({ current_version: z.string().optional(), edition: z.string().optional() }).optional(),
});

// Plane annotates the counts on lists and details; a count it leaves out reads as none.
const count = z.number().int().nonnegative().catch(0).default(0);
const counts = {
  total_issues: count,
  backlog_issues: count,
  unstarted_issues: count,
  started_issues: count,
  completed_issues: count,
  cancelled_issues: count,
};

export const cycleAnswer: z.ZodType<Cycle> = z.looseObject({
  id,
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  owned_by: z.string().nullish(),
  archived_at: z.string().nullish(),
  ...counts,
});

export const moduleAnswer: z.ZodType<Module> = z.looseObject({
  id,
  name: z.string(),
  status: z.string().nullish(),
  start_date: z.string().nullable(),
  target_date: z.string().nullable(),
  lead: z.string().nullish(),
  archived_at: z.string().nullish(),
  ...counts,
});

/** `POST cycles/{id}/cycle-issues/` and `modules/{id}/module-issues/`: the rows linking items, read for nothing but their count. */
export const containerLinksAnswer = z.array(z.looseObject({ id }));
