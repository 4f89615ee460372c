import { z } from 'zod';
import { defineRecord } from '../state/record-kind.js';

/**
 * A person's Plane connection, by their chat user id: their personal access token sealed with
 * PLANEBOT_SECRET_KEY (secret-box.ts, never stored in the clear), and who Plane said it is.
 */
export const planeConnection = z.object({
  /** The token, sealed (AES-256-GCM) and bound to the chat user id. */
  sealed: z.string(),
  /** The Plane user the token acts as, as `users/me` answered when it was connected. */
  planeUserId: z.string(),
  planeEmail: z.string(),
  planeName: z.string().optional(),
  connectedAt: z.number(),
});
export type PlaneConnection = z.infer<typeof planeConnection>;

export const PLANE_CONNECTIONS = defineRecord({ namespace: 'identity:connections', version: 1, schema: planeConnection });
