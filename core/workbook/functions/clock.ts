// NOW() and TODAY() read the clock the engine was built with (config.context.now), so that a
// service started with SHEETS_NOW computes the same dates every time. Times are UTC: the server's
// own time zone is an accident of deployment, not something a result should depend on.
import { FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

/** What the engine's config.context carries for our plugins. */
export interface EngineContext {
  now: () => Date;
  /** Time budget of one recalculation (build or edit), in ms. */
  recalcMs?: number;
  /** The hidden rows of a sheet (by its engine id), for SUBTOTAL's 101-111 forms; the engine fills it in. */
  hiddenRows?: (sheet: number) => ReadonlySet<number> | undefined;
  /** The file counts dates in Excel's 1904 system (the engine's nullDate is 1904-01-01). */
  date1904?: boolean;
  /** The file computes circular references by iteration (core/workbook/iteration.ts, hf-iteration.ts). */
  iteration?: { count: number; delta: number };
}

const MS_PER_DAY = 86_400_000;
// 1899-12-30, the spreadsheet epoch the engine is configured with (nullDate).
const EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * Days to add to a serial of this engine to have the 1900 system's serial of the same day: 1462 in
 * a file of Excel's 1904 date system (nullDate 1904-01-01), 0 otherwise. Functions that read a
 * serial's calendar date from the 1900 epoch add it first.
 */
export function dateShift(config: { nullDate: { year: number } }): number {
  return config.nullDate.year === 1904 ? 1462 : 0;
}

/** A Date as a spreadsheet serial number (days since 1899-12-30, UTC, fraction = time of day). */
export function serialOf(date: Date): number {
  return (date.getTime() - EPOCH_MS) / MS_PER_DAY;
}

/** The UTC midnight of a serial's day (its time of day dropped). */
export function dateOfSerial(serial: number): Date {
  return new Date(EPOCH_MS + Math.floor(serial) * MS_PER_DAY);
}

export class ClockPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    NOW: { method: 'now', parameters: [], isVolatile: true, returnNumberType: 'NUMBER_DATETIME' as never },
    TODAY: { method: 'today', parameters: [], isVolatile: true, returnNumberType: 'NUMBER_DATE' as never },
  };

  private clock(): Date {
    const ctx = this.config.context as Partial<EngineContext> | undefined;
    return ctx?.now ? ctx.now() : new Date();
  }

  now(ast: ProcedureAst, state: InterpreterState) {
    // Whole seconds, as the built-in NOW gives, so displayed and raw values agree.
    return this.runFunction(ast.args, state, this.metadata('NOW'), () => Math.floor((this.clock().getTime() - EPOCH_MS) / 1000) / 86_400 - dateShift(this.config));
  }

  today(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('TODAY'), () => Math.floor(serialOf(this.clock())) - dateShift(this.config));
  }
}
