// POST /v1/files/{id}/cells/remove-duplicates: keeps the first of each group of rows equal in the
// chosen columns, as Excel's Data > Remove Duplicates does: the rows left close up inside the
// range (cells outside it do not move), text compares without case, numbers by value.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { HasHeader, checkSize, columnOf, copiedContent, putBlock, readRect } from '../../cells/range-edit.ts';
import { isRich, styleOf, valueOf, type Cell } from '../../workbook/cell.ts';
import { targetRange } from '../../workbook/targets.ts';
import type { Content } from '../../workbook/workbook.ts';
import { VersionOut } from '../../op-fields.ts';
import { significant15 } from '../../numbers.ts';

/** What makes two cells the same for Remove Duplicates. */
function keyOf(cell: Cell): string {
  if (isRich(cell) && cell.e !== undefined) return `e${cell.e}`;
  const v = valueOf(cell);
  if (v === null || v === '') return '_';
  // Excel compares numbers at 15 significant digits: =0.1+0.2 repeats a typed 0.3.
  if (typeof v === 'number') return `n${significant15(v)}`;
  if (typeof v === 'boolean') return `b${v}`;
  return `s${v.toLowerCase()}`;
}

export const removeDuplicates = defineOp({
  name: 'remove_duplicates',
  summary: 'Remove rows repeating an earlier row in the given columns; the rest close up.',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/remove-duplicates' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('E.g. A1:D500 or A:D.'),
    columns: z.array(z.string().min(1).max(100)).min(1).max(100).optional().describe('Letters or headers compared; default all.'),
    has_header: HasHeader,
    sheet: SheetName.optional(),
  }),
  output: z.object({ sheet: z.string(), range: z.string().describe('The rows kept.'), removed: z.number().int(), kept: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      checkSize(t.rect, ctx.services.config.limits.cellsPerWrite, 'range');
      const all = await readRect(wb, t.sheet, t.rect, 'range');
      const headers = input.has_header ? all[0] : undefined;
      const cols = input.columns ? input.columns.map((k, i) => columnOf(k, t.rect, headers, `columns[${i}]`)) : all[0]!.map((_, j) => j);
      const skip = input.has_header ? 1 : 0;
      const seen = new Set<string>();
      const kept: number[] = [];
      for (let i = skip; i < all.length; i++) {
        const key = cols.map((j) => keyOf(all[i]![j])).join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
        kept.push(i);
      }
      const removed = all.length - skip - kept.length;
      const body = { ...t.rect, r0: t.rect.r0 + skip };
      if (removed > 0) {
        const width = t.rect.c1 - t.rect.c0 + 1;
        const contents: Content[][] = [];
        const styles: number[][] = [];
        kept.forEach((src, i) => {
          contents.push(all[src]!.map((cell) => copiedContent(cell, i + skip - src, 0)));
          styles.push(all[src]!.map((cell) => styleOf(cell)));
        });
        // The rows left over at the bottom of the range are emptied, formats too.
        for (let i = 0; i < removed; i++) {
          contents.push(Array<Content>(width).fill(null));
          styles.push(Array<number>(width).fill(0));
        }
        await putBlock(wb, t.sheet, body.r0, body.c0, contents, styles);
      }
      const range = kept.length ? rectToA1({ ...body, r1: body.r0 + kept.length - 1 }) : '';
      return { sheet: t.sheet.name, range, removed, kept: kept.length };
    });
    return { ...result, version };
  },
});
