/** Intake status is polled this often per project unless PLANEBOT_INTAKE_POLL says otherwise. */
export const DEFAULT_POLL_MS = 2 * 60_000;

/** The channel instruction's limit: guidance, not a second system prompt. */
export const INSTRUCTION_MAX = 500;
