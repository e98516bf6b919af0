// Reading rectangles as a person sees them (displayed), as stored values (raw), or in the
// write-back form (formula): formulas as "=...", text that would re-parse as something else
// escaped with a leading apostrophe.
import { significant15 } from '../numbers.ts';
import { shownFormula, singleAsAt } from './implicit-intersection.ts';
import { prefixesAsShown } from '../formula/prefixes.ts';
import { cellToA1, qualified, type Rect } from '../a1.ts';
import { isRich, styleOf, type Cell, type Scalar } from './cell.ts';
import { displayCell, formatCode } from './display.ts';
import { generalText } from '../formats/number-format.ts';
import type { SheetModel } from './sheet.ts';
import { TILE_COLS } from './tile.ts';
import type { Style, StyleTable } from './style.ts';
import { parseTyped } from './typed-input.ts';
import { typedCell, type TypedValue } from './typed-value.ts';

export type Render = 'displayed' | 'raw' | 'formula';

export interface CellErrorOut {
  cell: string;
  error: string;
  message: string;
}

/** Style a person sees: the cell's own, else its row's, else its column's. */
export function effectiveStyleId(sheet: SheetModel, row: number, col: number, cell: Cell): number {
  const own = styleOf(cell);
  if (own) return own;
  return sheet.meta.row_styles?.[row] ?? sheet.meta.col_styles?.[col] ?? 0;
}

export function effectiveStyle(sheet: SheetModel, styles: StyleTable, row: number, col: number, cell: Cell = sheet.get(row, col)): Style {
  return styles.get(effectiveStyleId(sheet, row, col, cell));
}

/** The write-back form of one cell (render=formula). */
export function formulaText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (isRich(cell)) {
    if (cell.f !== undefined) return cell.k ? singleAsAt(prefixesAsShown(cell.f)) : shownFormula(cell.f);
    if (cell.sp !== undefined) return '';
    return scalarText(cell.v ?? null);
  }
  return scalarText(cell);
}

function scalarText(v: Scalar | null): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(v);
  const reparsed = parseTyped(v);
  return v.startsWith('=') || v.startsWith("'") || reparsed !== v ? `'${v}` : v;
}

export function rawValue(cell: Cell): Scalar | null {
  if (cell === null || cell === undefined) return null;
  if (isRich(cell)) return cell.e !== undefined ? cell.e : (cell.v ?? null);
  return cell;
}

/** A number as spreadsheets show it at most: 15 significant digits (0.1 + 0.2 reads 0.3, not 0.30000000000000004). */
const fifteenDigits = (v: Scalar | null): Scalar | null => (typeof v === 'number' ? significant15(v) : v);

/** What a read needs of one effective style, looked up once per style id and read. */
interface ReadStyle {
  style: Style;
  /** Its numbers show in General (or as text): a plain number then shows as generalText and types as itself, whatever the date system. */
  general: boolean;
}

/**
 * Values of a rectangle in the asked render; with `typed`, also each value's typed form
 * (typed-value.ts; with render "formula", a formula cell's is {formula}). `shownFormula` gives a
 * cell's text as Excel writes it where the engine's differs (structured references:
 * io/excel-text.ts's shownFormulaOf).
 *
 * One pass builds both grids. Plain cells (a bare number, text or boolean: most of a big read) take
 * a short path with their style resolved once per style id; everything else goes through
 * displayCell and typedCell, which the short path agrees with.
 */
export function readGrid(sheet: SheetModel, styles: StyleTable, rect: Rect, render: Render, qualifySheet: boolean, opts: { typed?: boolean; shownFormula?: (cell: Cell, row: number) => string } = {}): { values: (string | Scalar | null)[][]; errors: CellErrorOut[]; typed?: TypedCell[][] } {
  const width = rect.c1 - rect.c0 + 1;
  const values: (string | Scalar | null)[][] = new Array(rect.r1 - rect.r0 + 1);
  const typed: TypedCell[][] = opts.typed ? new Array(rect.r1 - rect.r0 + 1) : [];
  const errors: CellErrorOut[] = [];
  const withTyped = opts.typed === true;
  const shown = render === 'displayed';
  const meta = sheet.meta;
  const rowStyles = meta.row_styles;
  const colStyles = meta.col_styles;
  const byId: (ReadStyle | undefined)[] = [];
  const readStyle = (id: number): ReadStyle => {
    let rs = byId[id];
    if (rs === undefined) {
      const style = styles.get(id);
      const code = formatCode(style);
      byId[id] = rs = { style, general: code === 'General' || code === '@' };
    }
    return rs;
  };
  for (let r = rect.r0; r <= rect.r1; r++) {
    const line: (string | Scalar | null)[] = new Array(width);
    const kinds: TypedCell[] = withTyped ? new Array(width) : [];
    const rowStyle = rowStyles?.[r];
    // The row's cells of one tile at a time, not a tile lookup per cell.
    let cells: readonly Cell[] | null | undefined;
    let tc = -1;
    for (let c = rect.c0; c <= rect.c1; c++) {
      const i = c - rect.c0;
      if (Math.floor(c / TILE_COLS) !== tc) {
        tc = Math.floor(c / TILE_COLS);
        cells = sheet.rowCells(r, tc);
      }
      const cell = cells?.[c - tc * TILE_COLS];
      if (cell === null || cell === undefined) {
        line[i] = render === 'raw' ? null : '';
        if (withTyped) kinds[i] = null;
        continue;
      }
      const rich = typeof cell === 'object';
      // A bare cell has no style of its own: its row's, else its column's (effectiveStyleId).
      const rs = rich || shown || withTyped ? readStyle(rich ? effectiveStyleId(sheet, r, c, cell) : (rowStyle ?? colStyles?.[c] ?? 0)) : undefined;
      if (!rich) {
        // Without a style to read (raw or formula, untyped) a number's text does not depend on one.
        if (typeof cell === 'number' && (rs === undefined || rs.general)) {
          const v = significant15(cell);
          line[i] = render === 'raw' ? v : render === 'formula' ? formulaText(cell) : generalText(cell);
          if (withTyped) kinds[i] = v;
          continue;
        }
        if (typeof cell !== 'number') {
          line[i] = render === 'formula' ? formulaText(cell) : shown && typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : cell;
          if (withTyped) kinds[i] = cell;
          continue;
        }
      }
      if (rich && cell.e !== undefined) {
        const a1 = cellToA1({ row: r, col: c });
        errors.push({ cell: qualifySheet ? qualified(sheet.name, a1) : a1, error: cell.e, message: cell.m ?? describeError(cell.e) });
      }
      const style = rs!.style;
      line[i] = render === 'raw' ? fifteenDigits(rawValue(cell)) : render === 'formula' ? (opts.shownFormula ? opts.shownFormula(cell, r) : formulaText(cell)) : displayCell(cell, style, meta);
      if (withTyped) kinds[i] = render === 'formula' && rich && cell.f !== undefined ? { formula: line[i] as string } : render === 'formula' && rich && cell.sp !== undefined ? null : typedCell(cell, style, meta);
    }
    values[r - rect.r0] = line;
    if (withTyped) typed[r - rect.r0] = kinds;
  }
  return withTyped ? { values, errors, typed } : { values, errors };
}

export type TypedCell = TypedValue | { formula: string };

const ERROR_TEXT: Record<string, string> = {
  '#DIV/0!': 'Division by zero.',
  '#REF!': 'The formula refers to a cell that does not exist (deleted or out of range).',
  '#NAME?': 'Unknown function or name.',
  '#VALUE!': 'A value has the wrong type for this operation.',
  '#N/A': 'Value not available (e.g. a lookup found no match).',
  '#NUM!': 'Invalid numeric value.',
  '#CYCLE!': 'Circular reference: the formula depends on its own result.',
  '#SPILL!': 'The array result has no room: cells in its spill range are occupied.',
  '#ERROR!': 'The formula could not be evaluated.',
  '#NULL!': 'The ranges do not intersect.',
};

export function describeError(code: string): string {
  return ERROR_TEXT[code] ?? 'Formula error.';
}
