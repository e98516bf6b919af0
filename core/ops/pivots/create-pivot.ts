// POST /v1/files/{id}/pivots: a pivot table over a range or data table, written into cells at an
// anchor and refreshed in the same commit whenever its source changes.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { anchorOf, checkShape, sourceOf } from '../../pivots/build.ts';
import { allPivots, pivotsOf, type PivotSpec } from '../../pivots/model.ts';
import { refreshPivot } from '../../pivots/refresh.ts';
import { pivotView } from '../../pivots/view.ts';
import { newId } from '../../objects/ranges.ts';
import { VersionOut } from '../../op-fields.ts';
import { PivotOut, pivotFields } from '../../pivots/schemas.ts';

export const createPivot = defineOp({
  name: 'create_pivot',
  summary: 'Create a pivot table written at an anchor and kept up to date.',
  area: 'pivots',
  http: { method: 'POST', path: '/v1/files/:file_uuid/pivots' },
  input: z.strictObject({ file_uuid: FileId, ...pivotFields, sheet: SheetName.optional() }),
  output: PivotOut.extend({ version: VersionOut }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    checkShape(input.rows, input.columns, input.values, input.filters);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const { sheet, at } = anchorOf(wb, input.sheet, input.anchor);
      const taken = new Set(allPivots(wb).map((p) => p.pivot.name.toLowerCase()));
      let n = taken.size + 1;
      while (taken.has(`pivot ${n}`)) n++;
      const pivot: PivotSpec = {
        id: newId('pvt'),
        name: input.name ?? `Pivot ${n}`,
        source: sourceOf(wb, sheet, input.source, input.source_table),
        anchor: at,
        rows: input.rows,
        columns: input.columns,
        values: input.values,
        filters: input.filters,
        grand_totals: input.grand_totals,
        subtotals: input.subtotals,
      };
      await refreshPivot(wb, sheet, pivot, true);
      pivotsOf(sheet).push(pivot);
      return pivotView(wb, sheet, pivot);
    });
    return { ...result, version };
  },
});
