import { type Handler, ok } from '../context.js';

/**
 * Cloud's API v2 exists in the fake only as step 2 of the detection in docs/plane.md:
 * GET /api/v2/users/me/ → 200 with the key's user. Its shapes are docs-only (UNVERIFIED).
 */
export const getMeV2: Handler = (context) => ok(context.out.user(context.user));
