// GET /v1/files/{id}/cells/has-data: is a range occupied — by values or formulas, by code or
// array output spilled into it, by merged cells, or by objects (code cells, tables) other areas report?
import { z } from 'zod';
import { MAX_COLS, MAX_ROWS, cellToA1, parseRange, rectToA1, rectsIntersect, type Rect } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { hasContent, isRich } from '../../workbook/cell.ts';
import { forEachStoredCell } from '../../workbook/iterate.ts';
import { mergeRects } from '../../workbook/merges.ts';
import { targetRange } from '../../workbook/targets.ts';
import { lineRange } from '../../formats/ranges.ts';

export const hasData = defineOp({
  name: 'has_data',
  summary: 'Whether a range holds anything but formats.',
  area: 'cells',
  http: { method: 'GET', path: '/v1/files/:file_uuid/cells/has-data' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. D1:F20.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    has_data: z.boolean(),
    sheet: z.string(),
    range: z.string(),
    cells: z.number().int().describe('Cells holding a value, formula, or spilled/code output.'),
    first_cell: z.string().optional().describe('The first occupied cell in reading order.'),
    formula_cells: z.number().int(),
    output_cells: z.number().int().describe('Cells filled by an array formula or a code cell from elsewhere.'),
    merged: z.array(z.string()).describe('Merged ranges that overlap the range.'),
    objects: z.array(z.string()).describe('Other occupants reported by their areas, e.g. "code cell B2", "table Sales".'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      const parsed = parseRange(input.range).rect;
      // Whole rows/columns: look at every stored cell, not only the used-range rectangle.
      const rect: Rect = { r0: parsed.r0, c0: parsed.c0, r1: Math.min(parsed.r1, MAX_ROWS - 1), c1: Math.min(parsed.c1, MAX_COLS - 1) };
      const used = t.sheet.usedRect();
      let cells = 0, formulas = 0, outputs = 0;
      let first: { row: number; col: number } | undefined;
      if (used && rectsIntersect(used, rect)) {
        const r = { r0: Math.max(rect.r0, used.r0), r1: Math.min(rect.r1, used.r1), c0: Math.max(rect.c0, used.c0), c1: Math.min(rect.c1, used.c1) };
        await wb.load(t.sheet, r);
        forEachStoredCell(t.sheet, r, (row, col, cell) => {
          if (!hasContent(cell)) return;
          cells++;
          if (isRich(cell) && cell.f !== undefined) formulas++;
          if (isRich(cell) && (cell.sp !== undefined || cell.o !== undefined)) outputs++;
          if (!first || row < first.row || (row === first.row && col < first.col)) first = { row, col };
        });
      }
      const merged = mergeRects(t.sheet).filter((m) => rectsIntersect(m, rect)).map(rectToA1);
      const objects = wb.hooks.flatMap((h) => h.occupies?.(wb, t.sheet, rect) ?? []);
      return {
        has_data: cells > 0 || merged.length > 0 || objects.length > 0,
        sheet: t.sheet.name,
        range: lineRange(t),
        cells,
        ...(first ? { first_cell: cellToA1(first) } : {}),
        formula_cells: formulas,
        output_cells: outputs,
        merged,
        objects,
      };
    }),
});
