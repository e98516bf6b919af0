// The one table from core error codes to HTTP statuses, and the error body of DESIGN.md §5.
import type { ErrorCode, OpError } from '../core/errors.ts';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_argument: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  version_conflict: 409,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  cancelled: 499,
  unavailable: 503,
  internal: 500,
};

export function errorBody(err: OpError): { error: { code: string; message: string; details: Record<string, unknown> } } {
  if (err.code === 'internal') return { error: { code: 'internal', message: 'Internal error; it has been logged.', details: {} } };
  return { error: { code: err.code, message: err.message, details: err.details } };
}
