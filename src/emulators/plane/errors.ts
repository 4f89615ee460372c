/** The error bodies of Plane CE v1, verbatim (docs/plane.md lists them). */

/** A response a handler gives up with; the server writes it as JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`Plane ${status}`);
  }
}

export const bodies = {
  notProvided: { detail: 'Authentication credentials were not provided.' },
  invalidToken: { detail: 'Given API token is not valid' },
  noPermission: { detail: 'You do not have permission to perform this action.' },
  pageNotFound: { error: 'Page not found.' },
  doesNotExist: { error: 'The requested resource does not exist.' },
  invalidDetail: { error: 'Please provide valid detail' },
  payloadNotValid: { error: 'The payload is not valid' },
  requiredKey: { error: 'The required key does not exist.' },
  somethingWentWrong: { error: 'Something went wrong please try again later' },
  internalServerError: { error: 'Internal server error' },
  throttled: { error_code: 5900, error_message: 'RATE_LIMIT_EXCEEDED' },
  methodNotAllowed: (method: string) => ({ detail: `Method "${method}" not allowed.` }),
} as const;

export const notFound = (): ApiError => new ApiError(404, bodies.doesNotExist);
export const forbidden = (): ApiError => new ApiError(403, bodies.noPermission);
/** An unhandled exception in a view (Plane's catch-all 500). */
export const serverError = (): ApiError => new ApiError(500, bodies.somethingWentWrong);
