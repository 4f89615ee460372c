import { z } from 'zod';
import { completion, cycleStatus, CYCLE_STATUSES, groupCounts, requireFeature } from '../../plane/cycles.js';
import { day } from '../../plane/item-view.js';
import type { PlaneKit } from '../../plane/kit.js';
import { memberName } from '../../plane/member-names.js';
import { findProject } from '../../plane/resolve.js';
import type { Cycle, Module } from '../../plane/types.js';
import { READS_ONLY } from '../registry.js';
import { definePlaneTool } from './define.js';
import { project, slug } from './schemas.js';

/** Cycles and modules of a project with their counts by state group: names and dates, never ids. */

export const countsSchema = z.object({
  total: z.number(),
  backlog: z.number(),
  unstarted: z.number(),
  started: z.number(),
  completed: z.number(),
  cancelled: z.number(),
});

const progress = z.number().describe('Completed work items in percent of those not cancelled');

export const cycleDataSchema = z.object({
  name: z.string(),
  status: z.enum(CYCLE_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  counts: countsSchema,
  progress,
});
export type CycleData = z.infer<typeof cycleDataSchema>;

export const moduleDataSchema = z.object({
  name: z.string(),
  status: z.string().nullable().describe('backlog, planned, in-progress, paused, completed or cancelled'),
  startDate: z.string().nullable(),
  targetDate: z.string().nullable(),
  lead: z.string().nullable(),
  counts: countsSchema,
  progress,
});
export type ModuleData = z.infer<typeof moduleDataSchema>;

const VIEWS = ['all', 'current', 'upcoming', 'completed'] as const;

export const listCyclesInput = z.object({
  slug,
  project,
  view: z.enum(VIEWS).default('all').describe('Which cycles: current (running today), upcoming, completed, or all (default)'),
});

export function cycleData(cycle: Cycle, today: string): CycleData {
  const counts = groupCounts(cycle);
  return {
    name: cycle.name,
    status: cycleStatus(cycle, today),
    startDate: day(cycle.start_date),
    endDate: day(cycle.end_date),
    counts,
    progress: completion(counts),
  };
}

const countsText = (c: z.infer<typeof countsSchema>) =>
  `${c.total} items: ${c.backlog} backlog, ${c.unstarted} unstarted, ${c.started} started, ${c.completed} completed, ${c.cancelled} cancelled`;

/** The project's cycles of a view, oldest start first (the tool; `/plane cycle` reads the current ones through the report). */
export async function listCycles(kit: PlaneKit, input: z.output<typeof listCyclesInput>, now = new Date()) {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const target = await findProject(api, workspace, input.project);
  requireFeature(target, 'cycle');
  const today = now.toISOString().slice(0, 10);
  const cycles = (await api.cycles(workspace, target, input.view)).map((c) => cycleData(c, today));
  cycles.sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.name.localeCompare(b.name));
  return { project: target.identifier, view: input.view, cycles };
}

export function listCyclesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_cycles',
    description:
      'Cycles (sprints) of a project with their dates and work item counts by state group: the current one(s), upcoming, completed, or all. Fails with a clear message when the project has cycles off.',
    input: listCyclesInput,
    output: z.object({ project: z.string(), view: z.enum(VIEWS), cycles: z.array(cycleDataSchema) }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('cycles.step.listCycles', { project: input.project }),
    async run(input) {
      const data = await listCycles(kit, input);
      const head = `${data.cycles.length} ${input.view === 'all' ? '' : `${input.view} `}cycle${data.cycles.length === 1 ? '' : 's'} in ${data.project}`;
      const lines = data.cycles.map(
        (c) =>
          `${c.name} · ${c.status} · ${c.startDate ?? 'no start'} → ${c.endDate ?? 'no end'} · ${c.progress}% done · ${countsText(c.counts)}`,
      );
      return { text: [`${head}${lines.length > 0 ? ':' : '.'}`, ...lines].join('\n'), data };
    },
  });
}

export function moduleData(module: Module, lead: string | null): ModuleData {
  const counts = groupCounts(module);
  return {
    name: module.name,
    status: module.status ?? null,
    startDate: day(module.start_date),
    targetDate: day(module.target_date),
    lead,
    counts,
    progress: completion(counts),
  };
}

export function listModulesTool(kit: PlaneKit) {
  return definePlaneTool({
    name: 'plane_list_modules',
    description:
      'Modules of a project with their status, lead, dates and work item counts by state group. Fails with a clear message when the project has modules off.',
    input: z.object({ slug, project }),
    output: z.object({ project: z.string(), modules: z.array(moduleDataSchema) }),
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('cycles.step.listModules', { project: input.project }),
    async run(input) {
      const api = kit.api();
      const workspace = kit.slug(input.slug);
      const target = await findProject(api, workspace, input.project);
      requireFeature(target, 'module');
      const modules = await api.modules(workspace, target);
      const members = modules.some((m) => m.lead)
        ? new Map((await api.projectMembers(workspace, target)).map((m) => [m.id, m]))
        : new Map();
      const data = {
        project: target.identifier,
        modules: modules.map((m) => {
          const lead = m.lead ? members.get(m.lead) : undefined;
          return moduleData(m, m.lead ? (lead ? memberName(lead) : 'a former member') : null);
        }),
      };
      const lines = data.modules.map(
        (m) =>
          `${m.name} · ${m.status ?? 'no status'} · lead ${m.lead ?? 'none'} · ${m.startDate ?? 'no start'} → ${m.targetDate ?? 'no target'} · ${m.progress}% done · ${countsText(m.counts)}`,
      );
      const head = `${data.modules.length} module${data.modules.length === 1 ? '' : 's'} in ${data.project}`;
      return { text: [`${head}${lines.length > 0 ? ':' : '.'}`, ...lines].join('\n'), data };
    },
  });
}
