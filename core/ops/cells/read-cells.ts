// GET /v1/files/{id}/cells: displayed values (or raw, or write-back formulas) and formula errors.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName, RenderParam } from '../../schemas.ts';
import { readGrid, type Render } from '../../workbook/read.ts';
import { targetRange } from '../../workbook/targets.ts';
import type { Workbook } from '../../workbook/workbook.ts';

const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const CellErrorOut = z.object({ cell: z.string(), error: z.string(), message: z.string() });
const Block = z.object({ range: z.string(), sheet: z.string().optional(), values: z.array(z.array(CellValue)), errors: z.array(CellErrorOut) });

export const ReadInput = z.strictObject({
  file_uuid: FileId,
  range: A1Range.optional().describe('Default: the used range.'),
  ranges: z.array(A1Range).min(1).max(100, 'at most 100 ranges').optional().describe('Several ranges.'),
  sheet: SheetName.optional(),
  render: RenderParam,
});

export const ReadOutput = z.object({
  sheet: z.string(),
  range: z.string().optional(),
  values: z.array(z.array(CellValue)).optional(),
  errors: z.array(CellErrorOut).optional(),
  ranges: z.array(Block).optional(),
});

type ReadArgs = z.output<typeof ReadInput>;

export async function readBlocks(wb: Workbook, input: ReadArgs, maxCells: number) {
  if (input.range !== undefined && input.ranges !== undefined) throw new OpError('invalid_argument', 'range: give either range or ranges, not both', { field: 'range' });
  const refs = input.ranges ?? [input.range ?? usedRef(wb, input.sheet)];
  const targets = refs.map((ref, i) => targetRange(wb, input.sheet, ref, input.ranges ? `ranges[${i}]` : 'range'));
  const cells = targets.reduce((n, t) => n + (t.rect.r1 - t.rect.r0 + 1) * (t.rect.c1 - t.rect.c0 + 1), 0);
  if (cells > maxCells) throw new OpError('payload_too_large', `range: ${cells} cells requested; at most ${maxCells} per read. Read in smaller ranges (or page with GET /data).`, { field: 'range', limit: maxCells });
  const blocks = [];
  for (const t of targets) {
    await wb.load(t.sheet, t.rect);
    const grid = readGrid(t.sheet, wb.styles, t.rect, input.render as Render, t.qualified);
    blocks.push({ range: t.a1, ...(t.qualified ? { sheet: t.sheet.name } : {}), ...grid });
  }
  const sheet = (targets[0]?.sheet ?? wb.sheet(input.sheet)).name;
  if (input.ranges) return { sheet, ranges: blocks };
  const { range, values, errors } = blocks[0]!;
  return { sheet, range, values, errors };
}

function usedRef(wb: Workbook, sheetName: string | undefined): string {
  const used = wb.sheet(sheetName).usedExtent();
  return used.rows === 0 ? 'A1' : rectToA1({ r0: 0, c0: 0, r1: used.rows - 1, c1: used.cols - 1 });
}

export const readCells = defineOp({
  name: 'read_cells',
  summary: 'Read the values of a range (or several), as displayed by default, with formula errors.',
  area: 'cells',
  http: { method: 'GET', path: '/v1/files/:file_uuid/cells' },
  input: ReadInput,
  output: ReadOutput,
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) => ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => readBlocks(wb, input, ctx.services.config.limits.cellsPerRead)),
});
