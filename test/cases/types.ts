// A table of cases runs through every door (REST, MCP over HTTP, SSE and stdio). Each group
// makes its own fixtures through the door under test, so doors never share state.
import type { ErrorCode } from '../../core/errors.ts';
import type { Door } from '../helpers/doors.ts';

export type Fx = Record<string, any>;

export interface Case {
  name: string;
  op: string;
  args: (fx: Fx) => Record<string, unknown>;
  /** Success: checks the output (throw/expect inside). Failure: the error code and words the message must hold. */
  ok?: (data: any, fx: Fx, text?: string) => void | Promise<void>;
  error?: { code: ErrorCode; message?: RegExp; index?: number };
  /** Runs after the call: e.g. read back to prove nothing changed. */
  then?: (door: Door, fx: Fx) => Promise<void>;
}

export interface CaseGroup {
  name: string;
  setup: (door: Door) => Promise<Fx>;
  cases: Case[];
}

/** Calls and insists on success. */
export async function must(door: Door, op: string, args: Record<string, unknown>): Promise<any> {
  const out = await door.call(op, args);
  if (!out.ok) throw new Error(`${door.name} ${op} failed: ${out.code}: ${out.message}`);
  return out.data;
}

export async function newFile(door: Door, name = 'cases', extra: Record<string, unknown> = {}): Promise<string> {
  return (await must(door, 'create_file', { name, ...extra })).uuid;
}
