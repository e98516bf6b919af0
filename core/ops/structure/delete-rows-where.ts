// POST /v1/files/{id}/rows/delete-where: deletes the whole rows of a range where a condition
// formula holds (or keeps only those), as filtering a column and deleting the visible rows does
// in Excel. The condition is written for the first data row and moves with each row.
import { z } from 'zod';
import { rectToA1 } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { VersionOut } from '../../op-fields.ts';
import { rowsWhere } from '../../rows/condition.ts';
import { runsOf, spanLabel } from '../../structure/lines.ts';
import type { StructureEdit } from '../../workbook/shift.ts';
import { applyStructure, checkEdit } from '../../workbook/structure.ts';
import { targetRange } from '../../workbook/targets.ts';
import { DryRun, clampToUsed } from '../../rows/fields.ts';

export const deleteRowsWhere = defineOp({
  name: 'delete_rows_where',
  summary: 'Delete the rows where a formula holds (or keep only those).',
  area: 'structure',
  http: { method: 'POST', path: '/v1/files/:file_uuid/rows/delete-where' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.optional().describe('Default: the used range.'),
    condition: z.string().trim().min(1, 'must not be empty').max(8192, 'must be at most 8192 characters').describe('Written for the first data row.'),
    keep: z.boolean().default(false).describe('Delete the others instead.'),
    has_header: z.boolean().default(true),
    dry_run: DryRun,
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    deleted: z.array(z.string()).describe('Rows deleted (or to delete), as runs in the numbering before the call, e.g. ["3", "7:9"].'),
    count: z.number().int(),
    kept: z.number().int().describe('Rows of the range left (header excluded).'),
    dry_run: z.boolean().optional(),
    version: VersionOut,
  }),
  hints: { readOnly: false, destructive: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range ?? usedA1(wb, input.sheet), 'range');
      const body = clampToUsed(t.sheet, { ...t.rect, r0: t.rect.r0 + (input.has_header ? 1 : 0) });
      const hits = body ? await rowsWhere(wb, t.sheet, body, input.condition, 'condition') : [];
      const doomed = hits.map((h, i) => (h !== input.keep ? body!.r0 + i : -1)).filter((r) => r >= 0);
      const runs = runsOf(doomed.map((r) => ({ axis: 'row' as const, from: r, to: r })), true);
      const out = { sheet: t.sheet.name, deleted: [...runs].reverse().map((r) => spanLabel('row', r.at, r.count)), count: doomed.length, kept: hits.length - doomed.length };
      if (input.dry_run || !runs.length) return { ...out, ...(input.dry_run ? { dry_run: true } : {}) };
      const edits: StructureEdit[] = runs.map((r) => ({ kind: 'delete', axis: 'row', at: r.at, count: r.count }));
      for (const e of edits) await checkEdit(wb, t.sheet, e, 'range');
      await applyStructure(wb, t.sheet, edits);
      return out;
    });
    return { ...result, version };
  },
});

function usedA1(wb: Parameters<typeof targetRange>[0], sheet: string | undefined): string {
  const used = wb.sheet(sheet).usedExtent();
  return used.rows === 0 ? 'A1' : rectToA1({ r0: 0, c0: 0, r1: used.rows - 1, c1: Math.max(used.cols - 1, 0) });
}
