// What the MCP door's handlers are given and register with, apart from core.ts that wires them,
// so the modules core.ts imports (app, completions, prompts, resources) need nothing back from it.
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { OpContext } from '../core/context.ts';
import type { AnyOp } from '../core/op.ts';

/**
 * What a handler learns of its request, the same from either SDK. `logLevel`: a 2026-07-28
 * request's own level (`null` when it carried none, so it hears no log notifications); absent
 * for 2025 sessions, which set theirs with logging/setLevel. `taskExtension`: a 2026-07-28 request
 * whose client capabilities name the tasks extension (mcp/tasks-ext.ts).
 */
export type Extra = { authInfo?: { extra?: Record<string, unknown> }; signal?: AbortSignal; sendNotification?: (n: never) => Promise<void>; logLevel?: LoggingLevel | null; taskExtension?: boolean };

/** The methods the core answers; each SDK adapter registers them under its own names or schemas. */
export type McpMethod = 'tools/list' | 'tools/call' | 'resources/list' | 'resources/templates/list' | 'resources/read' | 'prompts/list' | 'prompts/get' | 'completion/complete' | 'logging/setLevel' | TaskMethod;
export type TaskMethod = 'tasks/get' | 'tasks/result' | 'tasks/list' | 'tasks/cancel';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each SDK validates requests and results against its own schemas
export type Handler = (req: { params?: any }, extra: Extra) => Promise<any>;
export interface Registrar {
  on(method: McpMethod, handler: Handler): void;
}

/**
 * Runs one op as the request's caller, under the per-token rate limit: a call over the rate waits
 * for room (up to SHEETS_MCP_RATE_WAIT_MS) and reports the wait through `waited`.
 */
export type OpRunner = (extra: Extra, op: AnyOp, args: unknown, progress?: OpContext['progress'], waited?: (ms: number) => void) => Promise<unknown>;
