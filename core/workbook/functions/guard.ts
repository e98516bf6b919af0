// Bounds on what a formula may do, as Excel bounds them: no text value longer than 32,767
// characters, no function that throws taking the request down with it (its cell gets #VALUE!), and
// a time budget per recalculation (SHEETS_RECALC_TIMEOUT_MS) after which the write stops and
// changes nothing. The budget is this process's CPU time, so a machine busy with other work does
// not refuse a workbook that fits (bounded in wall time too, at WALL_FACTOR times the budget). Installed once over every registered function plugin, HyperFormula's own
// included, so a new plugin is bounded without knowing of this file.
import { CellError, ErrorType, HyperFormula } from 'hyperformula';
import { OpError } from '../../errors.ts';

/** Excel's limit on the characters in one cell's text. */
export const TEXT_LIMIT = 32_767;

/** Thrown out of the engine when the budget is spent; the write it belongs to keeps nothing (413). */
export class RecalcTimeoutError extends OpError {
  constructor(readonly budgetMs: number) {
    super('payload_too_large', `The recalculation ran longer than ${budgetMs / 1000} s (the SHEETS_RECALC_TIMEOUT_MS limit) and was stopped; nothing was changed. Simplify the formulas (smaller ranges, fewer repeated lookups) or ask for a higher limit.`, { limit: 'SHEETS_RECALC_TIMEOUT_MS', limit_ms: budgetMs });
  }
}

/** The budget when the service gives none (SHEETS_RECALC_TIMEOUT_MS's default). */
export const RECALC_TIMEOUT_MS = 30_000;

/** However little CPU the machine gives this process, a recalculation stops after this many budgets of wall time. */
export const WALL_FACTOR = 4;

/** The wall-clock time at which the CPU spent is next checked (Infinity outside a budget). */
let deadline = Infinity;
let wallLimit = Infinity;
let budget = 0;
let cpuAtStart = 0;

/** CPU time of this process (every thread), in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs fn (a build or an edit of an engine) under a budget of ms of CPU time; nested calls keep the
 * outer one. The clock is read on every function call (cheap); the CPU time only once the wall
 * clock passes the budget, and then again when the CPU still owed could have been spent.
 */
export function withinBudget<T>(ms: number, fn: () => T): T {
  if (deadline !== Infinity) return fn();
  const now = Date.now();
  deadline = now + ms;
  wallLimit = now + ms * WALL_FACTOR;
  budget = ms;
  cpuAtStart = cpuMs();
  try {
    return fn();
  } finally {
    deadline = Infinity;
  }
}

/** Called when the wall clock passed `deadline`: over budget, or a later deadline set for the CPU time left. */
function spent(now: number): boolean {
  if (now > wallLimit) return true;
  // Other threads of this process (code cells, the collector) can spend CPU faster than the wall
  // clock runs; the wall clock already passed the budget, so that counts as spent too.
  const left = budget - (cpuMs() - cpuAtStart);
  if (left <= 0) return true;
  deadline = Math.min(now + left, wallLimit);
  return false;
}

const GUARDED = Symbol('sheets.guarded');

/** Wraps every function of every registered plugin (idempotent per plugin class). */
export function guardFunctions(): void {
  for (const plugin of HyperFormula.getAllFunctionPlugins()) {
    const proto = (plugin as unknown as { prototype: Record<string | symbol, unknown> }).prototype;
    // Its own mark: a plugin that extends another (GroupByPlugin extends LambdaPlugin) inherits the parent's.
    if (Object.prototype.hasOwnProperty.call(proto, GUARDED)) continue;
    proto[GUARDED] = true;
    const methods = new Set(Object.values(plugin.implementedFunctions).map((m) => m.method));
    for (const method of methods) {
      const original = proto[method];
      if (typeof original !== 'function') continue;
      proto[method] = function guarded(this: unknown, ...args: unknown[]): unknown {
        const now = Date.now();
        if (now > deadline && spent(now)) throw new RecalcTimeoutError(budget);
        let out: unknown;
        try {
          out = original.apply(this, args);
        } catch (err) {
          if (err instanceof RecalcTimeoutError) throw err;
          return new CellError(ErrorType.VALUE, `The function failed: ${(err as Error)?.message ?? String(err)}`);
        }
        if (typeof out === 'string' && out.length > TEXT_LIMIT) return tooLong();
        return out;
      };
    }
  }
}

export function tooLong(): CellError {
  return new CellError(ErrorType.VALUE, `Text longer than ${TEXT_LIMIT.toLocaleString('en-US')} characters (the most a cell holds)`);
}
