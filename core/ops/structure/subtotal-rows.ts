// POST /v1/files/{id}/rows/subtotals: Excel's Data > Subtotal. Under each run of equal values in
// one column a row is inserted with "<value> Total" and =SUBTOTAL(fn, ...) over the run for the
// chosen columns, plus a Grand Total row; remove: true deletes the rows holding SUBTOTAL again.
import { z } from 'zod';
import { indexToCol } from '../../a1.ts';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';
import { columnOf, readRect } from '../../cells/range-edit.ts';
import { DryRun, clampToUsed } from '../../rows/fields.ts';
import { runsOf, spanLabel } from '../../structure/lines.ts';
import { formulaOf, valueOf, type Cell } from '../../workbook/cell.ts';
import type { StructureEdit } from '../../workbook/shift.ts';
import { applyStructure, checkEdit } from '../../workbook/structure.ts';
import { targetRange } from '../../workbook/targets.ts';
import type { Content } from '../../workbook/workbook.ts';

/** SUBTOTAL's function numbers, as Excel's Subtotal dialog uses them (count is COUNTA). */
const FN = { sum: 9, count: 3, average: 1, max: 4, min: 5, product: 6, count_numbers: 2, stdev: 7, stdevp: 8, var: 10, varp: 11 } as const;
const LISTED = 20;

export const subtotalRows = defineOp({
  name: 'subtotal_rows',
  summary: 'Add SUBTOTAL rows at each change of a column (Data > Subtotal), or remove them.',
  area: 'structure',
  http: { method: 'POST', path: '/v1/files/:file_uuid/rows/subtotals' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('With its header row.'),
    group_by: z.string().min(1).max(100).optional().describe('Letter or header; a total at each change.'),
    columns: z.array(z.string().min(1).max(100)).min(1).max(100).optional().describe('Letters or headers to total.'),
    function: z.enum(Object.keys(FN) as [keyof typeof FN, ...(keyof typeof FN)[]]).default('sum').describe('count counts non-empty cells.'),
    grand_total: z.boolean().default(true),
    remove: z.boolean().default(false).describe('Delete SUBTOTAL rows instead.'),
    dry_run: DryRun,
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    rows: z.array(z.string()).describe('Rows inserted (numbering after the call) or removed (before it), as runs.'),
    count: z.number().int(),
    totals: z.array(z.object({ row: z.number().int(), label: z.string() })).optional().describe(`The first ${LISTED} total rows with their labels.`),
    dry_run: z.boolean().optional(),
    version: VersionOut,
  }),
  hints: { readOnly: false, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      const rect = clampToUsed(t.sheet, t.rect);
      if (!rect || rect.r1 <= rect.r0) throw invalidArg('range', `${t.a1} holds no rows under its header`);
      const cells = await readRect(wb, t.sheet, rect);
      const dry = input.dry_run ? { dry_run: true } : {};
      if (input.remove) {
        const doomed = cells.map((line, i) => (line.some(isSubtotal) ? rect.r0 + i : -1)).filter((r) => r > rect.r0);
        const runs = runsOf(doomed.map((r) => ({ axis: 'row' as const, from: r, to: r })), true);
        if (!input.dry_run && runs.length) {
          const edits: StructureEdit[] = runs.map((r) => ({ kind: 'delete', axis: 'row', at: r.at, count: r.count }));
          for (const e of edits) await checkEdit(wb, t.sheet, e, 'range');
          await applyStructure(wb, t.sheet, edits);
        }
        return { sheet: t.sheet.name, rows: [...runs].reverse().map((r) => spanLabel('row', r.at, r.count)), count: doomed.length, ...dry };
      }
      if (input.group_by === undefined || input.columns === undefined) throw invalidArg(input.group_by === undefined ? 'group_by' : 'columns', 'is required to add subtotals (or give remove: true)');
      const headers = cells[0]!;
      const by = columnOf(input.group_by, rect, headers, 'group_by');
      const totals = input.columns.map((c, i) => columnOf(c, rect, headers, `columns[${i}]`));
      // Runs of equal values in the group column (text without case, as Excel compares).
      const key = (c: Cell) => { const v = valueOf(c); return typeof v === 'string' ? `s${v.toLowerCase()}` : `${typeof v}${String(v)}`; };
      const groups: { from: number; to: number; label: string }[] = [];
      for (let i = 1; i < cells.length; i++) {
        const last = groups[groups.length - 1];
        if (last && key(cells[i]![by]) === key(cells[last.to - rect.r0]![by])) last.to = rect.r0 + i;
        else groups.push({ from: rect.r0 + i, to: rect.r0 + i, label: String(valueOf(cells[i]![by]) ?? '') });
      }
      // Final numbering: group g's rows move down by the g total rows inserted above them.
      const rows = groups.map((g, n) => ({ row: g.to + n + 1, from: g.from + n, to: g.to + n, label: `${g.label} Total` }));
      if (input.grand_total) rows.push({ row: rect.r1 + groups.length + 1, from: rect.r0 + 1, to: rect.r1 + groups.length, label: 'Grand Total' });
      const out = { sheet: t.sheet.name, rows: runsOf(rows.map((r) => ({ axis: 'row' as const, from: r.row, to: r.row }))).map((r) => spanLabel('row', r.at, r.count)), count: rows.length, totals: rows.slice(0, LISTED).map((r) => ({ row: r.row + 1, label: r.label })), ...dry };
      if (input.dry_run) return out;
      // Inserted bottom-up so each insert leaves the rows above it where they are; the last group
      // takes the Grand Total row too.
      const edits: StructureEdit[] = groups.map((g, n) => ({ kind: 'insert' as const, axis: 'row' as const, at: g.to + 1, count: n === groups.length - 1 && input.grand_total ? 2 : 1 })).reverse();
      for (const e of edits) await checkEdit(wb, t.sheet, e, 'range');
      await applyStructure(wb, t.sheet, edits);
      const width = rect.c1 - rect.c0 + 1;
      for (const r of rows) {
        const line: Content[] = Array<Content>(width).fill(null);
        line[by] = r.label;
        for (const c of totals) {
          const col = indexToCol(rect.c0 + c);
          line[c] = { f: `=SUBTOTAL(${FN[input.function]},${col}${r.from + 1}:${col}${r.to + 1})` };
        }
        await wb.writeCells(t.sheet, r.row, rect.c0, [line]);
      }
      return out;
    });
    return { ...result, version };
  },
});

function isSubtotal(c: Cell): boolean {
  return /^=\s*SUBTOTAL\s*\(/i.test(formulaOf(c) ?? '');
}

