// DELETE /v1/files/{id}/cells: clears a range — values, formulas, formats, and (through the
// onClear hooks) code cells, charts and tables anchored inside. Dependent formulas recompute.
import { z } from 'zod';
import { MAX_COLS, MAX_ROWS, type Rect } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { hasContent, styleOf } from '../../workbook/cell.ts';
import { forEachStoredCell } from '../../workbook/iterate.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import { targetRange } from '../../workbook/targets.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { VersionOut } from '../../op-fields.ts';
import { lineRange } from '../../formats/ranges.ts';

/** Rows written per engine call, so a huge clear never builds one giant grid of nulls. */
const CHUNK_ROWS = 4096;

export const clearCells = defineOp({
  name: 'clear_cells',
  summary: 'Clear a range with its formats, and code cells, charts, tables anchored in it.',
  area: 'cells',
  http: { method: 'DELETE', path: '/v1/files/:file_uuid/cells' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. A1:C10, B:B or 3:7.'),
    sheet: SheetName.optional(),
    keep_formats: z.boolean().default(false).describe('Keep formats and borders.'),
  }),
  output: z.object({
    version: VersionOut,
    sheet: z.string(),
    range: z.string(),
    cleared_cells: z.number().int().describe('Cells that held a value, formula or format.'),
  }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      // Whole rows/columns reach past the used range: objects anchored there are cleared too.
      const full: Rect = t.kind === 'cols' ? { ...t.rect, r0: 0, r1: MAX_ROWS - 1 } : t.kind === 'rows' ? { ...t.rect, c0: 0, c1: MAX_COLS - 1 } : t.rect;
      const cleared = await clearRect(wb, t.sheet, full, input.keep_formats);
      if (!input.keep_formats) clearLineStyles(t.sheet, t.kind, t.rect);
      for (const h of wb.hooks) h.onClear?.(wb, t.sheet, full, { keepFormats: input.keep_formats });
      return { sheet: t.sheet.name, range: lineRange(t), cleared_cells: cleared };
    });
    return { version, ...result };
  },
});

/** Clears the stored cells inside rect through writeCells (so formulas recompute); returns how many there were. */
export async function clearRect(wb: Workbook, sheet: SheetModel, rect: Rect, keepFormats: boolean): Promise<number> {
  const used = sheet.usedRect();
  if (!used) return 0;
  const r: Rect = { r0: Math.max(rect.r0, used.r0), r1: Math.min(rect.r1, used.r1), c0: Math.max(rect.c0, used.c0), c1: Math.min(rect.c1, used.c1) };
  if (r.r0 > r.r1 || r.c0 > r.c1) return 0;
  await wb.load(sheet, r);
  let count = 0;
  let contentRows: [number, number] | undefined;
  forEachStoredCell(sheet, r, (row, _col, cell) => {
    count++;
    if (hasContent(cell)) contentRows = contentRows ? [Math.min(contentRows[0], row), Math.max(contentRows[1], row)] : [row, row];
  });
  if (contentRows) {
    const width = r.c1 - r.c0 + 1;
    for (let r0 = contentRows[0]; r0 <= contentRows[1]; r0 += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, contentRows[1] - r0 + 1);
      await wb.writeCells(sheet, r0, r.c0, Array.from({ length: rows }, () => new Array(width).fill(null)));
    }
  }
  if (!keepFormats) {
    forEachStoredCell(sheet, r, (row, col, cell) => {
      if (styleOf(cell)) sheet.set(row, col, null);
    });
  }
  return count;
}

function clearLineStyles(sheet: SheetModel, kind: string, rect: Rect): void {
  const map = kind === 'cols' ? sheet.meta.col_styles : kind === 'rows' ? sheet.meta.row_styles : undefined;
  if (!map) return;
  const [from, to] = kind === 'cols' ? [rect.c0, rect.c1] : [rect.r0, rect.r1];
  for (const k of Object.keys(map)) if (Number(k) >= from && Number(k) <= to) delete map[k];
}
