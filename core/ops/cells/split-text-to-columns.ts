// POST /v1/files/{id}/cells/split: Excel's Text to Columns for delimited text. Each text cell of
// one column is cut at the delimiter; the parts fill that cell and the cells to its right, each
// typed as write_cells types strings (dates decided per column). Cells to the right that hold
// something are not overwritten unless asked.
import { z } from 'zod';
import { MAX_COLS, cellToA1, indexToCol, rectToA1 } from '../../a1.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkSize, isComputed, readRect } from '../../cells/range-edit.ts';
import { toContents } from '../../cells/write-input.ts';
import { formulaOf, hasContent, valueOf } from '../../workbook/cell.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';

const MAX_PARTS = 1000;

export const splitTextToColumns = defineOp({
  name: 'split_text_to_columns',
  summary: 'Split one column\'s text at a delimiter into it and the columns to its right.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/split' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('One column, e.g. A2:A100 or A:A.'),
    delimiter: z.string().min(1, 'must not be empty').max(10, 'at most 10 characters').default(',').describe('E.g. ",", ";", " ".'),
    overwrite: z.boolean().default(false).describe('Replace values to the right.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ sheet: z.string(), range: z.string().describe('The cells written.'), split_cells: z.number().int(), columns: z.number().int(), warnings: z.array(z.string()).optional(), version: VersionOut }),
  hints: { readOnly: false },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      if (t.rect.c0 !== t.rect.c1) throw invalidArg('range', `${t.a1} spans ${t.rect.c1 - t.rect.c0 + 1} columns; give one column (split each separately)`);
      const column = await readRect(wb, t.sheet, t.rect);
      const parts = column.map(([cell]) => {
        const v = valueOf(cell);
        if (typeof v !== 'string' || formulaOf(cell) !== undefined || isComputed(cell) || !v.includes(input.delimiter)) return null;
        return v.split(input.delimiter).map((p) => p.trim());
      });
      const width = parts.reduce((m, p) => Math.max(m, p?.length ?? 0), 0);
      const split = parts.filter((p) => p !== null).length;
      if (width === 0) return { sheet: t.sheet.name, range: '', split_cells: 0, columns: 0 };
      if (width > MAX_PARTS) throw invalidArg('delimiter', `splits a cell into ${width} parts; at most ${MAX_PARTS}`);
      const rect = { ...t.rect, c1: t.rect.c0 + width - 1 };
      if (rect.c1 >= MAX_COLS) throw invalidArg('range', `splitting into ${width} columns from column ${indexToCol(t.rect.c0)} runs past the last column (XFD); split a column further left`);
      checkSize(rect, ctx.services.config.limits.cellsPerWrite, 'range');
      if (!input.overwrite) {
        const right = await readRect(wb, t.sheet, { ...rect, c0: rect.c0 + 1 });
        for (let i = 0; i < right.length; i++) {
          if (!parts[i]) continue;
          const j = right[i]!.findIndex((c) => hasContent(c));
          if (j >= 0 && j < parts[i]!.length - 1) throw invalidArg('overwrite', `${cellToA1({ row: rect.r0 + i, col: rect.c0 + 1 + j })} holds a value the split would replace; clear it, split into empty columns, or give overwrite: true`);
        }
      }
      // Rows that do not split are left as they are, and each row writes only as many cells as it
      // has parts; consecutive rows with as many parts go in one block.
      const { grid, warnings } = toContents(parts.map((p) => Array.from({ length: width }, (_, j) => p?.[j] ?? null)), 'literal', { row: rect.r0, col: rect.c0 });
      for (let i = 0; i < parts.length; ) {
        const n = parts[i]?.length;
        if (!n) {
          i++;
          continue;
        }
        let k = i;
        while (k < parts.length && parts[k]?.length === n) k++;
        await wb.writeCells(t.sheet, rect.r0 + i, rect.c0, grid.slice(i, k).map((line) => line.slice(0, n)));
        i = k;
      }
      return { sheet: t.sheet.name, range: rectToA1(rect), split_cells: split, columns: width, ...(warnings.length ? { warnings } : {}) };
    });
    return { ...result, version };
  },
});
