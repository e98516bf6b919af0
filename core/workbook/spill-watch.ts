// HyperFormula marks an array formula #SPILL! when a value blocks its result, but it does not
// spill again when the blocker is cleared (only a rebuild would). SpillWatch remembers which
// formulas are blocked, and after a write that cleared cells it re-enters them so they spill.
import { DetailedCellError, ErrorType, ExportedCellChange, type ExportedChange, type HyperFormula, type RawCellContent } from 'hyperformula';

const key = (row: number, col: number) => `${row},${col}`;

export class SpillWatch {
  /** hf sheet id -> "row,col" of formulas whose last result was #SPILL!. */
  private readonly blocked = new Map<number, Set<string>>();

  /** Seeds from stored content: a formula cell whose cached error is #SPILL!. */
  seed(sheet: number, row: number, col: number): void {
    this.setOf(sheet).add(key(row, col));
  }

  forget(sheet: number): void {
    this.blocked.delete(sheet);
  }

  /** Follows value changes: a #SPILL! result joins the set, anything else at that address leaves it. */
  track(changes: ExportedChange[]): void {
    for (const ch of changes) {
      if (!(ch instanceof ExportedCellChange)) continue;
      const { sheet, row, col } = ch.address;
      const v = ch.newValue;
      if (v instanceof DetailedCellError && v.type === ErrorType.SPILL) this.setOf(sheet).add(key(row, col));
      else this.blocked.get(sheet)?.delete(key(row, col));
    }
  }

  /**
   * After a write of `grid` at (row, col): when it cleared a cell, re-enters the blocked formulas
   * of the sheet (other than those just written) so HyperFormula places their arrays again.
   */
  respill(hf: HyperFormula, sheet: number, row: number, col: number, grid: RawCellContent[][]): ExportedChange[] {
    const set = this.blocked.get(sheet);
    if (!set?.size || !grid.some((line) => line.some((c) => c === null || c === undefined))) return [];
    const out: ExportedChange[] = [];
    for (const k of [...set]) {
      const [r, c] = k.split(',').map(Number) as [number, number];
      if (r >= row && r < row + grid.length && c >= col && c < col + (grid[r - row]?.length ?? 0)) continue;
      const address = { sheet, row: r, col: c };
      const formula = hf.getCellFormula(address);
      if (formula === undefined) {
        set.delete(k);
        continue;
      }
      const changes = hf.setCellContents(address, [[formula]]);
      this.track(changes);
      out.push(...changes);
    }
    return out;
  }

  private setOf(sheet: number): Set<string> {
    let set = this.blocked.get(sheet);
    if (!set) this.blocked.set(sheet, (set = new Set()));
    return set;
  }
}
