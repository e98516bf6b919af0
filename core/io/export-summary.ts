// What an export carries, said beside the file so an agent can check it without opening it: sheets,
// cells, formulas, formulas written with a cached value, objects written, and what could not be
// written. REST sends it as the X-Sheets-Export-Summary header (JSON); MCP in the result's text.
import { formulaOf, hasContent, isRich } from '../workbook/cell.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

export interface ExportSummary {
  sheets: number;
  cells: number;
  formulas: number;
  /** Formulas written with their current result, which a reader shows without recalculating. */
  formulas_cached: number;
  objects: Record<string, number>;
  not_written: string[];
}

/** Per-sheet slices the xlsx export writes, under the names the summary uses. */
const WRITTEN: Record<string, string> = { merges: 'merges', autofilter: 'autofilters', charts: 'charts', tables: 'tables', images: 'images', notes: 'notes', validations: 'data_validations', cond_formats: 'conditional_formats', names: 'names', links: 'links' };
/** Slices it does not write, and what goes instead. */
const NOT_WRITTEN: Record<string, string> = { pivots: 'pivot tables (their output cells are written as cells)', code_cells: 'code cells (their code; their output cells are written)' };

const size = (v: unknown) => (Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0);

async function countCells(wb: Workbook, sheet: SheetModel, into: { cells: number; formulas: number; formulas_cached: number }): Promise<void> {
  await wb.loadAll(sheet);
  for (const [, tile] of sheet.loadedTiles()) {
    for (const row of tile.rows) {
      for (const c of row ?? []) {
        if (!hasContent(c)) continue;
        into.cells++;
        if (formulaOf(c) === undefined) continue;
        into.formulas++;
        if (isRich(c) && ((c.v !== undefined && c.v !== null) || c.e !== undefined)) into.formulas_cached++;
      }
    }
  }
}

export async function xlsxSummary(wb: Workbook): Promise<ExportSummary> {
  const out: ExportSummary = { sheets: wb.sheets.length, cells: 0, formulas: 0, formulas_cached: 0, objects: {}, not_written: [] };
  const missing = new Map<string, string[]>();
  for (const sheet of wb.sheets) {
    await countCells(wb, sheet, out);
    const meta = sheet.meta as Record<string, unknown>;
    for (const [slice, name] of Object.entries(WRITTEN)) if (size(meta[slice])) out.objects[name] = (out.objects[name] ?? 0) + size(meta[slice]);
    for (const [slice, what] of Object.entries(NOT_WRITTEN)) if (size(meta[slice])) missing.set(what, [...(missing.get(what) ?? []), `${size(meta[slice])} on ${sheet.name}`]);
  }
  for (const [what, where] of missing) out.not_written.push(`${what}: ${where.join(', ')}`);
  const uncached = out.formulas - out.formulas_cached;
  if (uncached) out.not_written.push(`cached values of ${uncached} formula(s) with no result here (a reader shows them after recalculating)`);
  return out;
}

export async function csvSummary(wb: Workbook, sheet: SheetModel): Promise<ExportSummary> {
  const out: ExportSummary = { sheets: 1, cells: 0, formulas: 0, formulas_cached: 0, objects: {}, not_written: [] };
  await countCells(wb, sheet, out);
  if (out.formulas) out.not_written.push(`${out.formulas} formula(s): CSV holds their displayed values`);
  out.not_written.push('formats (values are written as displayed)');
  if (wb.sheets.length > 1) out.not_written.push(`the other ${wb.sheets.length - 1} sheet(s): CSV holds one sheet (pass sheet to pick it)`);
  const objects = Object.keys(WRITTEN).filter((k) => k !== 'names' && size((sheet.meta as Record<string, unknown>)[k]));
  if (objects.length) out.not_written.push(`objects: ${objects.join(', ')}`);
  return out;
}

/** As an HTTP header value: JSON with every non-ASCII character escaped (header values are Latin-1). */
export function summaryHeader(summary: ExportSummary): string {
  return JSON.stringify(summary).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
