/** The agent's limits when nothing says otherwise; the configuration's defaults are these same values. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_MAX_ITERATIONS = 100;
