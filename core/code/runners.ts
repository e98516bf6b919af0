// The three runners a worker owns, built from the configuration: warm Python sandboxes,
// isolated-vm for JavaScript, and SQL against connections.
import type { CodeConfig } from '../config.ts';
import type { Language } from './model.ts';
import { JsRunner } from './sandbox/js.ts';
import { PythonPool } from './sandbox/python.ts';
import { SqlRunner } from './sandbox/sql.ts';
import type { Limits, Runner } from './sandbox/types.ts';

/** Processes a Python cell may run at once, and the most it may write to its private /tmp. */
const PROCESSES = 16;
const FILE_BYTES = 64 * 1024 * 1024;

export function limitsOf(code: CodeConfig): Limits {
  return {
    timeoutMs: code.timeoutMs,
    memoryMb: code.memoryMb,
    jsMemoryMb: code.jsMemoryMb,
    outputBytes: code.outputBytes,
    maxCells: code.maxResultCells,
    processes: PROCESSES,
    fileBytes: FILE_BYTES,
    sqlTimeoutMs: code.sqlTimeoutMs,
    sqlMaxRows: code.sqlMaxRows,
  };
}

export type Runners = Record<Language, Runner> & { python: PythonPool };

export function createRunners(code: CodeConfig): Runners {
  const limits = limitsOf(code);
  return { python: new PythonPool(code.python, code.pythonPool, limits), javascript: new JsRunner(limits), connection: new SqlRunner(limits) };
}

export async function closeRunners(r: Runners): Promise<void> {
  await Promise.all([r.python.close(), r.javascript.close(), r.connection.close()]);
}
