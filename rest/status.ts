// The one table from core error codes to HTTP statuses. The error body of DESIGN.md §5 is core's
// (errorBody in core/errors.ts): MCP tool errors carry the same one as structuredContent.
import type { ErrorCode } from '../core/errors.ts';

export { errorBody } from '../core/errors.ts';

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
