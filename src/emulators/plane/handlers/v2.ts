import { type Handler, ok } from '../context.js';

/**
 * Cloud's API v2 exists in the fake only as the detection probe of reference §1.4 step 2:
 * GET /api/v2/users/me/ → 200 with the key's user. Its shapes are docs-only (UNVERIFIED, §9).
 */
export const getMeV2: Handler = (context) => ok(context.out.user(context.user));
