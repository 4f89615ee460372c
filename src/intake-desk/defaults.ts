/** Intake status is polled this often per project unless PLANEBOT_INTAKE_POLL says otherwise. */
export const DEFAULT_POLL_MS = 2 * 60_000;
