import { ApiError } from './errors.js';

/** DRF's request-body rules shared by the create/update handlers. */

export type FieldErrors = Record<string, unknown>;

export const validationError = (errors: FieldErrors) => new ApiError(400, errors);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'dict';
}

/** A serializer given anything but a JSON object answers with non_field_errors. */
export function dictionaryBody(body: unknown): Record<string, unknown> {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  throw validationError({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonTypeName(body)}.`] });
}

/** An ISO 8601 datetime as DRF's DateTimeField reads it (no zone means UTC here), in epoch ms. */
export function readDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value)) {
    return undefined;
  }
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned.replace(' ', 'T'));
  return Number.isNaN(ms) ? undefined : ms;
}
