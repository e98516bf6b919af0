// Excel's iterative calculation, a setting of the whole file (Options > Formulas > Enable iterative
// calculation; an xlsx carries it as <calcPr iterate="1" iterateCount="100" iterateDelta="0.001"/>):
// with it on, a circular reference is computed by repeating its formulas, not reported as #CYCLE!.
// Imported with the file, used by the formula engine (hf-iteration.ts) and written back on export.
// Kept in the meta of every sheet the import made, as the date system is.
import type { SheetModel } from './sheet.ts';

/** Iterations at most, and the largest change between two that ends them (Excel's defaults: 100, 0.001). */
export interface Iteration {
  count: number;
  delta: number;
}

declare module './sheet-meta.ts' {
  interface SheetMeta {
    /** The file computes circular references by iteration (set on every sheet of such a file). */
    iteration?: Iteration;
  }
}

export const EXCEL_ITERATION: Iteration = { count: 100, delta: 0.001 };

/** The file's iteration setting, or undefined when circular references are errors. */
export function iterationOf(wb: { sheets: readonly SheetModel[] }): Iteration | undefined {
  return wb.sheets.find((s) => s.meta.iteration)?.meta.iteration;
}

/** Turns iteration on (with its limits) or off for the whole file. */
export function setIteration(wb: { sheets: readonly SheetModel[] }, it: Iteration | undefined): void {
  for (const s of wb.sheets) {
    if (it) s.meta.iteration = { ...it };
    else delete s.meta.iteration;
  }
}

/** The setting as a workbook part's <calcPr> states it, or undefined when iterate is off. */
export function iterationFromCalcPr(xml: string): Iteration | undefined {
  const pr = /<(?:\w+:)?calcPr\b[^>]*>/.exec(xml)?.[0];
  if (!pr || !/\biterate="(1|true)"/.test(pr)) return undefined;
  const count = Number(/\biterateCount="([^"]+)"/.exec(pr)?.[1] ?? EXCEL_ITERATION.count);
  const delta = Number(/\biterateDelta="([^"]+)"/.exec(pr)?.[1] ?? EXCEL_ITERATION.delta);
  return { count: Number.isFinite(count) && count >= 1 ? Math.min(Math.trunc(count), 32767) : EXCEL_ITERATION.count, delta: Number.isFinite(delta) && delta >= 0 ? delta : EXCEL_ITERATION.delta };
}
