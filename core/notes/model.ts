// Cell notes (Excel's notes, which older Excel called comments): a text, and its author when the
// file names one, on one cell. Kept in the sheet's meta by A1 address, following the cell through
// structure edits and moves (hooks.ts), read from and written to xlsx.
import { cellEntries, setCellEntries } from '../objects/cell-map.ts';
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
  return cellEntries(sheet, 'notes');
}

/** Replaces the sheet's notes (none left: the key goes). */
export function setNotes(sheet: SheetModel, notes: [{ row: number; col: number }, Note][]): void {
  setCellEntries(sheet, 'notes', notes);
}
