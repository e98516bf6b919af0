// Reads the formatting of a range as runs: rectangles of cells that look the same, each with one
// format object (effective style: cell over row over column, borders resolved from both sides, the
// colour a number format paints the value). Unformatted cells are left out.
import { MAX_COLS, MAX_ROWS, rectToA1, indexToCol, type Rect } from '../a1.ts';
import { isRich, type Cell } from '../workbook/cell.ts';
import { formatCode, formatTextColor } from '../workbook/display.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { NeighbourBorders, anyBorders } from './borders.ts';
import { collectOverlay, type CellOverlay } from '../workbook/overlays.ts';

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
  const neighbours = new NeighbourBorders(wb.styles);
  const nb: number[] = [-1, -1, -1, -1];
  const overlay: CellOverlay | undefined = opts.overlays ? await collectOverlay(wb, sheet, rect) : undefined;
  const formats = new Map<string, FormatOut>();
  // Colour comes from the number format's section for the value's sign (0 none, 1 sign-only, 2 conditions).
  const colorKind = new Map<number, number>();
  const colorBySign = new Map<number, string | undefined>();
  const colorOf = (cell: Cell, sid: number): string | undefined => {
    let kind = colorKind.get(sid);
    if (kind === undefined) {
      const code = sid === 0 ? '' : formatCode(wb.styles.get(sid));
      colorKind.set(sid, (kind = !code.includes('[') ? 0 : /\[[<>=]/.test(code) ? 2 : 1));
    }
    if (kind === 0) return undefined;
    const v = isRich(cell) ? (cell.e === undefined ? cell.v : null) : cell;
    if (typeof v !== 'number') return undefined;
    if (kind === 2) return formatTextColor(cell, wb.styles.get(sid));
    const k = sid * 3 + Math.sign(v) + 1;
    if (!colorBySign.has(k)) colorBySign.set(k, formatTextColor(cell, wb.styles.get(sid)));
    return colorBySign.get(k);
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
      // The key is built from ids; the format object is built once per distinct key.
      let key = String(sid);
      const sides = borders && neighbours.resolve(sheet, r, c, sid, nb);
      if (sides) key += `|${nb.join(',')}`;
      const color = colorOf(cell, sid);
      if (color) key += `|${color}`;
      const over = overlay?.(r, c);
      if (over) key += `|${JSON.stringify(over)}`;
      if (!formats.has(key)) {
        formats.set(key, { ...shown(wb.styles.get(sid)), ...(sides ? neighbours.fields(nb) : {}), ...(color ? { text_color: color } : {}), ...over });
      }
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

/** A style as reads show it: theme references are for export, the RGB fields say the colours. */
function shown(style: Style): Style {
  const { theme_colors: _refs, ...rest } = style;
  return rest;
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
    out.push({ range: `${name(idx[k]!)}:${name(idx[j]!)}`, format: shown(wb.styles.get(styles[idx[k]!]!)) as Style as FormatOut });
    k = j + 1;
  }
  return out;
}
