import { PlaneError } from './errors.js';
import type { PlaneHttp } from './http.js';
import { pathStyleFor, type PathStyle } from './paths.js';

export interface ServerInfo {
  /** `instance.current_version`, e.g. "v1.3.1", when the instance tells. */
  version?: string;
  /** `instance.edition`, e.g. "PLANE_COMMUNITY". */
  edition?: string;
  pathStyle: PathStyle;
  /** True when `/api/v2/users/me/` answers with this key (Plane Cloud's API v2). */
  v2: boolean;
}

interface InstanceAnswer {
  instance?: { current_version?: string; edition?: string };
}

/**
 * Asks the instance what it is (reference §1.4): `GET /api/instances/` (no key) gives the release,
 * hence the path family; `GET /api/v2/users/me/` tells whether API v2 is served.
 */
export async function probeServer(http: PlaneHttp): Promise<ServerInfo> {
  const [instance, v2] = await Promise.all([
    http.json<InstanceAnswer>({ path: '/api/instances/', what: 'instance information', auth: false }).catch(unanswered),
    http.json<unknown>({ path: '/api/v2/users/me/', what: 'the API v2 user' }).then(
      () => true,
      (error: unknown) => (error instanceof PlaneError ? false : Promise.reject(error)),
    ),
  ]);
  const version = instance?.instance?.current_version;
  return { version, edition: instance?.instance?.edition, pathStyle: pathStyleFor(version), v2 };
}

// Cloud may not expose the instance route; the path family then defaults to the current one.
function unanswered(error: unknown): undefined {
  if (error instanceof PlaneError) return undefined;
  throw error;
}

