// GET /v1/files/{id}/data: the answer of GET /cells, for bulk export, in pages. Each response
// holds at most max_rows rows and PAGE_CELLS cells over all its ranges; a range that did not fit
// carries next_range, the rest of it, to pass as range on the next call.
import { z } from 'zod';
import { qualified, rectToA1, type Rect } from '../../a1.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { readGrid, type Render } from '../../workbook/read.ts';
import { lazyContext, shownFormulaOf } from '../../io/excel-text.ts';
import { targetRange } from '../../workbook/targets.ts';
import { RenderParam } from '../../schemas.ts';
import { TypedGridOut } from '../../workbook/typed-value.ts';

/** Cells in one response, whatever max_rows says: bounds memory per call. */
export const PAGE_CELLS = 250_000;

const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const CellErrorOut = z.object({ cell: z.string(), error: z.string(), message: z.string() });
const NextRange = z.string().optional().describe('The rows of this range not in this page; pass it as range to continue. Absent on the last page.');
const Block = z.object({ range: z.string(), sheet: z.string().optional(), values: z.array(z.array(CellValue)), typed: TypedGridOut.optional(), errors: z.array(CellErrorOut), next_range: NextRange });

export const exportData = defineOp({
  name: 'export_data',
  summary: 'Read values in pages for bulk export; next_range reads on.',
  area: 'cells',
  http: { method: 'GET', path: '/v1/files/:file_uuid/data' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.optional().describe('E.g. A:F; default the used range.'),
    ranges: z.array(A1Range).min(1).max(100, 'at most 100 ranges').optional().describe('Several ranges.'),
    sheet: SheetName.optional(),
    render: RenderParam,
    max_rows: z.number().int().min(1, 'must be 1..100000').max(100_000, 'must be 1..100000').default(10_000).describe(`Rows per page (at most ${PAGE_CELLS} cells).`),
  }),
  output: z.object({
    sheet: z.string(),
    range: z.string().optional(),
    values: z.array(z.array(CellValue)).optional(),
    typed: TypedGridOut.optional(),
    errors: z.array(CellErrorOut).optional(),
    next_range: NextRange,
    ranges: z.array(Block).optional(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) =>
    ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      if (input.range !== undefined && input.ranges !== undefined) throw new OpError('invalid_argument', 'range: give either range or ranges, not both', { field: 'range' });
      const refs = input.ranges ?? [input.range ?? usedRef(wb.sheet(input.sheet).usedExtent())];
      const targets = refs.map((ref, i) => targetRange(wb, input.sheet, ref, input.ranges ? `ranges[${i}]` : 'range'));
      let budget = Math.min(PAGE_CELLS, ctx.services.config.limits.cellsPerRead);
      const blocks = [];
      const formulas = lazyContext(wb);
      for (const t of targets) {
        const width = t.rect.c1 - t.rect.c0 + 1;
        const rows = Math.min(input.max_rows, t.rect.r1 - t.rect.r0 + 1, Math.floor(budget / width));
        const page: Rect = { ...t.rect, r1: t.rect.r0 + rows - 1 };
        let grid: ReturnType<typeof readGrid> = { values: [], errors: [], typed: [] };
        if (rows > 0) {
          await wb.load(t.sheet, page);
          grid = readGrid(t.sheet, wb.styles, page, input.render as Render, t.qualified, { typed: true, shownFormula: (cell, row) => shownFormulaOf(formulas, t.sheet.name, row, cell) });
          budget -= rows * width;
        }
        const rest = page.r1 < t.rect.r1 ? rectToA1({ ...t.rect, r0: page.r1 + 1 }) : undefined;
        blocks.push({
          range: rows > 0 ? rectToA1(page) : t.a1,
          ...(t.qualified ? { sheet: t.sheet.name } : {}),
          ...grid,
          ...(rest ? { next_range: t.qualified ? qualified(t.sheet.name, rest) : rest } : {}),
        });
      }
      const sheet = targets[0]!.sheet.name;
      if (input.ranges) return { sheet, ranges: blocks };
      const { sheet: _s, ...one } = blocks[0]!;
      return { sheet, ...one };
    }),
});

function usedRef(used: { rows: number; cols: number }): string {
  return used.rows === 0 ? 'A1' : rectToA1({ r0: 0, c0: 0, r1: used.rows - 1, c1: used.cols - 1 });
}
