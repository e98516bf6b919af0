// GET /v1/files/{id}/cells/code: the code of a cell (Python, SQL, JavaScript — or its formula),
// the state of its last run (queued, running, done, error), its printed output and error.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { codeCellAt, edgeA1, type CodeCell } from '../../code/model.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Cell, FileId, SheetName } from '../../schemas.ts';
import type { TaskRecord } from '../../store.ts';
import { lazyContext, shownFormulaOf } from '../../io/excel-text.ts';
import { isRich } from '../../workbook/cell.ts';
import { targetCell } from '../../workbook/targets.ts';

export const CodeCellOut = z.object({
  sheet: z.string(),
  cell: z.string(),
  language: z.enum(['python', 'connection', 'javascript', 'formula']),
  code: z.string(),
  connection_uuid: z.string().optional(),
  status: z.enum(['queued', 'running', 'done', 'error']),
  output: z.string().describe('What the code printed (stdout) in its last run.'),
  error: z.string().optional().describe('Why the last run failed: the exception (Python traceback in `traceback`), a timeout, a #SPILL! conflict.'),
  traceback: z.string().optional(),
  task_id: z.string().optional().describe('The latest run; wait_task waits for it.'),
  result_range: z.string().optional().describe('Where the last result lies (the anchor alone for a single value).'),
  reads: z.array(z.string()).describe('Ranges the code read in its last run; a change there reruns it.'),
  updated: z.string().optional(),
  ran_at: z.string().optional(),
  duration_ms: z.number().optional(),
});

/** The public view of a code cell; `task` (its latest run) refines a queued status. */
export function codeCellView(sheetName: string, a1: string, cc: CodeCell, reads: string[], task: TaskRecord | null): z.input<typeof CodeCellOut> {
  let status: 'queued' | 'running' | 'done' | 'error' = cc.status;
  let error = cc.error;
  if (cc.status === 'queued' && task?.id === cc.task_id) {
    if (task.status === 'running') status = 'running';
    else if (task.status === 'error' || task.status === 'cancelled') {
      status = 'error';
      error = task.error ?? 'The run failed.';
    }
  }
  return {
    sheet: sheetName,
    cell: a1,
    language: cc.language,
    code: cc.code,
    ...(cc.connection_id ? { connection_uuid: cc.connection_id } : {}),
    status,
    output: cc.output ?? '',
    ...(error ? { error } : {}),
    ...(status === 'error' && cc.traceback && error === cc.error ? { traceback: cc.traceback } : {}),
    task_id: cc.task_id,
    ...(cc.spill ? { result_range: rectToA1(cc.spill) } : {}),
    reads,
    updated: cc.updated,
    ...(cc.ran_at ? { ran_at: cc.ran_at } : {}),
    ...(cc.duration_ms !== undefined ? { duration_ms: cc.duration_ms } : {}),
  };
}

export const getCodeCell = defineOp({
  name: 'get_code_cell',
  summary: 'Read a code cell: code, status, output, error.',
  area: 'code',
  http: { method: 'GET', path: '/v1/files/:file_uuid/cells/code' },
  input: z.strictObject({ file_uuid: FileId, cell: A1Cell.describe('Its anchor cell.'), sheet: SheetName.optional() }),
  output: CodeCellOut,
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const found = await ctx.services.workbooks.read(ctx, input.file_uuid, async (wb) => {
      const t = targetCell(wb, input.sheet, input.cell, 'cell');
      const cc = codeCellAt(t.sheet, t.row, t.col);
      if (cc) return { kind: 'code' as const, sheet: t.sheet.name, a1: t.a1, cc: structuredClone(cc), reads: (cc.reads ?? []).map((e) => edgeA1(wb, e, t.sheet)) };
      await wb.load(t.sheet, { r0: t.row, c0: t.col, r1: t.row, c1: t.col });
      const cell = t.sheet.get(t.row, t.col);
      if (isRich(cell) && cell.f !== undefined) return { kind: 'formula' as const, sheet: t.sheet.name, a1: t.a1, formula: shownFormulaOf(lazyContext(wb), t.sheet.name, t.row, cell), error: cell.e };
      const owner = isRich(cell) ? cell.o : undefined;
      throw new OpError('not_found', `cell: ${t.sheet.name}!${t.a1} holds no code cell or formula${owner ? ` (it is part of the result of the code cell at ${owner})` : ''}; set_code_cell places one.`, { field: 'cell' });
    });
    if (found.kind === 'formula') {
      return { sheet: found.sheet, cell: found.a1, language: 'formula' as const, code: found.formula, status: found.error ? ('error' as const) : ('done' as const), output: '', ...(found.error ? { error: found.error } : {}), reads: [] };
    }
    const task = found.cc.status === 'queued' ? await ctx.services.store.getTask(found.cc.task_id) : null;
    return codeCellView(found.sheet, found.a1, found.cc, found.reads, task);
  },
});
