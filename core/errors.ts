// Transport-neutral errors. Core throws OpError with a code; each door maps codes to its own
// vocabulary once (rest/status.ts for HTTP, mcp/ for tool results).

export type ErrorCode =
  | 'invalid_argument' // 400: the input is wrong; details name the field
  | 'unauthenticated' // 401: missing, unknown, revoked or expired token
  | 'forbidden' // 403: valid token, no right on this space or file
  | 'not_found' // 404: no such thing in the caller's space
  | 'version_conflict' // 409: expected_version is stale, or concurrent writers kept clashing
  | 'conflict' // 409: the request clashes with the current state (e.g. a duplicate name)
  | 'payload_too_large' // 413: body, import or result over a configured limit
  | 'rate_limited' // 429: request rate or concurrency limit exceeded
  | 'cancelled' // 499: the caller cancelled the call (MCP notifications/cancelled, closed HTTP request); nothing was kept
  | 'unavailable' // 503: the store is not reachable or the server is shutting down
  | 'internal'; // 500: a bug; the message shown to clients is generic

export class OpError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpError';
    this.code = code;
    this.details = details;
  }
}

/** A 400 about one input field: the message must say what would be valid. */
export function invalidArg(field: string, message: string, details: Record<string, unknown> = {}): OpError {
  return new OpError('invalid_argument', `${field}: ${message}`, { field, ...details });
}

/** Where an agent finds the ids of each kind (op names read the same on both MCP surfaces' actions). */
const LISTED_BY: Record<string, string> = { file: 'list_files', token: 'list_tokens' };

export function notFound(what: string, id: string): OpError {
  const lister = LISTED_BY[what];
  return new OpError('not_found', `No ${what} '${id}' in this space.${lister ? ` ${lister} lists them.` : ''}`, { [`${what}_id`]: id });
}

export function forbidden(message: string): OpError {
  return new OpError('forbidden', message);
}

/** Wraps anything thrown into an OpError, keeping the cause for the logs. */
export function asOpError(err: unknown): OpError {
  if (err instanceof OpError) return err;
  return new OpError('internal', 'Internal error.', {}, { cause: err });
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: Record<string, unknown> };
}

/** The error every door shows (DESIGN.md §5): REST as the body, MCP as structuredContent. Internal errors say nothing more. */
export function errorBody(err: OpError, message: string = err.message): ErrorBody {
  if (err.code === 'internal') return { error: { code: 'internal', message: 'Internal error; it has been logged.', details: {} } };
  return { error: { code: err.code, message, details: err.details } };
}
