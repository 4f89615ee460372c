import { z } from 'zod';
import { instanceAnswer } from './answers.js';
import { PlaneError } from './errors.js';
import type { PlaneHttp } from './http.js';
import { pathStyleFor, type PathStyle } from './paths.js';

export interface InstanceInfo {
  /** `instance.current_version` when the instance tells: "1.3.1" on CE v1.3.1 (some releases put a "v" before it). */
  version?: string;
  /** `instance.edition`, e.g. "PLANE_COMMUNITY". */
  edition?: string;
  pathStyle: PathStyle;
}

/** A release as people write it, "v1.3.1", whether the instance said "1.3.1" (CE v1.3.1) or "v1.3.1". */
export function releaseName(version: string): string {
  return `v${version.replace(/^v/i, '')}`;
}

/**
 * What the instance is: `GET /api/instances/` needs no key and gives the release,
 * hence the path family. Plane Cloud may not serve it; the current family is then assumed.
 */
export async function probeInstance(http: PlaneHttp): Promise<InstanceInfo> {
  let answer: z.output<typeof instanceAnswer> | undefined;
  try {
    answer = await http.json({ path: '/api/instances/', what: 'instance information', auth: false }, instanceAnswer);
  } catch (error) {
    if (!(error instanceof PlaneError)) throw error;
  }
  const version = answer?.instance?.current_version;
  return { version, edition: answer?.instance?.edition, pathStyle: pathStyleFor(version) };
}

/** Whether the instance serves API v2 to this key: `GET /api/v2/users/me/` answers (Plane Cloud). */
export async function probeV2(http: PlaneHttp): Promise<boolean> {
  try {
    await http.json({ path: '/api/v2/users/me/', what: 'the API v2 user' }, z.unknown());
    return true;
  } catch (error) {
    if (error instanceof PlaneError) return false;
    throw error;
  }
}
