// POST /v1/files/{id}/cells/replace: find and replace in one transaction — text values always,
// formula text and code-cell sources when asked; plain text or a regular expression (regex-replace.ts).
// Replaced text is re-typed as write_cells types input: numeric dates by the order of their column
// (date-order.ts), a typed date keeps a number format the cell already has (as typing does), and
// the reply says where either leaves a date unread or shown as a number.
import { z } from 'zod';
import { MAX_COLS, MAX_ROWS, cellToA1, type Rect } from '../../a1.ts';
import { defineOp } from '../../op.ts';
import { A1Range, FileId, SheetName } from '../../schemas.ts';
import { isRich, type Cell } from '../../workbook/cell.ts';
import { lazyContext, shownFormulaOf, typedFormula } from '../../io/excel-text.ts';
import type { ReplacedText, TextReplace } from '../../workbook/hooks.ts';
import { storedCellsInOrder } from '../../workbook/iterate.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import { targetRange } from '../../workbook/targets.ts';
import type { Content, Workbook } from '../../workbook/workbook.ts';
import { VersionOut } from '../../op-fields.ts';
import { makeReplace, retype } from '../../cells/replace-text.ts';
import { makeRegexReplace } from '../../cells/regex-replace.ts';
import { DryRun } from '../../rows/fields.ts';
import { keepTextFormatted } from '../../cells/text-format.ts';
import { DateColumns } from '../../cells/date-order.ts';
import { effectiveStyle } from '../../workbook/read.ts';
import { formatCode } from '../../workbook/display.ts';
import { dateKind } from '../../workbook/typed-value.ts';

/** Changed cells listed in the answer; counts are always complete. */
const MAX_LISTED = 100;

const Change = z.object({ cell: z.string(), before: z.string(), after: z.string() });

interface Edit {
  row: number;
  col: number;
  content: Content;
  typed: string;
  /** A value's new text (not a formula's), typed again once every column's dates are seen. */
  value?: boolean;
}

export const findReplace = defineOp({
  name: 'find_replace',
  summary: 'Find and replace text in values (optionally formulas and code).',
  area: 'cells',
  http: { method: 'POST', path: '/v1/files/:file_uuid/cells/replace' },
  input: z.strictObject({
    file_uuid: FileId,
    find: z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters').describe('Text, or a pattern with regex.'),
    replace: z.string().max(10_000, 'must be at most 10000 characters').describe('"" deletes; $1: a regex group.'),
    regex: z.boolean().default(false).describe('find is a regex.'),
    case_sensitive: z.boolean().default(false).describe('Match case.'),
    whole_cell: z.boolean().default(false).describe('Whole cell text must equal find.'),
    formulas: z.boolean().default(false).describe('Also in formula text.'),
    code: z.boolean().default(false).describe('Also in code-cell sources.'),
    range: A1Range.optional().describe('Default the whole sheet.'),
    dry_run: DryRun,
    sheet: SheetName.optional(),
  }),
  output: z.object({
    version: VersionOut,
    sheet: z.string(),
    dry_run: z.boolean().optional(),
    replaced_cells: z.number().int(),
    occurrences: z.number().int(),
    changes: z.array(Change).describe(`Changed cells in reading order (at most ${MAX_LISTED}).`),
    truncated: z.boolean().optional().describe('True when more cells changed than are listed.'),
    code_changes: z.array(Change).optional().describe('Code cells whose source changed (with code: true).'),
    warnings: z.array(z.string()).optional().describe('Dates kept as text, or shown as numbers by the cell\'s format.'),
  }),
  hints: { readOnly: false },
  handler: async (ctx, input) => {
    const regex = input.regex ? makeRegexReplace(input.find, input.replace, input.case_sensitive, input.whole_cell) : undefined;
    const rep = regex ?? makeReplace(input.find, input.replace, input.case_sensitive, input.whole_cell);
    const { result, version } = await ctx.services.workbooks.write(ctx, input, async (wb) => {
      const target = input.range ? targetRange(wb, input.sheet, input.range, 'range') : undefined;
      const sheet = target?.sheet ?? wb.sheet(input.sheet);
      const rect = target?.rect ?? sheet.usedRect();
      const changes: z.infer<typeof Change>[] = [];
      let occurrences = 0, cells = 0;
      const edits: Edit[] = [];
      const warnings: string[] = [];
      if (rect) {
        await wb.load(sheet, rect);
        // A pattern runs over every text at once, under one time limit.
        const tables = lazyContext(wb);
        // Formulas are searched and rewritten in the text everyone reads: Excel's (Sales[Units]).
        const formula: FormulaSide = { shown: (cell, row) => shownFormulaOf(tables, sheet.name, row, cell), typed: (text, row, field) => typedFormula(tables, sheet.name, row, text, field) };
        if (regex) regex.prime(textsOf(storedCellsInOrder(sheet, rect), input.formulas, formula));
        // Every match is found and checked before the first change is made.
        for (const { row, col, cell } of storedCellsInOrder(sheet, rect)) {
          const found = matchCell(cell, row, rep, input.formulas ? formula : undefined, cellToA1({ row, col }));
          if (!found) continue;
          cells++;
          occurrences += found.count;
          edits.push({ row, col, content: found.content, typed: found.after, value: found.value });
          if (changes.length < MAX_LISTED) changes.push({ cell: cellToA1({ row, col }), before: found.before, after: found.after });
        }
        warnings.push(...typeDates(edits), ...hiddenDates(wb, sheet, edits));
        if (!input.dry_run) await applyEdits(wb, sheet, edits);
      }
      const codeChanges: ReplacedText[] = [];
      // Code sources are rewritten by their area's hook as it finds them: a dry run leaves them out.
      if (input.code && !input.dry_run) {
        const where = input.range && rect ? rect : FULL_SHEET;
        for (const h of wb.hooks) if (h.onReplace) codeChanges.push(...(await h.onReplace(wb, sheet, where, rep)));
      }
      for (const c of codeChanges) occurrences += c.count;
      return {
        sheet: sheet.name,
        ...(input.dry_run ? { dry_run: true } : {}),
        replaced_cells: cells,
        occurrences,
        changes,
        ...(cells > changes.length ? { truncated: true } : {}),
        ...(input.code ? { code_changes: codeChanges.map(({ cell, before, after }) => ({ cell, before, after })) } : {}),
        ...(warnings.length ? { warnings } : {}),
      };
    });
    return { version, ...result };
  },
});

/** How a formula cell reads, and how typed formula text is stored (io/excel-text.ts). */
interface FormulaSide {
  shown: (cell: Cell, row: number) => string;
  typed: (text: string, row: number, field: string) => Content;
}

/** The texts a pattern may change: text values, and formula bodies when asked. */
function* textsOf(cells: Iterable<{ row: number; cell: Cell }>, formulas: boolean, formula: FormulaSide): Iterable<string> {
  for (const { row, cell } of cells) {
    const rich = isRich(cell);
    if (rich && cell.f !== undefined) {
      if (formulas) {
        const f = formula.shown(cell, row);
        yield* [f, f.slice(1)];
      }
      continue;
    }
    const v = rich ? cell.v : cell;
    if (typeof v === 'string') yield v;
  }
}

const FULL_SHEET: Rect = { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 };

/** The replacement for one stored cell, or null when it holds no match (or nothing replaceable). */
function matchCell(cell: Cell, row: number, rep: TextReplace, formulas: FormulaSide | undefined, a1: string): { content: Content; before: string; after: string; count: number; value?: boolean } | null {
  if (isRich(cell)) {
    if (cell.f !== undefined) {
      if (!formulas) return null;
      const shown = formulas.shown(cell, row);
      const body = shown.slice(1);
      const hit = rep.wholeCell ? (rep.apply(shown) ?? rep.apply(body)) : rep.apply(body);
      if (!hit) return null;
      if (hit.text === '') return { content: null, before: shown, after: '', count: hit.count };
      const text = hit.text.startsWith('=') ? hit.text : `=${hit.text}`;
      return { content: formulas.typed(text, row, `replace (in ${a1})`), before: shown, after: text, count: hit.count };
    }
    // Spilled array results, code output and errors are not typed text: they are rewritten by their source.
    if (cell.sp !== undefined || cell.o !== undefined || cell.e !== undefined) return null;
  }
  const v = isRich(cell) ? cell.v : cell;
  if (typeof v !== 'string') return null;
  const hit = rep.apply(v);
  if (!hit || hit.text === v) return null;
  return { content: retype(hit.text), before: v, after: hit.text, count: hit.count, value: true };
}

/**
 * Numeric dates (12/04/2024) as write_cells reads them: in the one order every such value of the
 * column fits, else kept as text. Rewrites the edits' contents; returns what was kept as text.
 */
function typeDates(edits: Edit[]): string[] {
  const dates = new DateColumns();
  const plain = (e: Edit) => e.value && !e.typed.startsWith("'") && !e.typed.startsWith('=');
  for (const e of edits) if (plain(e) && e.typed.length >= 6) dates.see(e.col, e.typed);
  if (!dates.any) return [];
  for (const e of edits) if (plain(e)) e.content = dates.type(e.col, e.typed) ?? e.content;
  return dates.warnings(0);
}

/** Cells where a typed date lands under a number format that shows it as a number (typing keeps the cell's format). */
function hiddenDates(wb: Workbook, sheet: SheetModel, edits: Edit[]): string[] {
  const hidden: string[] = [];
  for (const e of edits) {
    const c = e.content;
    if (!e.value || c === null || typeof c !== 'object' || !('auto' in c)) continue;
    const style = effectiveStyle(sheet, wb.styles, e.row, e.col);
    if (style.number_format === 'text' || style.format_code === '@') continue;
    const own = style.number_format !== undefined || style.date_time !== undefined || style.format_code !== undefined;
    if (own && (c.auto.date_time !== undefined || c.auto.format_code !== undefined) && !dateKind(formatCode(style))) hidden.push(cellToA1(e));
  }
  if (!hidden.length) return [];
  const shown = hidden.length > 3 ? `${hidden.slice(0, 3).join(', ')} and ${hidden.length - 3} more` : hidden.join(', ');
  return [`${shown}: the new text is a date or time, stored as its serial number; the cell's own number format shows that number, as typing it in would. Set date_time with format_cells to show it as a date`];
}

/** Writes the edits as vertical runs (one column, consecutive rows), so recalculation runs once per run. */
async function applyEdits(wb: Workbook, sheet: SheetModel, edits: Edit[]): Promise<void> {
  const byCol = [...edits].sort((a, b) => a.col - b.col || a.row - b.row);
  for (let i = 0; i < byCol.length; ) {
    let j = i;
    while (j + 1 < byCol.length && byCol[j + 1]!.col === byCol[i]!.col && byCol[j + 1]!.row === byCol[j]!.row + 1) j++;
    const run = byCol.slice(i, j + 1);
    const grid = run.map((e) => [e.content]);
    await keepTextFormatted(wb, sheet, run[0]!.row, run[0]!.col, grid, run.map((e) => [e.typed]));
    await wb.writeCells(sheet, run[0]!.row, run[0]!.col, grid);
    i = j + 1;
  }
}
