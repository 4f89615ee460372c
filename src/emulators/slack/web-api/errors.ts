/** A Web API failure as Slack reports it: HTTP 200, `{ ok: false, error, ...extra }`. */
export class SlackApiError extends Error {
  constructor(
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** Slack explains argument and block errors in `response_metadata.messages`. */
export function explained(code: string, messages: string[]): SlackApiError {
  return new SlackApiError(code, messages.length > 0 ? { response_metadata: { messages } } : {});
}
