// The recalculation budget (SHEETS_RECALC_TIMEOUT_MS) counts this process's CPU time: a process
// that other work keeps off the CPU while its clock runs is not stopped for it, one that spends
// the budget computing is, and a starved one still stops at WALL_FACTOR budgets of wall time.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { ENGINE_CONFIG } from '../core/workbook/engine.ts';
import { RecalcTimeoutError, WALL_FACTOR, withinBudget } from '../core/workbook/functions/guard.ts';
import { registerFunctions } from '../core/workbook/functions/index.ts';

/** Blocks this thread without spending CPU, as a machine busy with other processes does. */
const offCpu = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function busy(ms: number): void {
  const end = process.cpuUsage().user / 1000 + ms;
  while (process.cpuUsage().user / 1000 < end);
}

describe('the recalculation budget', () => {
  registerFunctions();
  const hf = HyperFormula.buildFromArray([[1, '=SUM(A1,1)']], ENGINE_CONFIG);
  let n = 1;
  const recalc = () => hf.setCellContents({ sheet: 0, row: 0, col: 0 }, [[++n]]);

  it('does not stop a recalculation whose wall time passed the budget while it had no CPU', () => {
    withinBudget(100, () => {
      offCpu(250);
      recalc();
    });
    expect(hf.getCellValue({ sheet: 0, row: 0, col: 1 })).toBe(n + 1);
  });

  it('stops one that spent the budget computing', () => {
    expect(() =>
      withinBudget(100, () => {
        busy(150);
        recalc();
      }),
    ).toThrow(RecalcTimeoutError);
  });

  it('stops a starved one at WALL_FACTOR budgets of wall time', () => {
    expect(() =>
      withinBudget(50, () => {
        offCpu(50 * WALL_FACTOR + 30);
        recalc();
      }),
    ).toThrow(RecalcTimeoutError);
  });
});
