// The notes area: set_note, and what Excel keeps beside a cell's content, notes and hyperlinks,
// following their cells, listed in /context, and kept through xlsx import and export.
import { defineArea } from '../../area.ts';
import { cellMapHooks } from '../../objects/cell-map.ts';
import { linksOf } from '../../links/model.ts';
import { notesOf } from '../../notes/model.ts';
import { cellToA1, quoteSheet } from '../../a1.ts';
import type { SheetObjectHooks } from '../../workbook/hooks.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { setNote } from './set-note.ts';

/** At most this many notes and links each in /context, a note cut to 200 characters. */
const CONTEXT_ITEMS = 50;

const where = (sheet: { name: string }, at: { row: number; col: number }) => `${quoteSheet(sheet.name)}!${cellToA1(at)}`;

const notesContext = (wb: Workbook) =>
  wb.sheets
    .flatMap((sheet) => notesOf(sheet).map(([at, note]) => ({ cell: where(sheet, at), text: note.text.length > 200 ? `${note.text.slice(0, 200)}…` : note.text, ...(note.author ? { author: note.author } : {}) })))
    .slice(0, CONTEXT_ITEMS);

const linksContext = (wb: Workbook) => wb.sheets.flatMap((sheet) => linksOf(sheet).map(([at, link]) => ({ cell: where(sheet, at), ...link }))).slice(0, CONTEXT_ITEMS);

const notes = cellMapHooks('notes');
const links = cellMapHooks('links');
const objects: SheetObjectHooks = {
  onStructure: (...args) => [notes, links].forEach((h) => h.onStructure!(...args)),
  onMove: (...args) => [notes, links].forEach((h) => h.onMove!(...args)),
  onClear: (...args) => [notes, links].forEach((h) => h.onClear!(...args)),
};

export const notesArea = defineArea({
  name: 'notes',
  group: 'cells',
  ops: [setNote],
  objects,
  context: { notes: notesContext, links: linksContext },
});
