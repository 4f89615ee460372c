import type { Freshness, PlaneApi } from './api.js';
import { assignableMembers } from './assignable.js';
import { phrase, type Phrase } from '../i18n/index.js';
import { PlaneError } from './errors.js';
import type { Me } from './me.js';
import { fullName, memberLabel } from './member-names.js';
import type { KeyedItem } from './api.js';
import type { Label, Member, Project, State, WorkItem } from './types.js';

/**
 * Names to Plane objects: projects by identifier, name or id; states and labels by name
 * in the project; members by "me", e-mail, display name, full name or id. A name that matches
 * nothing in the cached list is looked up once more in a fresh list; if it still matches nothing,
 * the error lists the valid options so that the caller can correct itself.
 */

const KEY = /^([A-Za-z0-9_]{1,12})-(\d+)$/;

export interface ParsedKey {
  key: string;
  identifier: string;
  sequence: number;
}

export function parseKey(text: string): ParsedKey {
  const match = KEY.exec(text.trim());
  if (!match) throw new PlaneError(phrase('planeError.notAKey', { text }));
  const identifier = match[1]!.toUpperCase();
  return { key: `${identifier}-${Number(match[2])}`, identifier, sequence: Number(match[2]) };
}

const same = (a: string | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a member ref means "me" (whose member that is, resolveMe decides). */
const isMe = (ref: string) => same(ref, 'me');

function optionList(options: string[]): string {
  return options.length > 0 ? options.join(', ') : '(none)';
}

/**
 * Every lookup by name or id in a cached list: on the cached list, then once on a fresh one (what
 * was made in Plane since the list was cached is found); undefined when neither has it.
 */
export async function lookUpOrNone<T, R>(
  load: (opts: Freshness) => Promise<T[]>,
  pick: (all: T[]) => R | undefined,
): Promise<R | undefined> {
  return pick(await load({})) ?? pick(await load({ fresh: true }));
}

/** Runs `pick` on the cached list, then once on a fresh list, before failing with `fail`. */
async function lookUp<T, R>(
  load: (opts: Freshness) => Promise<T[]>,
  pick: (all: T[]) => R | undefined,
  fail: (all: T[]) => PlaneError,
): Promise<R> {
  const cached = pick(await load({}));
  if (cached !== undefined) return cached;
  const all = await load({ fresh: true });
  const found = pick(all);
  if (found !== undefined) return found;
  throw fail(all);
}

const projectOption = (p: Project) => `${p.identifier} (${p.name})`;

export function findProject(api: PlaneApi, slug: string, ref: string): Promise<Project> {
  return lookUp(
    (opts) => api.projects(slug, opts),
    (all) => all.find((p) => same(p.identifier, ref)) ?? all.find((p) => same(p.name, ref)) ?? all.find((p) => p.id === ref),
    (all) => new PlaneError(phrase('planeError.noProject', { ref, slug, options: optionList(all.map(projectOption)) })),
  );
}

/** The project of a key: by identifier only, so that an unknown one is named before Plane's 403. */
function findProjectOfKey(api: PlaneApi, slug: string, key: ParsedKey): Promise<Project> {
  return lookUp(
    (opts) => api.projects(slug, opts),
    (all) => all.find((p) => same(p.identifier, key.identifier)),
    (all) =>
      new PlaneError(
        phrase('planeError.noProjectOfKey', {
          identifier: key.identifier,
          key: key.key,
          slug,
          options: optionList(all.map(projectOption)),
        }),
      ),
  );
}

export function findState(api: PlaneApi, slug: string, project: Project, ref: string): Promise<State> {
  return lookUp(
    (opts) => api.states(slug, project, opts),
    (all) => all.find((s) => same(s.name, ref)) ?? all.find((s) => s.id === ref),
    (all) =>
      new PlaneError(
        phrase('planeError.noState', { ref, project: project.identifier, options: optionList(all.map((s) => `${s.name} (${s.group})`)) }),
      ),
  );
}

export async function findLabels(api: PlaneApi, slug: string, project: Project, refs: readonly string[]): Promise<Label[]> {
  if (refs.length === 0) return [];
  const pickOne = (all: Label[], ref: string) => all.find((l) => same(l.name, ref)) ?? all.find((l) => l.id === ref);
  return lookUp(
    (opts) => api.labels(slug, project, opts),
    (all) => {
      const found = refs.map((ref) => pickOne(all, ref));
      return found.every((l) => l !== undefined) ? unique(found as Label[]) : undefined;
    },
    (all) => {
      const missing = refs.filter((ref) => !pickOne(all, ref)).map((ref) => `"${ref}"`);
      return new PlaneError(
        phrase('planeError.noLabels', {
          count: missing.length,
          missing: missing.join(', '),
          project: project.identifier,
          options: optionList(all.map((l) => l.name)),
        }),
      );
    },
  );
}

type MemberMatch = Member | { ambiguous: Member[] } | undefined;

function matchMember(all: Member[], ref: string, me: Member | undefined): MemberMatch {
  if (isMe(ref)) return all.find((m) => m.id === me?.id);
  const tiers: ((m: Member) => boolean)[] = [
    (m) => m.id === ref,
    (m) => same(m.email, ref),
    (m) => same(m.display_name, ref),
    (m) => same(fullName(m), ref),
  ];
  for (const test of tiers) {
    const hits = all.filter(test);
    if (hits.length === 1) return hits[0];
    if (hits.length > 1) return { ambiguous: hits };
  }
  return undefined;
}

export interface FoundMembers {
  members: Member[];
  /** Set when a ref was "me": whose member it meant (its note, if any, belongs in the answer). */
  me?: Me;
}

/**
 * Assignable members of the project by "me", e-mail, display name, full name or id. `resolveMe`
 * is called only when a ref is "me", so that no other lookup pays for it.
 */
export async function findMembers(
  api: PlaneApi,
  slug: string,
  project: Project,
  refs: readonly string[],
  resolveMe: () => Promise<Me>,
): Promise<FoundMembers> {
  if (refs.length === 0) return { members: [] };
  const me = refs.some(isMe) ? await resolveMe() : undefined;
  const matches = (all: Member[]) => refs.map((ref) => ({ ref, match: matchMember(all, ref, me?.member) }));
  let guestsLeftOut = false;
  const members = await lookUp(
    async (opts) => {
      const assignable = await assignableMembers(api, slug, project, opts);
      guestsLeftOut = assignable.guestsLeftOut;
      return assignable.members;
    },
    (all) => {
      const found = matches(all).map(({ match }) => match);
      return found.every((m) => m !== undefined && !('ambiguous' in m)) ? unique(found as Member[]) : undefined;
    },
    (all) => {
      const problems = matches(all).flatMap(({ ref, match }): Phrase[] => {
        if (match && 'ambiguous' in match)
          return [phrase('planeError.ambiguousMember', { ref, matches: match.ambiguous.map(memberLabel).join('; ') })];
        if (match) return [];
        if (isMe(ref) && me) return [phrase('planeError.meNotAssignable', { me: memberLabel(me.member), project: project.identifier })];
        return [phrase('planeError.noMember', { ref, project: project.identifier })];
      });
      const members = phrase('planeError.members', { guests: guestsLeftOut ? 'yes' : 'no', options: optionList(all.map(memberLabel)) });
      return new PlaneError([...problems, members]);
    },
  );
  return { members, me };
}

function unique<T extends { id: string }>(items: T[]): T[] {
  return items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
}

export interface FoundItem {
  item: WorkItem;
  project: Project;
  keyed: KeyedItem;
}

/** A work item by key: its project is checked first (Plane answers 403, not 404, for a wrong one). */
export async function findWorkItem(api: PlaneApi, slug: string, keyText: string): Promise<FoundItem> {
  const key = parseKey(keyText);
  const project = await findProjectOfKey(api, slug, key);
  const item = await api.workItemByKey(slug, key.key);
  return { item, project, keyed: { id: item.id, projectId: project.id, key: key.key } };
}
