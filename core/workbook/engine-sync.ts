// Writes the formula engine's values back into the tiles: each formula cell's cached result and
// the cells its array result spills into. Tiles, not the engine, are what reads and commits see.
import type { ExportedChange } from 'hyperformula';
import { ExportedCellChange } from 'hyperformula';
import { isInput, isRich, styleOf, type RichCell } from './cell.ts';
import type { EffectLog } from './effects.ts';
import type { ChangeLog } from './changes.ts';
import { formulaResultFields, resultFields, type FormulaEngine } from './engine.ts';
import type { SheetModel } from './sheet.ts';
import type { BlockedSpills } from './spills.ts';

/** Applies HyperFormula's value changes to cached formula results and spill cells. */
export function applyEngineChanges(engine: FormulaEngine, changes: ExportedChange[], log: ChangeLog, spills: BlockedSpills, effects?: EffectLog): void {
  for (const ch of changes) {
    if (!(ch instanceof ExportedCellChange)) continue;
    const sheet = engine.sheetOf(ch.address.sheet);
    if (!sheet) continue;
    const { row, col } = ch.address;
    log.add(sheet.id, { r0: row, c0: col, r1: row, c1: col });
    const cell = sheet.get(row, col);
    // A kept formula (RichCell.k) is its cached value to the engine: nothing to bring back.
    if (isRich(cell) && cell.k) continue;
    if (isRich(cell) && cell.f !== undefined) {
      const next: RichCell = { f: cell.f, ...formulaResultFields(ch.newValue, () => engine.hf.getCellValueDetailedType(ch.address)) };
      if (cell.s) next.s = cell.s;
      if (cell.x) next.x = cell.x;
      effects?.formulaChanged(sheet.id, row, col, cell.e === '#SPILL!');
      spills.note(sheet.id, row, col, next);
      sheet.set(row, col, next);
    } else if (!isInput(cell)) {
      const s = styleOf(cell);
      const v = ch.newValue ?? spilledBlank(engine, ch.address);
      // An empty cell the engine reports again stays as it is: no tile is written for nothing.
      if (v === null || v === undefined) {
        if (!isBlank(cell, s)) sheet.set(row, col, s ? { s } : null);
      }
      else sheet.set(row, col, { ...resultFields(v, () => 'NUMBER_RAW'), sp: 1, ...(s ? { s } : {}) });
    }
  }
}

/** Is the cell empty already, with style `s` or none? */
function isBlank(cell: ReturnType<SheetModel['get']>, s: ReturnType<typeof styleOf>): boolean {
  if (cell === null || cell === undefined) return !s;
  return isRich(cell) && Object.keys(cell).length === 1 && cell.s === s;
}

/**
 * What an empty value inside a spilled array shows: 0, as in Excel, whose arrays hold no blanks
 * (=A1:A3 over an empty A2 spills 0 there); null for a cell no array covers.
 */
function spilledBlank(engine: FormulaEngine, address: { sheet: number; row: number; col: number }): 0 | null {
  return engine.hf.isCellPartOfArray(address) ? 0 : null;
}

/**
 * Makes the sheet's cached formula results and spill cells equal to the engine's values (after a
 * fresh build that included new formulas). Walks the sheet once.
 */
export function syncSheetFromEngine(engine: FormulaEngine, sheet: SheetModel, log: ChangeLog, spills: BlockedSpills, effects?: EffectLog): void {
  const hfId = engine.hfId(sheet);
  const values = engine.hf.getSheetValues(hfId);
  const used = sheet.usedExtent();
  const rows = Math.max(values.length, used.rows);
  for (let r = 0; r < rows; r++) {
    const line = values[r] ?? [];
    const cols = Math.max(line.length, used.cols);
    for (let c = 0; c < cols; c++) {
      const cell = sheet.get(r, c);
      const v = line[c] ?? (isInput(cell) ? null : spilledBlank(engine, { sheet: hfId, row: r, col: c }));
      if (isRich(cell) && cell.k) continue;
      if (isRich(cell) && cell.f !== undefined) {
        const next: RichCell = { f: cell.f, ...formulaResultFields(v, () => engine.hf.getCellValueDetailedType({ sheet: hfId, row: r, col: c })) };
        if (cell.s) next.s = cell.s;
        if (cell.x) next.x = cell.x;
        if (next.v !== cell.v || next.e !== cell.e) effects?.formulaChanged(sheet.id, r, c, cell.e === '#SPILL!');
        spills.note(sheet.id, r, c, next);
        sheet.set(r, c, next);
      } else if (!isInput(cell) && (v !== null || (isRich(cell) && cell.sp !== undefined))) {
        const s = styleOf(cell);
        if (v === null) sheet.set(r, c, s ? { s } : null);
        else sheet.set(r, c, { ...resultFields(v, () => 'NUMBER_RAW'), sp: 1, ...(s ? { s } : {}) });
      }
    }
  }
  log.add(sheet.id, { r0: 0, c0: 0, r1: Math.max(0, rows - 1), c1: Math.max(0, used.cols - 1) });
}
