// Pictures follow their anchor cell: row/column inserts, deletes and moves shift it (a deleted
// anchor row or column leaves the picture at the deletion's place, as Excel moves it), a cell move
// that carries the anchor carries the picture, and a duplicated sheet's pictures get fresh ids.
// Clearing cells leaves pictures alone, as in Excel.
import type { SheetObjectHooks } from '../workbook/hooks.ts';
import { shiftIndex } from '../workbook/shift.ts';
import { newId } from '../objects/ranges.ts';

export const imageObjects: SheetObjectHooks = {
  onStructure(_wb, sheet, edit) {
    for (const image of sheet.meta.images ?? []) {
      const key = edit.axis === 'row' ? 'row' : 'col';
      image.anchor[key] = shiftIndex(image.anchor[key], edit) ?? (edit.kind === 'delete' ? edit.at : image.anchor[key]);
    }
  },
  onMove(_wb, sheet, from, to) {
    for (const image of sheet.meta.images ?? []) {
      const { row, col } = image.anchor;
      if (row >= from.r0 && row <= from.r1 && col >= from.c0 && col <= from.c1) image.anchor = { row: row + to.row - from.r0, col: col + to.col - from.c0 };
    }
  },
  onDuplicate(_wb, _source, copy) {
    for (const image of copy.meta.images ?? []) image.id = newId('img');
  },
};
