// POST /v1/files/{id}/cells/fill: the fill handle. The source block is extended over `to` (down,
// up, right or left, or down and then right in one call): series continue, formulas are copied
// with their relative references moved, formats repeat (core/cells/fill-series.ts has the rules).
import { z } from 'zod';
import { rectToA1, type Rect } from '../../a1.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { lineFill } from '../../cells/fill-series.ts';
import { checkSize, putBlock, readRect } from '../../cells/range-edit.ts';
import { styleOf, type Cell } from '../../workbook/cell.ts';
import { targetRange } from '../../workbook/targets.ts';
import type { Content, Workbook } from '../../workbook/workbook.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import { VersionOut } from '../../op-fields.ts';

type Direction = 'down' | 'up' | 'right' | 'left';

/** Which way `to` extends `src`; a 400 when it does not extend it along one edge. */
function directionOf(src: Rect, to: Rect): Direction {
  const sameCols = to.c0 === src.c0 && to.c1 === src.c1, sameRows = to.r0 === src.r0 && to.r1 === src.r1;
  if (sameCols && to.r0 === src.r0 && to.r1 > src.r1) return 'down';
  if (sameCols && to.r1 === src.r1 && to.r0 < src.r0) return 'up';
  if (sameRows && to.c0 === src.c0 && to.c1 > src.c1) return 'right';
  if (sameRows && to.c1 === src.c1 && to.c0 < src.c0) return 'left';
  throw invalidArg('to', `${rectToA1(to)} does not extend ${rectToA1(src)} along one edge; give the source plus the cells below, above, right or left of it (e.g. source A2:A3, to A2:A20), or below and right of it (source B2:C2, to B2:H50)`);
}

export const fill = defineOp({
  name: 'fill',
  summary: 'Extend a block like the fill handle: series continue, formulas adjust, formats repeat.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/fill' },
  input: z.strictObject({
    file_uuid: FileId,
    source: A1Range.describe('E.g. B2 or A2:A3.'),
    to: A1Range.describe('Source plus cells to fill, e.g. B2:B100; B2:H100 fills down, then right.'),
    series: z.enum(['auto', 'copy', 'linear']).default('auto').describe('auto: 1,2 -> 3,4; dates, "Item 1", Mon continue.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ sheet: z.string(), filled: z.string().describe('The new cells (two ranges, comma-separated, when filled down and right).'), filled_cells: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const src = targetRange(wb, input.sheet, input.source, 'source');
      const to = targetRange(wb, input.sheet ?? (src.qualified ? src.sheet.name : undefined), input.to, 'to');
      if (to.sheet !== src.sheet) throw invalidArg('to', `is on sheet '${to.sheet.name}' but the source is on '${src.sheet.name}'`);
      checkSize(to.rect, ctx.services.config.limits.cellsPerWrite, 'to');
      const s = src.rect, t = to.rect;
      // Down and right at once, as a block's fill handle dragged down and then across: the source
      // columns are filled down first, then that whole height is filled right.
      if (t.r0 === s.r0 && t.c0 === s.c0 && t.r1 > s.r1 && t.c1 > s.c1) {
        const down = await fillOnce(wb, src.sheet, s, { ...s, r1: t.r1 }, input.series);
        const right = await fillOnce(wb, src.sheet, { ...s, r1: t.r1 }, t, input.series);
        return { sheet: src.sheet.name, filled: `${down.filled},${right.filled}`, filled_cells: down.cells + right.cells };
      }
      const one = await fillOnce(wb, src.sheet, s, t, input.series);
      return { sheet: src.sheet.name, filled: one.filled, filled_cells: one.cells };
    });
    return { ...result, version };
  },
});

/** One drag of the fill handle: `src` extended over `to` along one edge. */
async function fillOnce(wb: Workbook, sheet: SheetModel, src: Rect, to: Rect, series: 'auto' | 'copy' | 'linear'): Promise<{ filled: string; cells: number }> {
  const dir = directionOf(src, to);
  const cells = await readRect(wb, sheet, src);
  const vertical = dir === 'down' || dir === 'up';
  const k = vertical ? cells.length : cells[0]!.length;
  const lines = vertical ? cells[0]!.length : cells.length;
  const target: Rect =
    dir === 'down' ? { ...to, r0: src.r1 + 1 }
    : dir === 'up' ? { ...to, r1: src.r0 - 1 }
    : dir === 'right' ? { ...to, c0: src.c1 + 1 }
    : { ...to, c1: src.c0 - 1 };
  const h = target.r1 - target.r0 + 1, w = target.c1 - target.c0 + 1;
  const contents: Content[][] = Array.from({ length: h }, () => Array<Content>(w).fill(null));
  const styles: number[][] = Array.from({ length: h }, () => Array<number>(w).fill(0));
  const styleTable = (c: Cell) => wb.styles.get(styleOf(c));
  for (let line = 0; line < lines; line++) {
    const source = Array.from({ length: k }, (_, i) => (vertical ? cells[i]![line] : cells[line]![i]));
    const rule = lineFill(source, series, styleTable, vertical);
    const n = vertical ? h : w;
    for (let t = 0; t < n; t++) {
      // Position along the line, counted from the first source cell.
      const p = dir === 'down' || dir === 'right' ? k + t : t - n;
      const [i, j] = vertical ? [t, line] : [line, t];
      contents[i]![j] = rule(p);
      styles[i]![j] = styleOf(source[((p % k) + k) % k]);
    }
  }
  await putBlock(wb, sheet, target.r0, target.c0, contents, styles);
  return { filled: rectToA1(target), cells: h * w };
}
