// Row heights and column widths of a sheet in pixels (its meta, else its defaults), and offsets
// from the sheet's top-left corner, for pagination and for placing charts on a page.
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from '../../workbook/sheet-meta.ts';
import type { SheetMeta } from '../../workbook/sheet-meta.ts';
import type { Axis } from './paginate.ts';

export interface SizedAxis extends Axis {
  /** Pixels from line 0 to the start of line i. */
  offset(i: number): number;
}

function axis(sizes: Record<string, number> | undefined, fallback: number): SizedAxis {
  const custom = new Map<number, number>();
  for (const [k, v] of Object.entries(sizes ?? {})) {
    if (typeof v === 'number' && v >= 0 && v <= 2000) custom.set(Number(k), v); // 0: hidden
  }
  const sorted = [...custom.keys()].sort((a, b) => a - b);
  return {
    size: (i) => custom.get(i) ?? fallback,
    offset(i) {
      let t = i * fallback;
      for (const k of sorted) {
        if (k >= i) break;
        t += custom.get(k)! - fallback;
      }
      return t;
    },
  };
}

/** `fitted`: heights of rows whose height was never set, fitted to their text (they yield to set ones). */
export function sheetAxes(meta: SheetMeta, fitted?: Record<string, number>): { rows: SizedAxis; cols: SizedAxis } {
  return {
    rows: axis({ ...fitted, ...meta.row_heights }, meta.default_row_height ?? DEFAULT_ROW_HEIGHT),
    cols: axis(meta.col_widths, meta.default_col_width ?? DEFAULT_COL_WIDTH),
  };
}

/** A key for a cell in maps and sets (rows up to 2^20, columns below 2^14: exact in a double). */
export const cellKey = (r: number, c: number) => r * 16384 + c;
