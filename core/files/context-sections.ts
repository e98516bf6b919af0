// Sections of GET /context contributed by the areas (WorkbookArea.context); get-context.ts only
// assembles them. The four below are always present (empty when no area fills them); any other
// key an area brings (names) is added as it is.
import type { Workbook } from '../workbook/workbook.ts';

export interface ContextSections {
  tables: unknown[];
  charts: unknown[];
  pivots: unknown[];
  code_cells: unknown[];
  [section: string]: unknown[];
}

export async function collectSections(wb: Workbook): Promise<ContextSections> {
  const out: ContextSections = { tables: [], charts: [], pivots: [], code_cells: [] };
  for (const area of wb.areas) {
    for (const [key, build] of Object.entries(area.context ?? {})) out[key] = await build(wb);
  }
  return out;
}
