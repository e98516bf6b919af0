// Cell notes (Excel's notes, which older Excel called comments): a text, and its author when the
// file names one, on one cell. Kept in the sheet's meta by A1 address, following the cell through
// structure edits and moves (hooks.ts), read from and written to xlsx.
import { cellToA1, parseCell } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Notes by cell (A1). */
    notes?: Record<string, Note>;
  }
}

export interface Note {
  text: string;
  author?: string;
}

/** Excel's limit on a note's text. */
export const NOTE_CHARS = 32_767;

/** The sheet's notes in reading order (by row, then column). */
export function notesOf(sheet: SheetModel): [{ row: number; col: number }, Note][] {
  const out = Object.entries(sheet.meta.notes ?? {}).map(([a1, note]): [{ row: number; col: number }, Note] => [parseCell(a1).addr, note]);
  return out.sort(([a], [b]) => a.row - b.row || a.col - b.col);
}

/** Replaces the sheet's notes (none left: the key goes). */
export function setNotes(sheet: SheetModel, notes: [{ row: number; col: number }, Note][]): void {
  if (!notes.length) delete sheet.meta.notes;
  else sheet.meta.notes = Object.fromEntries(notes.map(([at, note]) => [cellToA1(at), note]));
}
