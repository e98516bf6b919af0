// Notes follow their cell: inserted, deleted and moved rows and columns move them (a deleted cell
// takes its note with it), a cell move carries them, a copied sheet copies them, and clearing
// cells with their formats (Excel's Clear All) removes them.
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftIndex } from '../workbook/shift.ts';
import { notesOf, setNotes } from './model.ts';

const inside = (at: { row: number; col: number }, r: { r0: number; r1: number; c0: number; c1: number }) => at.row >= r.r0 && at.row <= r.r1 && at.col >= r.c0 && at.col <= r.c1;

export const noteObjects: SheetObjectHooks = {
  onStructure(_wb, sheet, edit) {
    if (!sheet.meta.notes) return;
    const next = notesOf(sheet).flatMap(([at, note]) => {
      const moved = shiftIndex(edit.axis === 'row' ? at.row : at.col, edit);
      if (moved === null) return [];
      return [[edit.axis === 'row' ? { row: moved, col: at.col } : { row: at.row, col: moved }, note] as const];
    });
    setNotes(sheet, next.map(([at, note]) => [at, note]));
  },
  onMove(_wb, sheet, from, to) {
    if (!sheet.meta.notes) return;
    const dr = to.row - from.r0;
    const dc = to.col - from.c0;
    const target = { r0: from.r0 + dr, r1: from.r1 + dr, c0: from.c0 + dc, c1: from.c1 + dc };
    // What the block lands on loses its notes (as its cells are overwritten); the block's own move along.
    const kept = notesOf(sheet).filter(([at]) => inside(at, from) || !inside(at, target));
    setNotes(sheet, kept.map(([at, note]) => [inside(at, from) ? { row: at.row + dr, col: at.col + dc } : at, note]));
  },
  onClear(_wb, sheet, rect, opts) {
    if (!sheet.meta.notes || opts?.keepFormats) return;
    setNotes(sheet, notesOf(sheet).filter(([at]) => !inside(at, rect)));
  },
};
