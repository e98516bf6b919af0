// POST /v1/files/{id}/diff: what differs between this file now and an earlier version of it, or
// another file: cells (values, formulas, formats), sheets added, removed or renamed, and per-sheet
// objects. Bounded: counts are exact, the list of changed cells stops at `limit`.
import { z } from 'zod';
import { A1Error, parseRange, type Rect } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { FileId } from '../../schemas.ts';
import { invalidArg } from '../../errors.ts';
import { ChangeSet, diffWorkbooks, type Facet } from '../../files/diff.ts';
import { stateAt, workbookAt } from '../../files/versions.ts';
import type { Workbook } from '../../workbook/workbook.ts';

export const diffFile = defineOp({
  name: 'diff_file',
  summary: 'Diff vs a version or file (values, formulas, formats).',
  area: 'files',
  http: { method: 'POST', path: '/v1/files/:file_uuid/diff' },
  input: z.strictObject({
    file_uuid: FileId,
    against: z.union([z.number().int().positive(), FileId]).describe('An earlier version of this file, or another file\'s uuid (sheets pair by name).'),
    ranges: z.array(z.string().min(1).max(300)).max(50).optional().describe('Sheet names or ranges (Sheet1!A1:D20); default every sheet.'),
    compare: z.array(z.enum(['values', 'formulas', 'formats'])).min(1).optional().describe('Default all three.'),
    limit: z.number().int().min(0).max(1000).default(100).describe('Changed cells listed at most.'),
  }),
  output: ChangeSet.extend({ from: z.object({ file_uuid: z.string(), version: z.number().int() }), to: z.object({ file_uuid: z.string(), version: z.number().int() }) }),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const { workbooks, store } = ctx.services;
    const facets = new Set<Facet>(input.compare ?? ['values', 'formulas', 'formats']);
    const run = async (before: Workbook, after: Workbook, match: 'id' | 'name') => {
      const only = input.ranges ? rangesOf(input.ranges, before, after) : undefined;
      const report = await diffWorkbooks(before, after, { match, facets, limit: input.limit, only });
      return { ...report, from: { file_uuid: before.file.id, version: before.version }, to: { file_uuid: after.file.id, version: after.version } };
    };
    if (typeof input.against === 'string') {
      const other = await workbooks.file(ctx, input.against, 'read');
      const otherRec = await store.loadWorkbook(other.id);
      const before = workbooks.fresh(otherRec!);
      return workbooks.read(ctx, input.file_uuid, (after) => run(before, after, 'name'));
    }
    const file = await workbooks.file(ctx, input.file_uuid, 'read');
    const state = await stateAt(store, file, input.against, 'against');
    const current = await store.loadWorkbook(file.id);
    const after = workbooks.fresh({ ...current!, file: { ...current!.file, version: state.current } });
    return run(workbookAt(workbooks, store, current!, state, input.against), after, 'id');
  },
});

/** Sheet name (lower case) -> rectangles, or null for the whole sheet; a bare range is on the first sheet of `after`. */
function rangesOf(ranges: string[], before: Workbook, after: Workbook): Map<string, Rect[] | null> {
  const out = new Map<string, Rect[] | null>();
  const known = (name: string) => after.findSheet(name) ?? before.findSheet(name);
  ranges.forEach((ref, i) => {
    const whole = known(ref.replace(/^'(.*)'$/, '$1').replace(/''/g, "'"));
    if (whole) return void out.set(whole.name.toLowerCase(), null);
    let parsed;
    try {
      parsed = parseRange(ref);
    } catch (err) {
      if (err instanceof A1Error) throw invalidArg(`ranges[${i}]`, `${err.message}, or a sheet name`);
      throw err;
    }
    const sheet = parsed.sheet !== undefined ? known(parsed.sheet) : after.sheets[0] ?? before.sheets[0];
    if (!sheet) throw invalidArg(`ranges[${i}]`, `no sheet named '${parsed.sheet}' on either side; sheets are: ${[...new Set([...after.sheets, ...before.sheets].map((s) => `'${s.name}'`))].join(', ')}`);
    const key = sheet.name.toLowerCase();
    const list = out.get(key);
    if (list === null) return;
    out.set(key, [...(list ?? []), parsed.rect]);
  });
  return out;
}
