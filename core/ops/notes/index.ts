// The notes area: set_note, cell notes following their cells, listed in /context, and kept
// through xlsx import and export.
import { defineArea } from '../../area.ts';
import { noteObjects } from '../../notes/hooks.ts';
import { notesOf } from '../../notes/model.ts';
import { cellToA1, quoteSheet } from '../../a1.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { setNote } from './set-note.ts';

/** At most this many notes in /context, each cut to 200 characters. */
const CONTEXT_NOTES = 50;

const notesContext = (wb: Workbook) =>
  wb.sheets
    .flatMap((sheet) => notesOf(sheet).map(([at, note]) => ({ cell: `${quoteSheet(sheet.name)}!${cellToA1(at)}`, text: note.text.length > 200 ? `${note.text.slice(0, 200)}…` : note.text, ...(note.author ? { author: note.author } : {}) })))
    .slice(0, CONTEXT_NOTES);

export const notesArea = defineArea({
  name: 'notes',
  ops: [setNote],
  objects: noteObjects,
  context: { notes: notesContext },
});
