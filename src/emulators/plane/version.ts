/** Which CE release the fake plays, and what that release has (the version matrix in docs/plane.md). */

export type Edition = 'community' | 'cloud';
export type PathStyle = 'work-items' | 'issues-only';

export interface Flavour {
  edition: Edition;
  /** Without the leading "v", e.g. "1.3.1". */
  version: string;
  pathStyle: PathStyle;
}

/** Plane's own release numbers are plain x.y.z (an optional leading "v" is dropped). */
export function parseVersion(version: string): [number, number, number] {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (!match) throw new Error(`fake Plane: bad instanceVersion ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** True when the played release is at least `minimum`. Cloud runs the newest code. */
export function atLeast(flavour: Flavour, minimum: string): boolean {
  if (flavour.edition === 'cloud') return true;
  const have = parseVersion(flavour.version);
  const want = parseVersion(minimum);
  for (let i = 0; i < 3; i += 1) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

export function resolveFlavour(options: { edition?: Edition; instanceVersion?: string; pathStyle?: PathStyle }): Flavour {
  const edition = options.edition ?? 'community';
  const version = (options.instanceVersion ?? '1.3.1').replace(/^v/, '');
  parseVersion(version);
  // `/work-items/` arrived in CE v1.1.0; an explicit pathStyle wins.
  const pathStyle = options.pathStyle ?? (atLeast({ edition, version, pathStyle: 'issues-only' }, '1.1.0') ? 'work-items' : 'issues-only');
  return { edition, version, pathStyle };
}
