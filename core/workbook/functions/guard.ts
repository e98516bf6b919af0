// Bounds on what a formula may do, as Excel bounds them: no text value longer than 32,767
// characters, no function that throws taking the request down with it (its cell gets #VALUE!), and
// a time budget per recalculation (SHEETS_RECALC_TIMEOUT_MS) after which the write stops and
// changes nothing. Installed once over every registered function plugin, HyperFormula's own
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

let deadline = Infinity;
let budget = 0;

/** Runs fn (a build or an edit of an engine) under a time budget; nested calls keep the outer one. */
export function withinBudget<T>(ms: number, fn: () => T): T {
  if (deadline !== Infinity) return fn();
  deadline = Date.now() + ms;
  budget = ms;
  try {
    return fn();
  } finally {
    deadline = Infinity;
  }
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
        if (Date.now() > deadline) throw new RecalcTimeoutError(budget);
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
