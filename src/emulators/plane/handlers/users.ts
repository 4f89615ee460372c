import { type Handler, ok } from '../context.js';

/** GET /users/me/ — the key's owner (reference §4.1). */
export const getMe: Handler = (context) => ok(context.out.user(context.user));
