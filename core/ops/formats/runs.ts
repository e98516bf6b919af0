// Reads the formatting of a range as runs: rectangles of cells that look the same, each with one
// format object (effective style: cell over row over column, borders resolved from both sides, the
// colour a number format paints the value). Unformatted cells are left out.
import { MAX_COLS, MAX_ROWS, rectToA1, indexToCol, type Rect } from '../../a1.ts';
import { formatCode, formatTextColor } from '../../workbook/display.ts';
import { effectiveStyleId } from '../../workbook/read.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import type { Style } from '../../workbook/style.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { anyBorders, resolvedBorders } from './borders.ts';
import { collectOverlay, type CellOverlay } from './overlays.ts';

export type FormatOut = Record<string, unknown>;
export interface FormatRun {
  range: string;
  format: FormatOut;
}

interface OpenRun {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  key: string;
}

/** Formatting of rect as runs, in reading order of their top-left cells. */
export async function readFormatRuns(wb: Workbook, sheet: SheetModel, rect: Rect, opts: { overlays?: boolean } = {}): Promise<FormatRun[]> {
  await wb.load(sheet, { r0: Math.max(0, rect.r0 - 1), c0: Math.max(0, rect.c0 - 1), r1: Math.min(MAX_ROWS - 1, rect.r1 + 1), c1: Math.min(MAX_COLS - 1, rect.c1 + 1) });
  const borders = anyBorders(wb.styles);
  const overlay: CellOverlay | undefined = opts.overlays ? await collectOverlay(wb, sheet, rect) : undefined;
  const formats = new Map<string, FormatOut>();
  const colored = new Map<number, boolean>();
  const mayColor = (sid: number) => {
    let v = colored.get(sid);
    if (v === undefined) colored.set(sid, (v = sid !== 0 && formatCode(wb.styles.get(sid)).includes('[')));
    return v;
  };

  const runs: OpenRun[] = [];
  let open = new Map<string, OpenRun>();
  for (let r = rect.r0; r <= rect.r1; r++) {
    const next = new Map<string, OpenRun>();
    let cur: { c0: number; c1: number; key: string } | undefined;
    const close = () => {
      if (!cur) return;
      const id = `${cur.c0}:${cur.c1}:${cur.key}`;
      const prev = open.get(id);
      if (prev && prev.r1 === r - 1) {
        prev.r1 = r;
        next.set(id, prev);
      } else {
        const run = { r0: r, r1: r, c0: cur.c0, c1: cur.c1, key: cur.key };
        runs.push(run);
        next.set(id, run);
      }
    };
    for (let c = rect.c0; c <= rect.c1; c++) {
      const cell = sheet.get(r, c);
      const sid = effectiveStyleId(sheet, r, c, cell);
      const style = wb.styles.get(sid);
      let key = String(sid);
      let extra: FormatOut | undefined;
      if (borders) {
        const b = resolvedBorders(sheet, wb.styles, r, c, style);
        if (Object.keys(b).length) extra = { ...b };
      }
      if (mayColor(sid)) {
        const color = formatTextColor(cell, style);
        if (color) extra = { ...extra, text_color: color };
      }
      const over = overlay?.(r, c);
      if (over) extra = { ...extra, ...over };
      if (extra) key += JSON.stringify(extra);
      if (!formats.has(key)) formats.set(key, { ...style, ...extra });
      if (cur && cur.key === key && cur.c1 === c - 1) cur.c1 = c;
      else {
        close();
        cur = { c0: c, c1: c, key };
      }
    }
    close();
    open = next;
  }
  return runs
    .filter((run) => Object.keys(formats.get(run.key)!).length > 0)
    .map((run) => ({ range: rectToA1(run), format: formats.get(run.key)! }));
}

/** Whole-column and whole-row styles that cross rect, grouped into runs of equal neighbours. */
export function lineStyleRuns(wb: Workbook, styles: Record<string, number> | undefined, from: number, to: number, axis: 'col' | 'row'): FormatRun[] {
  if (!styles) return [];
  const idx = Object.keys(styles).map(Number).filter((i) => i >= from && i <= to).sort((a, b) => a - b);
  const out: FormatRun[] = [];
  const name = (i: number) => (axis === 'col' ? indexToCol(i) : String(i + 1));
  for (let k = 0; k < idx.length; ) {
    let j = k;
    while (j + 1 < idx.length && idx[j + 1] === idx[j]! + 1 && styles[idx[j + 1]!] === styles[idx[k]!]) j++;
    out.push({ range: `${name(idx[k]!)}:${name(idx[j]!)}`, format: { ...wb.styles.get(styles[idx[k]!]!) } as Style as FormatOut });
    k = j + 1;
  }
  return out;
}
