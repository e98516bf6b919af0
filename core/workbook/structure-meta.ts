// How per-sheet meta follows a structural edit: sizes and whole-row/column styles keyed by line
// index move with their lines (and go when their line is deleted), merges shift and shrink like
// any range, and frozen panes grow or shrink when lines are inserted or deleted inside them.
import { MAX_COLS, MAX_ROWS, colToIndex, indexToCol, parseRange, rectToA1 } from '../a1.ts';
import { shiftIndex, shiftRect, type StructureEdit } from './shift.ts';
import { mergeRects, setMerges } from './merges.ts';
import type { SheetModel } from './sheet.ts';
import type { SheetMeta } from './sheet-meta.ts';

type LineRecord = 'row_heights' | 'row_styles' | 'col_widths' | 'col_styles';

const KEYS: Record<'row' | 'col', LineRecord[]> = { row: ['row_heights', 'row_styles'], col: ['col_widths', 'col_styles'] };

/** Re-keys a line-indexed record through the edit; entries on deleted lines are dropped. */
export function shiftLineRecord(rec: Record<string, number>, e: StructureEdit, limit: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(rec)) {
    const to = shiftIndex(Number(k), e);
    if (to !== null && to < limit) out[String(to)] = v;
  }
  return out;
}

function shiftFrozen(frozen: NonNullable<SheetMeta['frozen']>, e: StructureEdit): NonNullable<SheetMeta['frozen']> {
  const key = e.axis === 'row' ? 'rows' : 'cols';
  const n = frozen[key];
  if (e.kind === 'insert' && e.at < n) return { ...frozen, [key]: n + e.count };
  if (e.kind === 'delete' && e.at < n) return { ...frozen, [key]: n - Math.min(e.count, n - e.at) };
  return frozen;
}

export function shiftSheetMeta(sheet: SheetModel, e: StructureEdit): void {
  const meta = sheet.meta;
  const limit = e.axis === 'row' ? MAX_ROWS : MAX_COLS;
  for (const key of KEYS[e.axis]) {
    const rec = meta[key];
    if (!rec) continue;
    const next = shiftLineRecord(rec, e, limit);
    if (Object.keys(next).length) meta[key] = next;
    else delete meta[key];
  }
  if (meta.merges?.length) {
    const shifted = mergeRects(sheet).map((r) => shiftRect(r, e)).filter((r) => r !== null);
    const end = limit - 1;
    setMerges(sheet, shifted.map((r) => (e.axis === 'row' ? { ...r, r1: Math.min(r.r1, end) } : { ...r, c1: Math.min(r.c1, end) })).filter((r) => (e.axis === 'row' ? r.r0 <= end : r.c0 <= end)));
  }
  if (meta.frozen) meta.frozen = shiftFrozen(meta.frozen, e);
  if (meta.print?.sheet) shiftPrint(meta.print.sheet, e);
}

/** A print area and print titles (from an imported workbook) follow their cells; deleted whole, they go. */
function shiftPrint(p: { printArea?: string; repeatRows?: string; repeatCols?: string }, e: StructureEdit): void {
  if (p.printArea) {
    try {
      const r = shiftRect(parseRange(p.printArea).rect, e);
      if (r) p.printArea = rectToA1(r);
      else delete p.printArea;
    } catch {
      // kept as it was: the PDF export reports an area it cannot read
    }
  }
  const key = e.axis === 'row' ? 'repeatRows' : 'repeatCols';
  const span = p[key];
  if (!span) return;
  const m = (e.axis === 'row' ? /^(\d+)(?::(\d+))?$/ : /^([A-Za-z]+)(?::([A-Za-z]+))?$/).exec(span.replace(/\$/g, ''));
  if (!m) return;
  const at = (t: string) => (e.axis === 'row' ? Number(t) - 1 : colToIndex(t));
  const show = (i: number) => (e.axis === 'row' ? String(i + 1) : indexToCol(i));
  const lo = at(m[1]!), hi = at(m[2] ?? m[1]!);
  const rect = e.axis === 'row' ? { r0: lo, r1: hi, c0: 0, c1: 0 } : { r0: 0, r1: 0, c0: lo, c1: hi };
  const r = shiftRect(rect, e);
  if (!r) delete p[key];
  else p[key] = e.axis === 'row' ? `${show(r.r0)}:${show(r.r1)}` : `${show(r.c0)}:${show(r.c1)}`;
}
