// Long ranges keep their blocks' sums between recalculations (core/workbook/hf-range-values.ts).
// A random walk of edits, errors, spills, row inserts, removals, moves and undos on a sheet with
// long SUM/AVERAGE/MAX/COUNT/COUNTA ranges: after each step every aggregate equals the same
// aggregate computed here from the sheet's values, so no block may keep a stale value.
import { DetailedCellError, HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES, engineConfig } from '../core/workbook/engine.ts';
import { blockStats } from '../core/workbook/hf-range-values.ts';
import { colToIndex } from '../core/a1.ts';
import { rng } from './helpers/random.ts';

const ROWS = 5000;
type V = number | string | boolean | null | DetailedCellError;

/** The cells of `ref` (A1:B5000 or A:A) in row-major order, from a sheet's values. */
function cellsOf(values: V[][], ref: string): V[] {
  const m = /^([A-Z]+)(\d*):([A-Z]+)(\d*)$/.exec(ref.replace(/\$/g, ''))!;
  const c0 = colToIndex(m[1]!), c1 = colToIndex(m[3]!);
  const r0 = m[2] ? Number(m[2]) - 1 : 0, r1 = m[4] ? Number(m[4]) - 1 : values.length - 1;
  const out: V[] = [];
  for (let r = r0; r <= Math.min(r1, values.length - 1); r++) for (let c = c0; c <= c1; c++) out.push(values[r]?.[c] ?? null);
  return out;
}

function expected(fn: string, cells: V[]): V | string {
  const error = cells.find((v) => v instanceof DetailedCellError) as DetailedCellError | undefined;
  const numbers = cells.filter((v): v is number => typeof v === 'number');
  if (fn === 'COUNT') return numbers.length;
  if (fn === 'COUNTA') return cells.filter((v) => v !== null).length;
  if (error) return error.type;
  if (fn === 'SUM') return numbers.reduce((a, b) => a + b, 0);
  if (fn === 'MAX') return numbers.length ? Math.max(...numbers) : 0;
  if (fn === 'AVERAGE') return numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : 'DIV_BY_ZERO';
  throw new Error(fn);
}

describe('aggregates over long ranges', () => {
  it('equal the aggregate of the current values after every kind of change', () => {
    const random = rng(7);
    const int = (n: number) => Math.floor(random() * n);
    const data: (number | string | null)[][] = Array.from({ length: ROWS }, (_, r) => [r % 17, r % 5 === 0 ? 'x' : r * 0.5, r % 3]);
    const aggregates = ['=SUM(A1:A5000)', '=AVERAGE(A2:B4999)', '=MAX(A:A)', '=COUNT(B:B)', '=COUNTA(A1:C5000)', '=SUM(A1:C5000)'];
    aggregates.forEach((f, i) => (data[i]![6] = f));
    const hf = HyperFormula.buildFromSheets({ S: data, T: [['=SUM(S!A1:C5000)']] }, engineConfig(), ENGINE_NAMES);
    const S = hf.getSheetId('S')!, T = hf.getSheetId('T')!;
    const before = { ...blockStats };
    const check = (step: string) => {
      const values = hf.getSheetValues(S) as V[][];
      for (let i = 0; i < aggregates.length; i++) {
        const formula = hf.getCellFormula({ sheet: S, row: i, col: 6 });
        if (!formula) continue; // moved away or removed by the walk
        const m = /^=([A-Z]+)\((\$?[A-Z]+\$?\d*:\$?[A-Z]+\$?\d*)\)$/.exec(formula)!;
        const got = hf.getCellValue({ sheet: S, row: i, col: 6 });
        const want = expected(m[1]!, cellsOf(values, m[2]!));
        if (typeof want === 'number') expect(got, `${step}: ${formula}`).toBeCloseTo(want, 6);
        else expect((got as DetailedCellError).type, `${step}: ${formula}`).toBe(want);
      }
      const cross = hf.getCellValue({ sheet: T, row: 0, col: 0 });
      const want = expected('SUM', cellsOf(values, hf.getCellFormula({ sheet: T, row: 0, col: 0 })!.replace(/^=SUM\(S!|\)$/g, '').replace(/S!/, '')));
      if (typeof want === 'number') expect(cross, `${step}: cross-sheet`).toBeCloseTo(want, 6);
      else expect((cross as DetailedCellError).type, `${step}: cross-sheet`).toBe(want);
    };
    check('built');
    for (let step = 0; step < 150; step++) {
      const row = 6 + int(4900), col = int(3), at = { sheet: S, row, col };
      const kind = int(12);
      let what: string;
      if (kind <= 2) {
        what = 'number';
        hf.setCellContents(at, int(1000) - 300);
      } else if (kind === 3) {
        what = 'text';
        hf.setCellContents(at, 'word');
      } else if (kind === 4) {
        what = 'error';
        hf.setCellContents(at, random() < 0.5 ? '=1/0' : '=NA()');
      } else if (kind === 5) {
        what = 'formula';
        hf.setCellContents(at, `=A${int(4000) + 7}*2`);
      } else if (kind === 6) {
        what = 'clear';
        hf.setCellContents(at, null);
      } else if (kind === 7) {
        what = 'insert rows';
        hf.addRows(S, [row, 1 + int(3)]);
      } else if (kind === 8) {
        what = 'remove rows';
        hf.removeRows(S, [row, 1 + int(3)]);
      } else if (kind === 9) {
        what = 'move';
        hf.moveCells({ start: { sheet: S, row, col: 0 }, end: { sheet: S, row: row + 9, col: 2 } }, { sheet: S, row: 6 + int(4800), col: 0 });
      } else if (kind === 10) {
        // A spill down column C, then a value in its way (#SPILL!), then the way cleared.
        const top = 6 + int(3000);
        hf.setCellContents({ sheet: S, row: top, col: 2 }, '=SEQUENCE(1500)');
        check(`step ${step}: spill`);
        hf.setCellContents({ sheet: S, row: top + 700, col: 2 }, 5);
        check(`step ${step}: spill blocked`);
        hf.setCellContents({ sheet: S, row: top + 700, col: 2 }, null);
        what = 'spill unblocked';
      } else {
        what = 'undo';
        if (hf.isThereSomethingToUndo()) hf.undo();
      }
      check(`step ${step}: ${what} at ${col},${row}`);
    }
    // The walk did reuse blocks: one edit recomputes the block it touched, not the whole range.
    expect(blockStats.reused - before.reused).toBeGreaterThan(200);
    hf.destroy();
  });

  it('recompute only the edited block on a one-cell edit', () => {
    const hf = HyperFormula.buildFromArray(Array.from({ length: 20_000 }, (_, r) => [r, r === 0 ? '=SUM(A2:A20000)' : null]), engineConfig(), ENGINE_NAMES);
    const before = { ...blockStats };
    hf.setCellContents({ sheet: 0, row: 9000, col: 0 }, 1);
    expect(blockStats.computed - before.computed).toBe(1);
    expect(hf.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe((19_999 * 20_000) / 2 - 9000 + 1);
    hf.destroy();
  });
});
