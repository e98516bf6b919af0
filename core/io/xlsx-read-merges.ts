// Merged cells as exceljs gave them to the import: a cell merged into another keeps only its
// style, and the cells of a merged range the file does not list get their row's or column's style.
import type ExcelJS from 'exceljs';
import { parseRange } from '../a1.ts';
import type { Style } from '../workbook/style.ts';
import type { BookCell } from './book.ts';

type XlStyle = Partial<ExcelJS.Style>;

const MAX_COLS = 16_384;
/** Cells of merged ranges the file does not list get a style each, up to this many (exceljs made them all). */
const MAX_MERGE_FILL = 1 << 20;

/** The merged ranges by row, and which of their cells the file lists. */
export class MergeIndex {
  private readonly byRow = new Map<number, { r0: number; c0: number; c1: number }[]>();
  readonly rects: { r0: number; c0: number; r1: number; c1: number }[] = [];
  readonly seen = new Set<number>();

  constructor(merges: readonly string[]) {
    for (const m of merges) {
      let rect;
      try {
        rect = parseRange(m.replace(/\$/g, '')).rect;
      } catch {
        continue;
      }
      this.rects.push(rect);
      for (let r = rect.r0; r <= rect.r1; r++) {
        const list = this.byRow.get(r);
        const span = { r0: rect.r0, c0: rect.c0, c1: rect.c1 };
        if (list) list.push(span);
        else this.byRow.set(r, [span]);
      }
    }
  }

  /** 0: not merged; 1: the range's top-left cell; 2: a cell merged into it. */
  kind(row: number, col: number): 0 | 1 | 2 {
    const list = this.byRow.get(row);
    if (!list) return 0;
    for (const m of list) if (col >= m.c0 && col <= m.c1) return row === m.r0 && col === m.c0 ? 1 : 2;
    return 0;
  }
}

/** exceljs's style of a cell it creates: each part from the row's style, else the column's. */
function lineStyle(row: XlStyle | undefined, col: XlStyle | undefined): XlStyle {
  const out: XlStyle = {};
  for (const k of ['numFmt', 'font', 'alignment', 'border', 'fill', 'protection'] as const) {
    const v = row?.[k] ?? col?.[k];
    if (v) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** The cells of merged ranges the file does not list: exceljs made each with its row's or column's style. */
export function fillMerges(merges: MergeIndex, rowStyle: ReadonlyMap<number, XlStyle | undefined>, ctx: { styleOf(x: XlStyle | undefined): Style | undefined; colStyle(col: number): XlStyle | undefined }, fn: (cell: BookCell) => void): void {
  let budget = MAX_MERGE_FILL;
  for (const m of merges.rects) {
    for (let r = m.r0; r <= m.r1 && budget > 0; r++) {
      for (let c = m.c0; c <= m.c1 && budget-- > 0; c++) {
        if (merges.seen.has(r * MAX_COLS + c)) continue;
        merges.seen.add(r * MAX_COLS + c);
        const style = ctx.styleOf(lineStyle(rowStyle.get(r), ctx.colStyle(c)));
        if (!style) continue;
        fn(r === m.r0 && c === m.c0 ? { row: r, col: c, value: null, style } : { row: r, col: c, style });
      }
    }
  }
}

/**
 * The merged ranges a sheet's <mergeCells> lists (`tail`: the XML after its cells), each once.
 * Read here rather than by exceljs, whose reader checks each range against every one before it
 * (50,000 ranges took minutes). A range overlapping one listed before it, which Excel does not
 * write, is left out (the one lower down) and counted in `overlapping`.
 */
export function mergesFromXml(tail: string, overlapping: { count: number }): string[] {
  const block = /<(?:\w+:)?mergeCells\b[^>]*>([\s\S]*?)<\/(?:\w+:)?mergeCells>/.exec(tail)?.[1];
  if (!block) return [];
  const found: { ref: string; r0: number; c0: number; r1: number; c1: number; i: number }[] = [];
  for (const m of block.matchAll(/<(?:\w+:)?mergeCell\b[^>]*?\bref\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const ref = (m[1] ?? m[2] ?? '').replace(/\$/g, '');
    if (!ref.includes(':')) continue;
    try {
      found.push({ ref, ...parseRange(ref).rect, i: found.length });
    } catch {
      continue;
    }
  }
  // A sweep down the rows: each range is checked only against those still open at its top row.
  const byTop = [...found].sort((a, b) => a.r0 - b.r0 || a.i - b.i);
  const dropped = new Set<number>();
  let open: typeof found = [];
  for (const m of byTop) {
    open = open.filter((o) => o.r1 >= m.r0);
    if (open.some((o) => o.c0 <= m.c1 && m.c0 <= o.c1)) dropped.add(m.i);
    else open.push(m);
  }
  overlapping.count += dropped.size;
  return found.filter((m) => !dropped.has(m.i)).map((m) => m.ref);
}
