/** The agent's limits when nothing says otherwise; the configuration's defaults are these same values. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_MAX_ITERATIONS = 100;
/** Each sub-agent's own cap: a delegated task is a part of a request, so it gets a smaller budget. */
export const DEFAULT_SUBAGENT_MAX_ITERATIONS = 25;
/** More work-item writes than this in one turn are previewed together and approved or denied as a whole. */
export const DEFAULT_BULK_THRESHOLD = 5;
