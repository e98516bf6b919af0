// POST /v1/files/{id}/cells/copy: copy a block and paste it elsewhere (another sheet too), with
// Excel's paste-special choices: everything, values only, formulas only, formats only, and
// transposed, skipping blanks. Formulas are rewritten as copying does (relative references move,
// $-parts stay). Pasting values leaves a formula's "" as a blank cell, not an empty text.
import { z } from 'zod';
import { MAX_COLS, MAX_ROWS, qualified, rectToA1 } from '../../a1.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkSize, copiedContent, putBlock, putStyles, readRect } from '../../cells/range-edit.ts';
import { isRich, styleOf, valueOf, type Cell } from '../../workbook/cell.ts';
import { targetCell, targetRange } from '../../workbook/targets.ts';
import type { Content } from '../../workbook/workbook.ts';
import { VersionOut } from '../../op-fields.ts';

const PASTE = ['all', 'values', 'formulas', 'formats'] as const;

/** The value a cell shows (its formula's result, an error as its code); "" is a blank cell. */
function valueContent(cell: Cell): Content {
  if (isRich(cell) && cell.e !== undefined) return cell.e;
  const v = valueOf(cell);
  return v === '' ? null : v;
}

/** Blank for skip_blanks: nothing in it, or a formula's "" (Excel's Paste Special skips both). */
const isBlank = (cell: Cell) => !(isRich(cell) && cell.e !== undefined) && (valueOf(cell) === null || valueOf(cell) === '');

export const copyPaste = defineOp({
  name: 'copy_paste',
  summary: 'Copy a block to a cell (any sheet): all, values, formulas or formats; can transpose.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/copy' },
  input: z.strictObject({
    file_uuid: FileId,
    source: A1Range.describe('E.g. A1:C10 or Data!A1:C10.'),
    target: A1Cell.describe('Top-left, e.g. E1 or Report!A1.'),
    paste: z.enum(PASTE).default('all').describe('values: results only.'),
    transpose: z.boolean().default(false).describe('Rows become columns.'),
    skip_blanks: z.boolean().default(false).describe('Blank source cells paste nothing.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ source: z.string(), target: z.string().describe('The rectangle pasted into.'), pasted_cells: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const src = targetRange(wb, input.sheet, input.source, 'source');
      const dst = targetCell(wb, input.sheet, input.target, 'target');
      checkSize(src.rect, ctx.services.config.limits.cellsPerWrite, 'source');
      const h = src.rect.r1 - src.rect.r0 + 1, w = src.rect.c1 - src.rect.c0 + 1;
      const [th, tw] = input.transpose ? [w, h] : [h, w];
      if (dst.row + th > MAX_ROWS || dst.col + tw > MAX_COLS) throw invalidArg('target', `a ${th} x ${tw} paste from ${dst.a1} runs past the edge of the sheet; pick a target nearer A1`);
      // Read the whole source before writing: source and target may overlap.
      const cells = await readRect(wb, src.sheet, src.rect);
      const rectAt = { r0: dst.row, c0: dst.col, r1: dst.row + th - 1, c1: dst.col + tw - 1 };
      const under = input.skip_blanks ? await readRect(wb, dst.sheet, rectAt) : undefined;
      // A spill copied with its formula spills again at the target; its other cells stay empty
      // there. Without the formula (or pasting values) they are plain values.
      const anchors = cells.some((line) => line.some((c) => isRich(c) && c.f !== undefined && c.sp === undefined));
      const contents: Content[][] = Array.from({ length: th }, () => Array<Content>(tw).fill(null));
      const styles: (number | undefined)[][] = Array.from({ length: th }, () => Array<number | undefined>(tw).fill(undefined));
      let skipped = 0;
      cells.forEach((line, i) =>
        line.forEach((cell, j) => {
          const [ti, tj] = input.transpose ? [j, i] : [i, j];
          const dr = dst.row + ti - (src.rect.r0 + i), dc = dst.col + tj - (src.rect.c0 + j);
          const spilled = isRich(cell) && cell.sp !== undefined;
          if (under && isBlank(cell)) {
            // The target cell is written back as it is (contents and style).
            contents[ti]![tj] = copiedContent(under[ti]![tj], 0, 0);
            skipped++;
            return;
          }
          contents[ti]![tj] = input.paste === 'values' ? valueContent(cell) : spilled && anchors ? null : copiedContent(cell, dr, dc);
          if (input.paste === 'all' || input.paste === 'formats') styles[ti]![tj] = styleOf(cell);
        }),
      );
      const rect = rectAt;
      await wb.load(dst.sheet, rect);
      if (input.paste === 'formats') putStyles(wb, dst.sheet, dst.row, dst.col, styles);
      else await putBlock(wb, dst.sheet, dst.row, dst.col, contents, styles);
      const other = dst.sheet !== src.sheet;
      return {
        source: other || src.qualified ? qualified(src.sheet.name, rectToA1(src.rect)) : rectToA1(src.rect),
        target: other ? qualified(dst.sheet.name, rectToA1(rect)) : rectToA1(rect),
        pasted_cells: th * tw - skipped,
      };
    });
    return { ...result, version };
  },
});
