// PUT /v1/files/{id}/autofilter: Excel's Data > Filter on a range (buttons on its first row), with
// criteria per column; the data rows that fail them are hidden, the rest shown. One per sheet: a
// new one replaces the sheet's filter.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { invalidArg } from '../../errors.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { columnOf, readRect } from '../../cells/range-edit.ts';
import { rectToA1 } from '../../a1.ts';
import { targetRange } from '../../workbook/targets.ts';
import { applyFilter, showAll } from '../../autofilter/apply.ts';
import { OPERATORS, type FilterColumn } from '../../autofilter/model.ts';

const Condition = z.strictObject({ operator: z.enum(OPERATORS), value: z.union([z.string().max(255), z.number()]).describe('Text may use * ? wildcards with equal/not_equal.') });

const Column = z.strictObject({
  column: z.string().min(1).max(100).describe('Letter or header text.'),
  values: z.array(z.string().max(255)).max(10_000).optional().describe('Shown values to keep.'),
  blanks: z.boolean().optional().describe('Keep empty cells too.'),
  conditions: z.array(Condition).min(1).max(2).optional(),
  match: z.enum(['all', 'any']).default('all').describe('How two conditions join.'),
  top: z.strictObject({ count: z.number().positive().max(1_000_000), percent: z.boolean().optional(), bottom: z.boolean().optional() }).optional().describe('Top (or bottom) N items or percent.'),
});

export const setAutofilter = defineOp({
  name: 'set_autofilter',
  summary: "Filter a range as Excel's Data > Filter does: rows failing the columns' criteria are hidden.",
  area: 'autofilter',
  http: { method: 'PUT', path: '/v1/files/:file_uuid/autofilter' },
  input: z.strictObject({
    file_uuid: FileId,
    range: A1Range.describe('Header row and data, e.g. A1:D51.'),
    columns: z.array(Column).max(100).default([]).describe('Criteria per column; none: buttons only.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({ sheet: z.string(), range: z.string(), shown: z.number().int().describe('Data rows shown.'), hidden: z.number().int(), version: VersionOut }),
  hints: { readOnly: false, idempotent: true },
  text: { use: 'Hidden rows stay in formulas; SUBTOTAL(109,...) skips them. clear_autofilter shows all.', example: { range: 'A1:D51', columns: [{ column: 'C', conditions: [{ operator: 'greater_than', value: 3000 }] }] }, returns: 'rows shown and hidden.' },
  handler: async (ctx, input) => {
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const t = targetRange(wb, input.sheet, input.range, 'range');
      if (t.rect.r1 === Infinity || t.rect.c1 === Infinity) throw invalidArg('range', 'must be a bounded range such as A1:D51 (a header row and the data under it)');
      const headers = (await readRect(wb, t.sheet, { ...t.rect, r1: t.rect.r0 }, 'range'))[0];
      const columns: FilterColumn[] = input.columns.map((c, i) => {
        const field = `columns[${i}]`;
        const kinds = [c.values !== undefined || c.blanks, c.conditions !== undefined, c.top !== undefined].filter(Boolean).length;
        if (kinds !== 1) throw invalidArg(field, 'give one kind of criterion: values (and/or blanks), conditions, or top');
        const col = columnOf(c.column, t.rect, headers, `${field}.column`);
        if (c.conditions) return { col, conditions: c.conditions.map((k) => ({ operator: k.operator, value: String(k.value) })), ...(c.match === 'all' && c.conditions.length > 1 ? { and: true } : {}) };
        if (c.top) return { col, top: c.top };
        return { col, ...(c.values?.length ? { values: c.values } : {}), ...(c.blanks ? { blank: true } : {}) };
      });
      const dup = columns.findIndex((c, i) => columns.findIndex((d) => d.col === c.col) !== i);
      if (dup >= 0) throw invalidArg(`columns[${dup}].column`, 'names a column already filtered in this call; give each column once');
      // The old filter's hidden rows come back before the new criteria hide theirs.
      showAll(wb, t.sheet);
      t.sheet.meta.autofilter = { range: rectToA1(t.rect), ...(columns.length ? { columns } : {}) };
      const { shown, hidden } = await applyFilter(wb, t.sheet);
      return { sheet: t.sheet.name, range: rectToA1(t.rect), shown, hidden };
    });
    return { ...result, version };
  },
});
