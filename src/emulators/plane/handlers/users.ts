import { type Handler, ok } from '../context.js';

/** GET /users/me/ — the key's owner. */
export const getMe: Handler = (context) => ok(context.out.user(context.user));
