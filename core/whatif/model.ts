// What-if data tables (Excel's Data > What-If Analysis > Data Table): a range whose cells Excel
// fills by computing a formula once per row/column input value, shown in every cell as
// {=TABLE(row_input,col_input)}. The engine here does not compute them: each cell keeps the value
// the file cached (a kept formula, RichCell.k, whose text is Excel's {=TABLE(...)}), and the
// table's definition is kept on its sheet, following inserted and deleted rows and columns, so the
// xlsx export writes it back as Excel wrote it.
import { indexToCol, parseCell, type Rect } from '../a1.ts';
import { isRich, type Cell } from '../workbook/cell.ts';
import { shiftRect, type StructureEdit } from '../workbook/shift.ts';
import type { SheetModel } from '../workbook/sheet.ts';

export interface DataTableSpec {
  /** The cells Excel fills (the results, without the input values around them). */
  rect: Rect;
  /** Two inputs (a row and a column input cell), else one. */
  two: boolean;
  /** A one-input table whose input values run along a row (the row input cell is given). */
  row: boolean;
  /** Input cells, zero-based: r1 is the row input of a two-input table. Absent: the input was deleted (#REF!). */
  r1?: { row: number; col: number };
  r2?: { row: number; col: number };
  /** The input was deleted (Excel shows #REF!); the cell the file still names is kept in r1 / r2. */
  del1?: true;
  del2?: true;
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** The sheet's what-if data tables. */
    data_tables?: DataTableSpec[];
  }
}

export const dataTablesOf = (sheet: SheetModel): DataTableSpec[] => sheet.meta.data_tables ?? [];

const a1 = (p: { row: number; col: number } | undefined, deleted?: true) => (p && !deleted ? `${indexToCol(p.col)}${p.row + 1}` : '#REF!');

/** The formula Excel shows in each of the table's cells: {=TABLE(row_input,col_input)}, one of them empty for a one-input table. */
export function tableFormula(t: DataTableSpec): string {
  const [row, col] = t.two ? [a1(t.r1, t.del1), a1(t.r2, t.del2)] : t.row ? [a1(t.r1, t.del1), ''] : ['', a1(t.r1, t.del1)];
  return `{=TABLE(${row},${col})}`;
}

/** The table's definition from a file's <f t="dataTable"> attributes; undefined when they make no table. */
export function specFromFile(attrs: { ref?: string; dt2D?: boolean; dtr?: boolean; r1?: string; r2?: string; del1?: boolean; del2?: boolean }, at: { row: number; col: number }): DataTableSpec | undefined {
  const cell = (a: string | undefined) => {
    if (!a) return undefined;
    try {
      return parseCell(a.replace(/\$/g, '')).addr;
    } catch {
      return undefined;
    }
  };
  let rect: Rect = { r0: at.row, c0: at.col, r1: at.row, c1: at.col };
  if (attrs.ref?.includes(':')) {
    const [a, b] = attrs.ref.split(':').map((x) => cell(x));
    if (!a || !b) return undefined;
    rect = { r0: a.row, c0: a.col, r1: b.row, c1: b.col };
  }
  const r1 = cell(attrs.r1), r2 = cell(attrs.r2);
  const deleted = { ...(attrs.del1 ? { del1: true as const } : {}), ...(attrs.dt2D && attrs.del2 ? { del2: true as const } : {}) };
  return { rect, two: !!attrs.dt2D, row: !!attrs.dtr, ...(r1 ? { r1 } : {}), ...(attrs.dt2D && r2 ? { r2 } : {}), ...deleted };
}

/** A cell of the table as kept: its cached value (and style) under the table's formula. */
export function tableCell(t: DataTableSpec, cell: Cell): Cell {
  if (cell === null || cell === undefined) return cell;
  const base = isRich(cell) ? cell : { v: cell };
  const { f: _f, k: _k, ...rest } = base;
  return { ...rest, f: tableFormula(t), k: 1 };
}

const inside = (t: DataTableSpec, row: number, col: number) => row >= t.rect.r0 && row <= t.rect.r1 && col >= t.rect.c0 && col <= t.rect.c1;

/** The data table holding a cell, if any. */
export const tableAt = (sheet: SheetModel, row: number, col: number): DataTableSpec | undefined => dataTablesOf(sheet).find((t) => inside(t, row, col));

/** Is the cell still what the table put there (its formula)? One typed over is not. */
export const holdsTable = (t: DataTableSpec, cell: Cell): boolean => isRich(cell) && cell.k === 1 && cell.f === tableFormula(t);

/**
 * Rows or columns inserted, deleted or moved on `sheet`: its tables' ranges and input cells move,
 * a table whose cells are all deleted goes, and every table cell's formula is written anew (its
 * input cells may be on this sheet). An input cell deleted becomes #REF!, as in Excel.
 */
export function followStructure(sheet: SheetModel, edit: StructureEdit): void {
  const list = dataTablesOf(sheet);
  if (!list.length) return;
  const point = (p: { row: number; col: number } | undefined) => {
    if (!p) return undefined;
    const r = shiftRect({ r0: p.row, r1: p.row, c0: p.col, c1: p.col }, edit);
    return r ? { row: r.r0, col: r.c0 } : undefined;
  };
  const next: DataTableSpec[] = [];
  for (const t of list) {
    const rect = shiftRect(t.rect, edit);
    if (!rect) continue;
    const { r1: _a, r2: _b, ...rest } = t;
    // An input cell deleted is #REF! from then on, as in Excel.
    const r1 = point(t.r1), r2 = point(t.r2);
    const gone = { ...(t.del1 || (t.r1 && !r1) ? { del1: true as const } : {}), ...(t.del2 || (t.r2 && !r2) ? { del2: true as const } : {}) };
    const moved: DataTableSpec = { ...rest, rect, ...(r1 ? { r1 } : t.r1 && { r1: t.r1 }), ...(r2 ? { r2 } : t.r2 && { r2: t.r2 }), ...gone };
    const was = tableFormula(t);
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const cell = sheet.get(r, c);
        if (isRich(cell) && cell.k === 1 && cell.f === was) sheet.set(r, c, tableCell(moved, cell));
      }
    }
    next.push(moved);
  }
  if (next.length) sheet.meta.data_tables = next;
  else delete sheet.meta.data_tables;
}
