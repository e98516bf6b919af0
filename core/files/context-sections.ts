// Sections of GET /context contributed by other areas (WorkbookArea.context); get-context.ts only
// assembles them.
import type { Workbook } from '../workbook/workbook.ts';

export interface ContextSections {
  tables: unknown[];
  charts: unknown[];
  pivots: unknown[];
  code_cells: unknown[];
}

export async function collectSections(wb: Workbook): Promise<ContextSections> {
  const out: ContextSections = { tables: [], charts: [], pivots: [], code_cells: [] };
  for (const key of Object.keys(out) as (keyof ContextSections)[]) {
    const fn = wb.areas.find((a) => a.context?.[key])?.context?.[key];
    if (fn) out[key] = await fn(wb);
  }
  return out;
}
