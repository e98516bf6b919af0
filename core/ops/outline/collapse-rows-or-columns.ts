// POST /v1/files/{id}/outline/collapse: the [-] and [+] beside an outline group, or the level
// buttons (1 2 3) that show every group down to a level and collapse the deeper ones.
import { z } from 'zod';
import { invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { VersionOut } from '../../op-fields.ts';
import { FileId, SheetName } from '../../schemas.ts';
import { AxisParam, axisWord, parseSpan, spanLabel } from '../../structure/lines.ts';
import { MAX_LEVEL, groupAt, groupsOf, setCollapsed } from '../../outline/model.ts';

export const collapseLines = defineOp({
  name: 'collapse_rows_or_columns',
  summary: 'Collapse or expand an outline group of rows or columns, or show the outline down to a level.',
  area: 'outline',
  http: { method: 'POST', path: '/v1/files/:file_uuid/outline/collapse' },
  input: z.strictObject({
    file_uuid: FileId,
    range: z.string().max(40).optional().describe('A line inside the group ("5", "C:D"): its innermost group.'),
    expand: z.boolean().default(false).describe('Show the group again.'),
    show_level: z.number().int().min(1).max(MAX_LEVEL + 1).optional().describe("Instead of range: Excel's level buttons; groups deeper than this collapse, the rest expand."),
    axis: AxisParam.optional().describe('With show_level: rows or columns.'),
    sheet: SheetName.optional(),
  }),
  output: z.object({
    sheet: z.string(),
    axis: z.enum(['rows', 'columns']),
    collapsed: z.array(z.string()).describe('Groups now collapsed ("3:8").'),
    expanded: z.array(z.string()).describe('Groups now shown.'),
    version: VersionOut,
  }),
  hints: { readOnly: false, idempotent: true },
  text: { use: 'Hidden lines stay in formulas; SUBTOTAL(109,...) skips them.', example: { range: '5' }, returns: 'the groups collapsed and expanded.' },
  handler: async (ctx, input) => {
    if ((input.range === undefined) === (input.show_level === undefined)) throw invalidArg('range', 'give either range (a line inside one group) or show_level with axis, not both or neither');
    if (input.show_level !== undefined && !input.axis) throw invalidArg('axis', 'is required with show_level: rows or columns');
    const span = input.range !== undefined ? parseSpan(input.range, 'range') : undefined;
    const axis = span?.axis ?? (input.axis === 'rows' ? 'row' : 'col');
    const { result, version } = await ctx.services.workbooks.write(ctx, input, (wb) => {
      const sheet = wb.sheet(input.sheet);
      const label = (g: { from: number; to: number }) => spanLabel(axis, g.from, g.to - g.from + 1);
      const collapsed: string[] = [], expanded: string[] = [];
      if (span) {
        const group = groupAt(sheet, axis, span.from);
        if (!group) throw invalidArg('range', `${axis === 'row' ? 'row' : 'column'} ${spanLabel(axis, span.from, 1)} is in no outline group; group_rows_or_columns makes one`);
        setCollapsed(sheet, axis, group, !input.expand);
        (input.expand ? expanded : collapsed).push(label(group));
      } else {
        // Outer groups first: expanding an outer one shows its lines, collapsing an inner one hides them again.
        for (const g of groupsOf(sheet, axis)) {
          const collapse = g.level >= input.show_level!;
          setCollapsed(sheet, axis, g, collapse);
          (collapse ? collapsed : expanded).push(label(g));
        }
      }
      // Rows hidden or shown change what SUBTOTAL 101-111 counts.
      if (axis === 'row') wb.recalculate();
      return { sheet: sheet.name, axis: axisWord(axis), collapsed, expanded };
    });
    return { ...result, version };
  },
});
