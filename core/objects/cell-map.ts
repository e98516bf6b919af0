// Things kept per cell in a sheet's meta by A1 address (notes, hyperlinks): read in reading order,
// written back, and following their cell through structure edits, moves and clears.
import { cellToA1, parseCell } from '../a1.ts';
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import type { SheetMeta } from '../workbook/sheet-meta.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { shiftIndex } from '../workbook/shift.ts';

type At = { row: number; col: number };
/** The meta keys that hold a record by A1 address (declared by core/notes and core/links). */
type CellMapKey = 'notes' | 'links';
type ValueOf<K extends CellMapKey> = NonNullable<SheetMeta[K]>[string];

/** The entries in reading order (by row, then column). */
export function cellEntries<K extends CellMapKey>(sheet: SheetModel, key: K): [At, ValueOf<K>][] {
  const map = (sheet.meta[key] ?? {}) as Record<string, ValueOf<K>>;
  const out = Object.entries(map).map(([a1, v]): [At, ValueOf<K>] => [parseCell(a1).addr, v]);
  return out.sort(([a], [b]) => a.row - b.row || a.col - b.col);
}

/** Replaces the entries (none left: the key goes). */
export function setCellEntries<K extends CellMapKey>(sheet: SheetModel, key: K, entries: [At, ValueOf<K>][]): void {
  if (!entries.length) delete sheet.meta[key];
  else (sheet.meta as Record<string, unknown>)[key] = Object.fromEntries(entries.map(([at, v]) => [cellToA1(at), v]));
}

const inside = (at: At, r: { r0: number; r1: number; c0: number; c1: number }) => at.row >= r.r0 && at.row <= r.r1 && at.col >= r.c0 && at.col <= r.c1;

/**
 * Entries follow their cell: inserted, deleted and moved rows and columns move them (a deleted
 * cell takes its entry along), a cell move carries them (what the block lands on loses its own),
 * a copied sheet copies them (its meta is copied), and clearing cells with their formats removes them.
 */
export function cellMapHooks(key: CellMapKey): SheetObjectHooks {
  return {
    onStructure(_wb, sheet, edit) {
      if (!sheet.meta[key]) return;
      const next: [At, ValueOf<typeof key>][] = [];
      for (const [at, v] of cellEntries(sheet, key)) {
        const moved = shiftIndex(edit.axis === 'row' ? at.row : at.col, edit);
        if (moved !== null) next.push([edit.axis === 'row' ? { row: moved, col: at.col } : { row: at.row, col: moved }, v]);
      }
      setCellEntries(sheet, key, next);
    },
    onMove(_wb, sheet, from, to) {
      if (!sheet.meta[key]) return;
      const dr = to.row - from.r0;
      const dc = to.col - from.c0;
      const target = { r0: from.r0 + dr, r1: from.r1 + dr, c0: from.c0 + dc, c1: from.c1 + dc };
      const kept = cellEntries(sheet, key).filter(([at]) => inside(at, from) || !inside(at, target));
      setCellEntries(sheet, key, kept.map(([at, v]) => [inside(at, from) ? { row: at.row + dr, col: at.col + dc } : at, v]));
    },
    onClear(_wb, sheet, rect, opts) {
      if (!sheet.meta[key] || opts?.keepFormats) return;
      setCellEntries(sheet, key, cellEntries(sheet, key).filter(([at]) => !inside(at, rect)));
    },
  };
}
