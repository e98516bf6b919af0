// PATCH /v1/files/{id}/pivots: supplied fields replace the stored ones; the pivot is rewritten.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { anchorOf, checkShape, sourceOf } from '../../pivots/build.ts';
import { pivotsOf, type PivotSpec } from '../../pivots/model.ts';
import { clearOutput, refreshPivot } from '../../pivots/refresh.ts';
import { pivotView } from '../../pivots/view.ts';
import { VersionOut } from '../../op-fields.ts';
import { PivotId, PivotOut, pivotFields } from '../../pivots/schemas.ts';
import { locatePivot } from '../../pivots/locate.ts';

export const updatePivot = defineOp({
  name: 'update_pivot',
  summary: 'Change a pivot table: given fields replace the stored ones (a sheet moves it).',
  area: 'pivots',
  http: { method: 'PATCH', path: '/v1/files/:file_uuid/pivots' },
  input: z.strictObject({
    file_uuid: FileId,
    pivot_id: PivotId,
    source: pivotFields.source,
    source_table: pivotFields.source_table,
    anchor: pivotFields.anchor.optional(),
    name: pivotFields.name,
    rows: pivotFields.rows.unwrap().optional().describe('Replaces the row fields.'),
    columns: pivotFields.columns.unwrap().optional().describe('Replaces the column fields.'),
    values: pivotFields.values.unwrap().optional().describe('Replaces the values.'),
    filters: pivotFields.filters.unwrap().optional().describe('Replaces the filters.'),
    grand_totals: z.boolean().optional().describe('Grand Total line and column.'),
    subtotals: z.boolean().optional().describe('Totals of outer groups.'),
    sheet: SheetName.optional().describe('Moves the pivot there.'),
  }),
  output: PivotOut.extend({ version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet: oldSheet, pivot: old } = locatePivot(wb, input.pivot_id);
      let sheet = oldSheet, at = old.anchor;
      if (input.anchor !== undefined) ({ sheet, at } = anchorOf(wb, input.sheet, input.anchor));
      else if (input.sheet !== undefined) sheet = wb.sheet(input.sheet);
      const next: PivotSpec = {
        ...structuredClone(old),
        anchor: at,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.rows !== undefined ? { rows: input.rows } : {}),
        ...(input.columns !== undefined ? { columns: input.columns } : {}),
        ...(input.values !== undefined ? { values: input.values } : {}),
        ...(input.filters !== undefined ? { filters: input.filters } : {}),
        ...(input.grand_totals !== undefined ? { grand_totals: input.grand_totals } : {}),
        ...(input.subtotals !== undefined ? { subtotals: input.subtotals } : {}),
      };
      if (input.source !== undefined || input.source_table !== undefined) next.source = sourceOf(wb, sheet, input.source, input.source_table);
      checkShape(next.rows, next.columns, next.values, next.filters);
      const list = pivotsOf(oldSheet);
      const index = list.indexOf(old);
      list.splice(index, 1);
      if (sheet !== oldSheet || at.row !== old.anchor.row || at.col !== old.anchor.col) {
        await clearOutput(wb, oldSheet, old);
        delete next.output;
      }
      await refreshPivot(wb, sheet, next, true);
      if (sheet === oldSheet) list.splice(index, 0, next);
      else pivotsOf(sheet).push(next);
      return pivotView(wb, sheet, next);
    });
    return { ...result, version };
  },
});
