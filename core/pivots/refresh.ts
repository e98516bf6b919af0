// Writes a pivot table into its cells: resolves the fields against the source's headers,
// computes the grid, clears the previous output and writes the new one (headers and totals bold,
// values in the source column's number format). Output that would land on other content, a
// table, another pivot or its own source is refused: a 400 when the agent creates or changes the
// pivot, a message in the anchor cell when a later edit makes the refresh impossible.
import { MAX_COLS, MAX_ROWS, cellToA1, rectToA1, rectsIntersect, type Rect } from '../a1.ts';
import { OpError, invalidArg } from '../errors.ts';
import { hasContent, styleOf, withStyle } from '../workbook/cell.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { defaultValueLabel } from './aggregate.ts';
import { computePivot, type Layout } from './compute.ts';
import type { PivotSpec } from './model.ts';
import { locateSource, readSource, type Source } from './source.ts';

const NUMBER_FIELDS = ['number_format', 'decimals', 'currency_symbol', 'numeric_commas', 'negative', 'date_time', 'format_code'] as const;

function fieldIndex(fields: string[], name: string, where: string): number {
  const i = fields.findIndex((f) => f.toLowerCase() === name.trim().toLowerCase());
  if (i < 0) throw invalidArg(where, `'${name}' is not a header of the source; headers are: ${fields.map((f) => `'${f}'`).join(', ')}`);
  return i;
}

export function layoutOf(pivot: PivotSpec, fields: string[]): Layout {
  return {
    rows: pivot.rows.map((f, i) => fieldIndex(fields, f, `rows[${i}]`)),
    columns: pivot.columns.map((f, i) => fieldIndex(fields, f, `columns[${i}]`)),
    values: pivot.values.map((v, i) => {
      const field = fieldIndex(fields, v.field, `values[${i}].field`);
      return { field, agg: v.agg, label: v.label ?? defaultValueLabel(v.agg, fields[field]!) };
    }),
    filters: pivot.filters.map((f, i) => ({
      field: fieldIndex(fields, f.field, `filters[${i}].field`),
      ...(f.include ? { include: new Set(f.include.map((s) => s.toLowerCase())) } : {}),
      ...(f.exclude ? { exclude: new Set(f.exclude.map((s) => s.toLowerCase())) } : {}),
    })),
    grandTotals: pivot.grand_totals,
    subtotals: pivot.subtotals,
  };
}

/** Empties a rectangle: contents (through the engine) and formats. */
async function clearRect(wb: Workbook, sheet: SheetModel, rect: Rect): Promise<void> {
  await wb.load(sheet, rect);
  await wb.writeCells(sheet, rect.r0, rect.c0, Array.from({ length: rect.r1 - rect.r0 + 1 }, () => new Array(rect.c1 - rect.c0 + 1).fill(null)));
  for (let r = rect.r0; r <= rect.r1; r++) for (let c = rect.c0; c <= rect.c1; c++) if (sheet.get(r, c) !== null) wb.putCell(sheet, r, c, null);
}

/** Empties the pivot's last output (when it is deleted or moved). */
export async function clearOutput(wb: Workbook, sheet: SheetModel, pivot: PivotSpec): Promise<void> {
  if (pivot.output) await clearRect(wb, sheet, pivot.output);
}

/** Why the grid cannot be written at the anchor, or null. */
async function blocker(wb: Workbook, sheet: SheetModel, pivot: PivotSpec, target: Rect, src: Source): Promise<string | null> {
  if (target.r1 >= MAX_ROWS || target.c1 >= MAX_COLS) return `it needs ${rectToA1({ ...target, r1: Math.min(target.r1, MAX_ROWS - 1), c1: Math.min(target.c1, MAX_COLS - 1) })} and more, past the edge of the sheet`;
  if (src.sheet === sheet && rectsIntersect(src.rect, target)) return `its output ${rectToA1(target)} would overlap its source ${rectToA1(src.rect)}`;
  for (const t of sheet.meta.tables ?? []) if (rectsIntersect(t.rect, target)) return `its output ${rectToA1(target)} would overlap table '${t.name}' (${rectToA1(t.rect)})`;
  for (const p of sheet.meta.pivots ?? []) if (p !== pivot && p.output && rectsIntersect(p.output, target)) return `its output ${rectToA1(target)} would overlap pivot table '${p.name}'`;
  await wb.load(sheet, target);
  const own = pivot.output;
  for (let r = target.r0; r <= target.r1; r++) {
    for (let c = target.c0; c <= target.c1; c++) {
      const mine = own && r >= own.r0 && r <= own.r1 && c >= own.c0 && c <= own.c1;
      if (!mine && hasContent(sheet.get(r, c))) return `its output ${rectToA1(target)} would overwrite ${cellToA1({ row: r, col: c })}, which is not empty`;
    }
  }
  return null;
}

function valueStyles(wb: Workbook, src: Source, layout: Layout): (Partial<Style> | undefined)[] {
  return layout.values.map((v) => {
    if (v.agg !== 'sum' && v.agg !== 'average' && v.agg !== 'min' && v.agg !== 'max') return undefined;
    if (src.rect.r1 <= src.rect.r0) return undefined;
    const s = effectiveStyle(src.sheet, wb.styles, src.rect.r0 + 1, src.rect.c0 + v.field);
    const out: Partial<Style> = {};
    for (const k of NUMBER_FIELDS) if (s[k] !== undefined) (out as Record<string, unknown>)[k] = s[k];
    return Object.keys(out).length ? out : undefined;
  });
}

/**
 * Recomputes and rewrites the pivot. strict: problems are 400s (create/update); otherwise they
 * leave a message in the anchor cell and in pivot.error.
 */
export async function refreshPivot(wb: Workbook, sheet: SheetModel, pivot: PivotSpec, strict: boolean): Promise<void> {
  const fail = async (reason: string, field = 'anchor') => {
    if (strict) throw invalidArg(field, `pivot table '${pivot.name}' cannot be written: ${reason}`);
    if (pivot.output) await clearRect(wb, sheet, pivot.output);
    const at = { r0: pivot.anchor.row, c0: pivot.anchor.col, r1: pivot.anchor.row, c1: pivot.anchor.col };
    await wb.load(sheet, at);
    if (!hasContent(sheet.get(at.r0, at.c0))) {
      await wb.writeCells(sheet, at.r0, at.c0, [[`#N/A pivot table '${pivot.name}': ${reason}`]]);
      pivot.output = at;
    } else delete pivot.output;
    pivot.error = reason;
  };
  const src = locateSource(wb, pivot);
  if ('error' in src) return fail(src.error, 'source');
  const data = await readSource(wb, src);
  let layout: Layout;
  try {
    layout = layoutOf(pivot, data.fields);
  } catch (err) {
    if (strict || !(err instanceof OpError)) throw err;
    return fail(`${err.message.replace(/^[^:]+: /, '')}`);
  }
  const grid = computePivot(data, layout);
  const target = { r0: pivot.anchor.row, c0: pivot.anchor.col, r1: pivot.anchor.row + grid.cells.length - 1, c1: pivot.anchor.col + grid.cells[0]!.length - 1 };
  const why = await blocker(wb, sheet, pivot, target, src);
  if (why) return fail(why);
  if (pivot.output) await clearRect(wb, sheet, pivot.output);
  await wb.writeCells(sheet, target.r0, target.c0, grid.cells);
  const bold = wb.styles.intern({ bold: true });
  const numbers = valueStyles(wb, src, layout);
  grid.cells.forEach((line, i) =>
    line.forEach((_, j) => {
      const v = grid.valueOfColumn[j]!;
      const patch: Partial<Style> = { ...(grid.boldRows.has(i) ? { bold: true } : {}), ...(i >= grid.headerRows && v >= 0 ? numbers[v] : {}) };
      if (!Object.keys(patch).length) return;
      const r = target.r0 + i, c = target.c0 + j;
      const id = patch.bold && Object.keys(patch).length === 1 ? bold : wb.styles.intern(patch);
      if (styleOf(sheet.get(r, c)) !== id) sheet.set(r, c, withStyle(sheet.get(r, c), id));
    }),
  );
  pivot.output = target;
  delete pivot.error;
}
