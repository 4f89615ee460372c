import { z } from 'zod';
import { containerItems, findContainer, type ContainerKind } from '../../plane/cycles.js';
import { PlaneError } from '../../plane/errors.js';
import type { PlaneKit } from '../../plane/kit.js';
import { findProject, findWorkItem } from '../../plane/resolve.js';
import { phrase } from '../../i18n/index.js';
import { ADDS_OR_CHANGES, READS_ONLY } from '../registry.js';
import { workItemData, workItemListSchema } from './data.js';
import { definePlaneTool } from './define.js';
import { listText, workItemList } from './render.js';
import { key, limit, project, slug, stateGroups } from './schemas.js';

/**
 * The work items of a cycle or module, and adding some to one: one declaration per kind, so that
 * the model reads `plane_add_to_cycle` and `plane_add_to_module`, with the same rules.
 */

const containerRef = (kind: ContainerKind) => z.string().trim().min(1).describe(`The ${kind}'s name (or id)`);

function itemsInput(kind: ContainerKind) {
  return z.object({
    slug,
    project,
    name: containerRef(kind),
    state_groups: stateGroups.optional().describe('State groups to include; all when omitted'),
    limit: limit(100),
  });
}

export type ContainerItemsInput = z.output<ReturnType<typeof itemsInput>>;

/** The items of a cycle or module, in Plane's order (the tools; `/plane cycle` shows counts only). */
export async function listContainerItems(kit: PlaneKit, kind: ContainerKind, input: ContainerItemsInput) {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const target = await findProject(api, workspace, input.project);
  const container = await findContainer(api, workspace, target, kind, input.name);
  const views = await containerItems(api, workspace, target, container);
  const found = views.filter((v) => !input.state_groups || (v.state && input.state_groups.includes(v.state.group)));
  const heading = `Work items of ${kind} "${container.name}" in ${target.identifier}${input.state_groups ? `, state groups ${input.state_groups.join(', ')}` : ''}`;
  return workItemList(
    heading,
    found.map((v) => workItemData(v, kit.itemUrl(workspace, v.key))),
    input.limit,
    [],
  );
}

export function containerItemsTool(kit: PlaneKit, kind: ContainerKind) {
  return definePlaneTool({
    name: `plane_list_${kind}_items`,
    description: `Work items of one ${kind} of a project (by the ${kind}'s name), optionally only some state groups. ${kind === 'cycle' ? 'plane_list_cycles names the cycles.' : 'plane_list_modules names the modules.'}`,
    input: itemsInput(kind),
    output: workItemListSchema,
    effects: READS_ONLY,
    permission: 'allow',
    progress: (input, t) => t.t('cycles.step.items', { kind, name: input.name, project: input.project }),
    async run(input) {
      const list = await listContainerItems(kit, kind, input);
      return { text: listText(list), data: list };
    },
  });
}

function addInput(kind: ContainerKind) {
  return z.object({
    slug,
    project,
    name: containerRef(kind),
    keys: z.array(key).min(1).max(100).describe('Work item keys of the same project, such as ACME-130'),
  });
}

export type AddToContainerInput = z.output<ReturnType<typeof addInput>>;

export const addedToContainerSchema = z.object({
  project: z.string(),
  kind: z.enum(['cycle', 'module']),
  name: z.string(),
  keys: z.array(z.string()),
  url: z.string().describe('The first item’s link'),
});

/** Adds work items to a cycle or module of their project (a write: the tool asks first). Plane sends no webhook for it, so nothing is noted for notifications. */
export async function addToContainer(kit: PlaneKit, kind: ContainerKind, input: AddToContainerInput) {
  const api = kit.api();
  const workspace = kit.slug(input.slug);
  const target = await findProject(api, workspace, input.project);
  const container = await findContainer(api, workspace, target, kind, input.name);
  const found = [];
  for (const ref of [...new Set(input.keys.map((k) => k.toUpperCase()))]) found.push(await findWorkItem(api, workspace, ref));
  const strangers = found.filter((f) => f.project.id !== target.id).map((f) => f.keyed.key);
  if (strangers.length > 0) {
    throw new PlaneError(
      phrase('cycles.error.otherProject', { keys: strangers.join(', '), count: strangers.length, project: target.identifier, kind }),
    );
  }
  await api.addToContainer(
    workspace,
    target,
    container,
    found.map((f) => f.item.id),
  );
  const keys = found.map((f) => f.keyed.key);
  return { project: target.identifier, kind, name: container.name, keys, url: kit.itemUrl(workspace, keys[0]!) };
}

export function addToContainerTool(kit: PlaneKit, kind: ContainerKind) {
  return definePlaneTool({
    name: `plane_add_to_${kind}`,
    description:
      kind === 'cycle'
        ? 'Adds work items (keys of the same project) to a cycle by its name. A work item is in at most one cycle: one in another cycle moves to this one. Plane refuses a completed cycle.'
        : 'Adds work items (keys of the same project) to a module by its name. A work item may be in several modules.',
    input: addInput(kind),
    output: addedToContainerSchema,
    effects: ADDS_OR_CHANGES,
    permission: 'ask',
    progress: (input, t) => t.t('cycles.step.add', { kind, name: input.name, keys: input.keys.map((k) => k.toUpperCase()).join(', ') }),
    describe: (input, t) =>
      t.t('cycles.does.add', {
        kind,
        name: input.name,
        project: input.project,
        count: input.keys.length,
        keys: input.keys.map((k) => k.toUpperCase()).join(', '),
      }),
    async run(input) {
      const data = await addToContainer(kit, kind, input);
      return { text: `Added ${data.keys.join(', ')} to ${kind} "${data.name}" of ${data.project}.`, data };
    },
  });
}
