// Sections of GET /context contributed by other areas. Each area fills in its own function in
// its own file here; get-context.ts only assembles them.
import type { Workbook } from '../workbook/workbook.ts';

export interface ContextSections {
  tables: unknown[];
  charts: unknown[];
  pivots: unknown[];
  code_cells: unknown[];
}

type Section = (wb: Workbook) => unknown[] | Promise<unknown[]>;

/** Registered by the areas that own each kind of object (see core/ops/<area>/index.ts). */
export const contextSections: Partial<Record<keyof ContextSections, Section>> = {};

export async function collectSections(wb: Workbook): Promise<ContextSections> {
  const out: ContextSections = { tables: [], charts: [], pivots: [], code_cells: [] };
  for (const key of Object.keys(out) as (keyof ContextSections)[]) {
    const fn = contextSections[key];
    if (fn) out[key] = await fn(wb);
  }
  return out;
}
