// GET /v1/files/{id}/cells: displayed values (or raw, or write-back formulas) and formula errors.
import { z } from 'zod';
import { qualified, rectToA1, rectsIntersect, type Rect } from '../../a1.ts';
import { codeCells } from '../../code/model.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName, RenderParam } from '../../schemas.ts';
import { readGrid, type Render } from '../../workbook/read.ts';
import { lazyContext, shownFormulaOf } from '../../io/excel-text.ts';
import { targetRange } from '../../workbook/targets.ts';
import { TypedGridOut } from '../../workbook/typed-value.ts';
import type { Workbook } from '../../workbook/workbook.ts';

const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const CellErrorOut = z.object({ cell: z.string(), error: z.string(), message: z.string() });
const Block = z.object({ range: z.string(), sheet: z.string().optional(), values: z.array(z.array(CellValue)), typed: TypedGridOut.optional(), errors: z.array(CellErrorOut) });

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
  typed: TypedGridOut.optional(),
  errors: z.array(CellErrorOut).optional(),
  ranges: z.array(Block).optional(),
  pending: z.array(z.string()).optional().describe('Results of code cells still queued or running: stale until they finish (wait_task).'),
});

type ReadArgs = z.output<typeof ReadInput>;

export async function readBlocks(wb: Workbook, input: ReadArgs, maxCells: number) {
  if (input.range !== undefined && input.ranges !== undefined) throw new OpError('invalid_argument', 'range: give either range or ranges, not both', { field: 'range' });
  const refs = input.ranges ?? [input.range ?? usedRef(wb, input.sheet)];
  const targets = refs.map((ref, i) => targetRange(wb, input.sheet, ref, input.ranges ? `ranges[${i}]` : 'range'));
  const cells = targets.reduce((n, t) => n + (t.rect.r1 - t.rect.r0 + 1) * (t.rect.c1 - t.rect.c0 + 1), 0);
  if (cells > maxCells) throw new OpError('payload_too_large', `range: ${cells} cells requested; at most ${maxCells} per read. Read in smaller ranges (or page with export_data).`, { field: 'range', limit: maxCells });
  const blocks = [];
  const ctx = lazyContext(wb);
  for (const t of targets) {
    await wb.load(t.sheet, t.rect);
    const grid = readGrid(t.sheet, wb.styles, t.rect, input.render as Render, t.qualified, { typed: true, shownFormula: (cell, row) => shownFormulaOf(ctx, t.sheet.name, row, cell) });
    blocks.push({ range: t.a1, ...(t.qualified ? { sheet: t.sheet.name } : {}), ...grid });
  }
  const sheet = (targets[0]?.sheet ?? wb.sheet(input.sheet)).name;
  const stale = pendingResults(wb, targets);
  const pending = stale.length ? { pending: stale } : {};
  if (input.ranges) return { sheet, ranges: blocks, ...pending };
  const { range, values, typed, errors } = blocks[0]!;
  return { sheet, range, values, typed, errors, ...pending };
}

/** The result ranges of code cells whose run is queued or under way that the read touches. */
function pendingResults(wb: Workbook, targets: { sheet: SheetModel; rect: Rect }[]): string[] {
  const out = new Set<string>();
  for (const t of targets) {
    for (const cc of codeCells(t.sheet)) {
      if (cc.status !== 'queued') continue;
      const rect = cc.spill ?? { r0: cc.row, c0: cc.col, r1: cc.row, c1: cc.col };
      if (rectsIntersect(rect, t.rect)) out.add(t.sheet === targets[0]!.sheet ? rectToA1(rect) : qualified(t.sheet.name, rectToA1(rect)));
    }
  }
  return [...out];
}

function usedRef(wb: Workbook, sheetName: string | undefined): string {
  const used = wb.sheet(sheetName).usedExtent();
  return used.rows === 0 ? 'A1' : rectToA1({ r0: 0, c0: 0, r1: used.rows - 1, c1: used.cols - 1 });
}

export const readCells = defineOp({
  name: 'read_cells',
  summary: 'Read the values of a range (or several), as displayed by default, errors too.',
  area: 'cells',
  http: { method: 'GET', path: '/v1/files/:file_uuid/cells' },
  input: ReadInput,
  output: ReadOutput,
  hints: { readOnly: true, idempotent: true },
  handler: (ctx, input) => ctx.services.workbooks.read(ctx, input.file_uuid, (wb) => readBlocks(wb, input, ctx.services.config.limits.cellsPerRead)),
});
