// Structured references (Excel's table references) as the cells they stand for, for the engine:
// Table1[Amount] is the column's data rows, Table1[#All] the whole table, Table1[[#Headers],[Jan]:[Mar]]
// a header block, Table1[[#This Row],[Units]] (or Table1[@Units]) the cell in the formula's own row
// (row relative, as if typed there). A table kept as a data table is named by its formula names
// instead (Sales, Sales.Unit_Price). A reference to an unknown table is left as written; one that
// cannot be resolved (an unknown column, #This Row outside the data rows) leaves the whole formula.
import type { Rect } from '../a1.ts';
import type { Corner, Node, RefNode, StructuredSpec } from './ast.ts';
import { printFormula } from './print.ts';
import { mapTree, tryParse } from './walk.ts';

/** What a structured reference needs to know of a table (io/book.ts's BookTable is one). */
export interface TableShape {
  name: string;
  sheet: string;
  /** The whole table: header row, data rows and totals row. */
  rect: Rect;
  headerRows: 0 | 1;
  totalsRows: 0 | 1;
  columns: string[];
  /** For a table kept as a data table: its formula name (its own name, or one the engine reads) and each column's (Sales.Unit_Price). */
  formulaName?: string;
  formulaNames?: (string | undefined)[];
}

export interface FormulaPlace {
  sheet: string;
  row: number;
  /** The formula's column, for a reference that names no table ([Amount] inside a table). */
  col?: number;
}

/**
 * The table a reference without a table's name ([Amount], Excel's text in a table's own cells,
 * its totals row say) means: the one holding the formula's cell; without the formula's column, the
 * only table holding its row.
 */
function tableAround(tables: readonly TableShape[], at: FormulaPlace): TableShape | undefined {
  const around = tables.filter((t) => t.sheet === at.sheet && at.row >= t.rect.r0 && at.row <= t.rect.r1 && (at.col === undefined || (at.col >= t.rect.c0 && at.col <= t.rect.c1)));
  return around.length === 1 ? around[0] : undefined;
}

class Unresolved extends Error {}

function areaOf(table: TableShape, spec: StructuredSpec, at: FormulaPlace): { rect: Rect; thisRow: boolean } {
  const { r0, r1, c0, c1 } = table.rect;
  const dataTop = r0 + table.headerRows, dataBottom = r1 - table.totalsRows;
  let top = Infinity, bottom = -Infinity, thisRow = false;
  const take = (a: number | undefined, b = a) => {
    if (a === undefined || b === undefined) throw new Unresolved();
    top = Math.min(top, a);
    bottom = Math.max(bottom, b);
  };
  for (const item of spec.items.length ? spec.items : ['#Data' as const]) {
    if (item === '#All') take(r0, r1);
    else if (item === '#Data') take(dataTop, dataBottom);
    else if (item === '#Headers') take(table.headerRows ? r0 : undefined);
    else if (item === '#Totals') take(table.totalsRows ? r1 : undefined);
    else {
      if (at.sheet !== table.sheet || at.row < dataTop || at.row > dataBottom) throw new Unresolved();
      thisRow = true;
      take(at.row);
    }
  }
  let left = c0, right = c1;
  if (spec.cols) {
    const find = (name: string) => {
      const i = columnIndex(table, name);
      if (i < 0) throw new Unresolved();
      return c0 + i;
    };
    [left, right] = [find(spec.cols[0]), find(spec.cols[1])].sort((a, b) => a - b) as [number, number];
  }
  if (bottom < top) throw new Unresolved();
  return { rect: { r0: top, r1: bottom, c0: left, c1: right }, thisRow };
}

/** The cells as a reference: columns absolute, rows absolute except the formula's own row. */
function refOf(table: TableShape, area: { rect: Rect; thisRow: boolean }, at: FormulaPlace): RefNode {
  const { r0, r1, c0, c1 } = area.rect;
  const corner = (row: number, col: number): Corner => ({ row, col, colAbs: true, rowAbs: !area.thisRow });
  const prefix = table.sheet === at.sheet ? {} : { prefix: { sheet: table.sheet } };
  return r0 === r1 && c0 === c1 ? { kind: 'ref', ...prefix, a: corner(r0, c0) } : { kind: 'ref', ...prefix, a: corner(r0, c0), b: corner(r1, c1) };
}

/** The data rows of a table kept as a data table, by its formula names (Sales, Sales.Unit_Price). */
function formulaNameOf(table: TableShape, spec: StructuredSpec): string | undefined {
  const names = table.formulaNames;
  if (!names || spec.items.some((item) => item !== '#Data')) return undefined;
  if (!spec.cols) return table.formulaName ?? table.name;
  if (spec.cols[0].toLowerCase() !== spec.cols[1].toLowerCase()) return undefined;
  const i = columnIndex(table, spec.cols[0]);
  return i >= 0 ? names[i] : undefined;
}

/**
 * A column by its name, case aside; a header with spaces at its ends ([the two ]) also matches
 * the column kept without them (a table's model trims its headers). A line break matches as one:
 * Excel writes it CR LF in a formula's text (Table1[Purchase\r\n price]) and as _x000a_ in the
 * table part's column name.
 */
function columnIndex(table: TableShape, name: string): number {
  const key = (s: string) => s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\r\n?/g, '\n').toLowerCase();
  const lower = key(name);
  const exact = table.columns.findIndex((c) => key(c) === lower);
  return exact >= 0 ? exact : table.columns.findIndex((c) => key(c).trim() === lower.trim());
}

/**
 * The formula (without '=') with its structured references written as cell references; undefined
 * when it has none, or when one cannot be resolved.
 */
export function resolveStructuredRefs(formula: string, tables: readonly TableShape[], at: FormulaPlace): string | undefined {
  if (!formula.includes('[') || !tables.length) return undefined;
  const f = tryParse(formula);
  if (!f) return undefined;
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  let found = false;
  try {
    const body = mapTree(f.body, (n): Node => {
      if (n.kind !== 'structured' || n.prefix) return n;
      const table = n.table === undefined ? tableAround(tables, at) : byName.get(n.table.toLowerCase());
      if (!table) return n;
      // A name in brackets that is no column of the table around (a LET name, say) is left as written.
      if (n.table === undefined && n.spec.cols && n.spec.cols.some((c) => columnIndex(table, c) < 0)) return n;
      found = true;
      const name = formulaNameOf(table, n.spec);
      return name !== undefined ? { kind: 'name', name } : refOf(table, areaOf(table, n.spec, at), at);
    });
    return found ? printFormula({ ...f, body }) : undefined;
  } catch (err) {
    if (err instanceof Unresolved) return undefined;
    throw err;
  }
}
