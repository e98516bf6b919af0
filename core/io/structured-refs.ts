// Structured references (Excel's table references) in a file's formulas, as plain cell references
// the engine computes: Table1[Amount] is the column's data rows, Table1[#All] the whole table,
// Table1[[#Headers],[Jan]:[Mar]] a header block, Table1[[#This Row],[Units]] (or Table1[@Units])
// the cell of the formula's own row. Special characters in column names are escaped with ' as
// Excel writes them ('[ '] '# ''). A reference to an unknown table or column leaves the formula
// as it was (it is then kept with its cached value). References to the data rows of a table the
// import keeps as a data table use that table's formula names instead (formulaNameOf).
import { indexToCol, quoteSheet, type Rect } from '../a1.ts';
import type { BookTable } from './book.ts';

export interface FormulaPlace {
  sheet: string;
  row: number;
}

class Unresolved extends Error {}

type Item = '#all' | '#data' | '#headers' | '#totals' | '#this row';

interface Spec {
  items: Set<Item>;
  /** Column names (first to last) or none for every column. */
  cols?: [string, string];
}

/** The bracket's text without its escapes ('[ → [). */
const unescape = (s: string) => s.replace(/'(.)/g, '$1');

/** Index just past the bracket opened at `at`, honouring ' escapes and nested brackets. */
function closing(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'") i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i + 1;
  }
  throw new Unresolved();
}

function itemOf(text: string): Item | undefined {
  const t = text.trim().toLowerCase();
  return t === '#all' || t === '#data' || t === '#headers' || t === '#totals' || t === '#this row' ? t : undefined;
}

/** Parses the part in brackets after the table name (including the outer brackets). */
function parseSpec(inner: string): Spec {
  const spec: Spec = { items: new Set() };
  const body = inner.slice(1, -1);
  if (!body.trim()) return spec;
  const addColumn = (a: string, b = a) => {
    if (spec.cols) throw new Unresolved();
    spec.cols = [a, b];
  };
  if (!body.trimStart().startsWith('[')) {
    // One specifier: [#All], [@Col], [@], [Col].
    const item = itemOf(body);
    if (item) spec.items.add(item);
    else if (body.startsWith('@')) {
      spec.items.add('#this row');
      const rest = body.slice(1);
      if (rest.startsWith('[')) addColumn(unescape(rest.slice(1, closing(rest, 0) - 1)));
      else if (rest) addColumn(unescape(rest));
    } else addColumn(unescape(body));
    return spec;
  }
  // A list: [[#This Row],[Jan]:[Dec]], [[#Headers],[#Data],[Col]].
  let i = 0;
  while (i < body.length) {
    while (body[i] === ' ') i++;
    if (body[i] !== '[') throw new Unresolved();
    const end = closing(body, i);
    const first = body.slice(i + 1, end - 1);
    i = end;
    while (body[i] === ' ') i++;
    const item = itemOf(first);
    if (body[i] === ':') {
      i++;
      while (body[i] === ' ') i++;
      if (body[i] !== '[') throw new Unresolved();
      const end2 = closing(body, i);
      addColumn(unescape(first), unescape(body.slice(i + 1, end2 - 1)));
      i = end2;
    } else if (item) spec.items.add(item);
    else if (first.startsWith('@')) {
      spec.items.add('#this row');
      if (first.length > 1) addColumn(unescape(first.slice(1)));
    } else addColumn(unescape(first));
    while (body[i] === ' ') i++;
    if (i < body.length && body[i++] !== ',') throw new Unresolved();
  }
  return spec;
}

function areaOf(table: BookTable, spec: Spec, at: FormulaPlace): { rect: Rect; thisRow: boolean } {
  const { r0, r1, c0, c1 } = table.rect;
  const header = table.headerRows ? r0 : undefined;
  const dataTop = r0 + table.headerRows, dataBottom = r1 - table.totalsRows;
  const totals = table.totalsRows ? r1 : undefined;
  let top = Infinity, bottom = -Infinity;
  const take = (a: number | undefined, b = a) => {
    if (a === undefined || b === undefined) throw new Unresolved();
    top = Math.min(top, a);
    bottom = Math.max(bottom, b);
  };
  const items = spec.items.size ? spec.items : new Set<Item>(['#data']);
  let thisRow = false;
  for (const item of items) {
    if (item === '#all') take(r0, r1);
    else if (item === '#data') take(dataTop, dataBottom);
    else if (item === '#headers') take(header);
    else if (item === '#totals') take(totals);
    else {
      if (at.sheet !== table.sheet || at.row < dataTop || at.row > dataBottom) throw new Unresolved();
      thisRow = true;
      take(at.row);
    }
  }
  let left = c0, right = c1;
  if (spec.cols) {
    const find = (name: string) => {
      const i = table.columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
      if (i < 0) throw new Unresolved();
      return c0 + i;
    };
    [left, right] = [find(spec.cols[0]), find(spec.cols[1])].sort((a, b) => a - b) as [number, number];
  }
  if (bottom < top) throw new Unresolved();
  return { rect: { r0: top, r1: bottom, c0: left, c1: right }, thisRow };
}

function a1Of(table: BookTable, area: { rect: Rect; thisRow: boolean }, at: FormulaPlace): string {
  const { r0, r1, c0, c1 } = area.rect;
  // The formula's own row stays relative, as if typed in that row; everything else is absolute.
  const row = (r: number) => (area.thisRow ? `${r + 1}` : `$${r + 1}`);
  const cell = (r: number, c: number) => `$${indexToCol(c)}${row(r)}`;
  const ref = r0 === r1 && c0 === c1 ? cell(r0, c0) : `${cell(r0, c0)}:${cell(r1, c1)}`;
  return table.sheet === at.sheet ? ref : `${quoteSheet(table.sheet)}!${ref}`;
}

/**
 * A table kept as a data table is named in formulas as this service names it: Sales for the data
 * rows (Sales[], Sales[#Data]), Sales.Unit_Price for one column's (Sales[Unit Price]); export
 * writes them back as structured references. Other references become cells.
 */
function formulaNameOf(table: BookTable, spec: Spec): string | undefined {
  const names = table.formulaNames;
  if (!names || [...spec.items].some((item) => item !== '#data')) return undefined;
  if (!spec.cols) return table.name;
  if (spec.cols[0].toLowerCase() !== spec.cols[1].toLowerCase()) return undefined;
  const i = table.columns.findIndex((c) => c.toLowerCase() === spec.cols![0].toLowerCase());
  return i >= 0 ? names[i] : undefined;
}

/**
 * The formula (without '=') with its structured references written as cell references; undefined
 * when it has none, or when one cannot be resolved.
 */
export function resolveStructuredRefs(formula: string, tables: readonly BookTable[], at: FormulaPlace): string | undefined {
  if (!formula.includes('[') || !tables.length) return undefined;
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  let out = '';
  let found = false;
  try {
    for (let i = 0; i < formula.length; ) {
      const c = formula[i]!;
      if (c === '"' || c === "'") {
        let j = i + 1;
        while (j < formula.length && !(formula[j] === c && formula[j + 1] !== c)) j += formula[j] === c ? 2 : 1;
        out += formula.slice(i, j + 1);
        i = j + 1;
        continue;
      }
      const name = /^[\p{L}_\\][\p{L}\p{N}_.\\]*/u.exec(formula.slice(i))?.[0];
      if (name && !/[\p{L}\p{N}_.$!]/u.test(formula[i - 1] ?? '')) {
        const table = byName.get(name.toLowerCase());
        if (table && formula[i + name.length] === '[') {
          const end = closing(formula, i + name.length);
          const spec = parseSpec(formula.slice(i + name.length, end));
          out += formulaNameOf(table, spec) ?? a1Of(table, areaOf(table, spec, at), at);
          found = true;
          i = end;
          continue;
        }
        out += name;
        i += name.length;
        continue;
      }
      out += c;
      i++;
    }
  } catch (err) {
    if (err instanceof Unresolved) return undefined;
    throw err;
  }
  return found ? out : undefined;
}
