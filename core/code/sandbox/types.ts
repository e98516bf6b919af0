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

export function failure(error: string, output = '', traceback?: string): RunResult {
  return traceback ? { ok: false, error, traceback, output } : { ok: false, error, output };
}
