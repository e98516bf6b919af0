// Applies a style change to a range the way spreadsheets store it: cells get their own style;
// whole columns (A:C) and whole rows (2:5) get column/row styles, plus the cells where the new
// style must win over an existing row/column style (a cell's style beats its row's, which beats its column's).
import { OpError } from '../errors.ts';
import { styleOf, withStyle } from '../workbook/cell.ts';
import { forEachStoredCell } from '../workbook/iterate.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Style } from '../workbook/style.ts';
import type { RangeTarget } from '../workbook/targets.ts';
import type { Workbook } from '../workbook/workbook.ts';

/** Whole rows or columns styled in one call; more would bloat the sheet's metadata. */
export const MAX_LINES_PER_CALL = 16_384;

/** Memoised style ids: base id -> id of the updated style. */
function updaterIds(wb: Workbook, update: (base: Style) => Style): (id: number) => number {
  const memo = new Map<number, number>();
  return (id) => {
    let out = memo.get(id);
    if (out === undefined) {
      out = wb.styles.intern(update(wb.styles.get(id)));
      memo.set(id, out);
    }
    return out;
  };
}

function setOwn(sheet: SheetModel, row: number, col: number, id: number): void {
  const cell = sheet.get(row, col);
  if (styleOf(cell) !== id) sheet.set(row, col, withStyle(cell, id));
}

function setLine(map: Record<string, number>, index: number, id: number): void {
  if (id) map[index] = id;
  else delete map[index];
}

/** Applies `update` to every cell of the target (see the file comment for whole rows/columns). */
export async function applyStyle(wb: Workbook, t: RangeTarget, update: (base: Style) => Style, maxCells: number): Promise<void> {
  const next = updaterIds(wb, update);
  const { sheet, rect } = t;
  if (t.kind === 'cells') {
    const area = (rect.r1 - rect.r0 + 1) * (rect.c1 - rect.c0 + 1);
    if (area > maxCells) throw new OpError('payload_too_large', `range: ${area} cells; at most ${maxCells} per call. Format whole columns (A:C) or rows (2:5) instead, or split the range.`, { field: 'range', limit: maxCells });
    await wb.load(sheet, rect);
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) setOwn(sheet, r, c, next(effectiveStyleId(sheet, r, c, sheet.get(r, c))));
    }
    return;
  }
  const isCols = t.kind === 'cols';
  const lines = isCols ? rect.c1 - rect.c0 + 1 : rect.r1 - rect.r0 + 1;
  if (lines > MAX_LINES_PER_CALL) throw new OpError('payload_too_large', `range: ${lines} whole ${isCols ? 'columns' : 'rows'}; at most ${MAX_LINES_PER_CALL} per call.`, { field: 'range', limit: MAX_LINES_PER_CALL });
  const colStyles = (sheet.meta.col_styles ??= {});
  const rowStyles = (sheet.meta.row_styles ??= {});
  const used = sheet.usedExtent();
  const cellRect = isCols ? { r0: 0, r1: used.rows - 1, c0: rect.c0, c1: rect.c1 } : { r0: rect.r0, r1: rect.r1, c0: 0, c1: used.cols - 1 };
  if (cellRect.r1 >= cellRect.r0 && cellRect.c1 >= cellRect.c0) await wb.load(sheet, cellRect);

  if (isCols) {
    for (let c = rect.c0; c <= rect.c1; c++) setLine(colStyles, c, next(colStyles[c] ?? 0));
    // Stored cells: their own style, or their row's (which would hide the new column style).
    forEachStoredCell(sheet, cellRect, (r, c, cell) => {
      const base = styleOf(cell) || rowStyles[r];
      if (base) setOwn(sheet, r, c, next(base));
    });
    // Empty cells where a row style crosses the columns get the row style plus the change.
    const crossings = Object.keys(rowStyles).map(Number);
    checkCrossings(crossings.length * lines, maxCells);
    for (const r of crossings) {
      await wb.load(sheet, { r0: r, r1: r, c0: rect.c0, c1: rect.c1 });
      for (let c = rect.c0; c <= rect.c1; c++) if (sheet.get(r, c) === null) setOwn(sheet, r, c, next(rowStyles[r]!));
    }
  } else {
    const hadRow = new Set<number>();
    for (let r = rect.r0; r <= rect.r1; r++) {
      if (rowStyles[r] !== undefined) hadRow.add(r);
      setLine(rowStyles, r, next(rowStyles[r] ?? 0));
    }
    // A new row style would hide column styles: those cells keep the column style plus the change.
    forEachStoredCell(sheet, cellRect, (r, c, cell) => {
      const base = styleOf(cell) || (hadRow.has(r) ? 0 : colStyles[c]);
      if (base) setOwn(sheet, r, c, next(base));
    });
    const crossings = Object.keys(colStyles).map(Number);
    checkCrossings(crossings.length * (lines - hadRow.size), maxCells);
    for (const c of crossings) {
      await wb.load(sheet, { r0: rect.r0, r1: rect.r1, c0: c, c1: c });
      for (let r = rect.r0; r <= rect.r1; r++) if (!hadRow.has(r) && sheet.get(r, c) === null) setOwn(sheet, r, c, next(colStyles[c]!));
    }
  }
  if (Object.keys(colStyles).length === 0) delete sheet.meta.col_styles;
  if (Object.keys(rowStyles).length === 0) delete sheet.meta.row_styles;
}

function checkCrossings(count: number, maxCells: number): void {
  if (count > maxCells) throw new OpError('payload_too_large', `range: formatting these lines would style ${count} cells where row and column styles cross; at most ${maxCells}. Split the range.`, { field: 'range', limit: maxCells });
}
