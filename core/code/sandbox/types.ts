// What crosses a sandbox boundary: the job going in, cell reads coming out, and the result.
// Values are JSON: numbers, text, booleans, null, and {d: ISO} for dates and date-times.
import type { Language } from '../model.ts';

export type WireScalar = number | string | boolean | null | { d: string };

export type WireValue = { kind: 'none' } | { kind: 'scalar'; v: WireScalar } | { kind: 'grid'; rows: WireScalar[][] };

export interface RunRequest {
  language: Language;
  code: string;
  /** The anchor as A1 (Sheet1!B2), used in tracebacks. */
  label: string;
  /**
   * Runs of one scope may share a JavaScript isolate, each in a fresh context: the task's file and
   * token, so only code that can already read and overwrite the same cells. None: a fresh isolate.
   */
  scope?: string;
  /** Reads a cell (single) or a range for the code; rejects with an Error whose message the code sees. */
  read(ref: string, single: boolean): Promise<WireScalar[][]>;
  /** SQL cells: the decrypted connection. */
  connection?: { type: 'postgres' | 'mysql'; url: string };
  signal?: AbortSignal;
}

export type RunResult =
  | { ok: true; value: WireValue; output: string }
  | { ok: false; error: string; traceback?: string; output: string };

export interface Limits {
  timeoutMs: number;
  memoryMb: number;
  jsMemoryMb: number;
  outputBytes: number;
  maxCells: number;
  processes: number;
  fileBytes: number;
  sqlTimeoutMs: number;
  sqlMaxRows: number;
}

export interface Runner {
  run(req: RunRequest): Promise<RunResult>;
  close(): Promise<void>;
}

/** What a run that went past the time limit shows, in every language. */
export function timeoutMessage(limits: Limits): string {
  return `Timed out: the code ran longer than ${limits.timeoutMs / 1000} s (the limit for code cells) and was stopped.`;
}

export function timedOut(limits: Limits): RunResult {
  return failure(timeoutMessage(limits));
}

/** A successful run's value as the sandbox sent it, checked (`checkedValue`); a failure when it does not pass. */
export function checkedResult(value: unknown, output: string, maxCells: number): RunResult {
  try {
    return { ok: true, value: checkedValue(value, maxCells), output };
  } catch (err) {
    return failure((err as Error).message, output);
  }
}

/**
 * A result as the sandbox sent it, checked on this side of the boundary: the encoder runs next to
 * the user's code, which can replace what it uses (JSON.stringify, Array.prototype.map, Python's
 * json module), so its output is input like any other. Throws the message the cell shows.
 */
export function checkedValue(value: unknown, maxCells: number): WireValue {
  const o = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  if (o.kind === 'none') return { kind: 'none' };
  if (o.kind === 'scalar' && isWireScalar(o.v)) return { kind: 'scalar', v: o.v };
  if (o.kind === 'grid' && Array.isArray(o.rows) && o.rows.every((r) => Array.isArray(r))) {
    const rows = o.rows as unknown[][];
    const width = rows[0]?.length ?? 0;
    if (rows.some((r) => r.length !== width)) throw new Error('ResultError: the result grid is ragged; the sandbox\'s encoder was changed by the code');
    if (rows.length * width > maxCells) throw new Error(`Result too large: the result has ${rows.length} rows x ${width} columns; at most ${maxCells} cells can spill`);
    if (rows.every((r) => r.every(isWireScalar))) return { kind: 'grid', rows: rows as WireScalar[][] };
  }
  throw new Error('ResultError: the sandbox sent a result that is not a value, a list or a table; the code changed what encodes it (JSON or Array built-ins)');
}

function isWireScalar(v: unknown): v is WireScalar {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'object' && Object.keys(v).length === 1 && typeof (v as { d?: unknown }).d === 'string';
}

export function failure(error: string, output = '', traceback?: string): RunResult {
  return traceback ? { ok: false, error, traceback, output } : { ok: false, error, output };
}
