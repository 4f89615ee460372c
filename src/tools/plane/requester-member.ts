import type { Logger } from '../../log.js';
import { resolveMe } from '../../plane/me.js';
import { memberLabel } from '../../plane/member-names.js';
import type { PlaneKit } from '../../plane/index.js';
import type { Requester } from '../registry.js';

/**
 * The requester's Plane member in the default workspace, for the prompt (a front end tells the agent
 * who "me" is); undefined when Plane is off, no workspace is set, or the e-mail matches nobody (the
 * prompt then says "me" falls back to the key's user). The tools resolve "me" again for themselves;
 * this is only what the model is told.
 */
export async function planeMemberOf(plane: PlaneKit, requester: Requester, logger: Logger): Promise<string | undefined> {
  if (!plane.enabled || !plane.workspace) return undefined;
  try {
    const me = await resolveMe(plane.api(), plane.workspace, requester);
    return me.isRequester ? memberLabel(me.member) : undefined;
  } catch (error) {
    logger.warn({ err: error }, 'could not match the requester to a Plane member');
    return undefined;
  }
}
