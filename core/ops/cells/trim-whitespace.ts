// POST /v1/files/{id}/cells/trim: cleans text as Google Sheets' "Trim whitespace" does: spaces
// (tabs and non-breaking spaces too) at both ends go, runs inside become one space; line breaks
// inside a cell stay. The cleaned text is typed again as write_cells types strings, so " 42 "
// becomes the number 42 and a column of dates a column of dates.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { checkSize, isComputed, readRect } from '../../cells/range-edit.ts';
import { keepTextFormatted } from '../../cells/text-format.ts';
import { toContents } from '../../cells/write-input.ts';
import { formulaOf, valueOf } from '../../workbook/cell.ts';
import { targetRange } from '../../workbook/targets.ts';
import { VersionOut } from '../../op-fields.ts';

export function trimmed(text: string): string {
  return text.replace(/[^\S\n\r]+/g, ' ').replace(/ ?([\n\r]+) ?/g, '$1').trim();
}

export const trimWhitespace = defineOp({
  name: 'trim_whitespace',
  summary: 'Trim text cells (ends, inner runs of spaces).',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/trim' },
  input: z.strictObject({ file_uuid: FileId, range: A1Range.describe('E.g. A:D.'), sheet: SheetName.optional() }),
  output: z.object({ sheet: z.string(), range: z.string(), trimmed_cells: z.number().int(), warnings: z.array(z.string()).optional(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      checkSize(t.rect, ctx.services.config.limits.cellsPerWrite, 'range');
      const cells = await readRect(wb, t.sheet, t.rect);
      // The whole range is typed as one block (dates decided per column), then written in runs
      // of changed cells, so formulas and computed cells in between are never rewritten.
      const texts: (string | null)[][] = cells.map((line) =>
        line.map((cell) => {
          const v = valueOf(cell);
          if (typeof v !== 'string' || formulaOf(cell) !== undefined || isComputed(cell)) return null;
          const clean = trimmed(v);
          return clean === v ? null : clean;
        }),
      );
      const { grid, warnings } = toContents(texts.map((line) => line.map((x) => (x === null ? null : x === '' ? '' : x.startsWith('=') ? `'${x}` : x))), 'literal', { row: t.rect.r0, col: t.rect.c0 });
      let count = 0;
      for (let i = 0; i < texts.length; i++) {
        const line = texts[i]!;
        for (let j = 0; j < line.length; ) {
          if (line[j] === null) {
            j++;
            continue;
          }
          let k = j;
          while (k < line.length && line[k] !== null) k++;
          const run = [grid[i]!.slice(j, k)];
          await keepTextFormatted(wb, t.sheet, t.rect.r0 + i, t.rect.c0 + j, run, [line.slice(j, k) as string[]]);
          await wb.writeCells(t.sheet, t.rect.r0 + i, t.rect.c0 + j, run);
          count += k - j;
          j = k;
        }
      }
      return { sheet: t.sheet.name, range: t.a1, trimmed_cells: count, ...(warnings.length ? { warnings } : {}) };
    });
    return { ...result, version };
  },
});
