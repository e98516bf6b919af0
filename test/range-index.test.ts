// Lookups and criteria functions share one index per range (core/workbook/functions/range-index.ts).
// A random walk of edits (keys, amounts, regions, a formula that feeds the table, lookup values)
// under VLOOKUP, MATCH, XLOOKUP, SUMIFS and COUNTIFS over one table:
// after each step every result equals the one computed here from the table's values, so no index
// may answer from a stale table.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES, engineConfig } from '../core/workbook/engine.ts';
import { indexStats } from '../core/workbook/functions/range-index.ts';
import { rng } from './helpers/random.ts';

const ROWS = 300;
const KEYS = ['apple', 'Pear', 'fig', '42', 'kiwi', 'PLUM'];
type V = number | string | boolean | null;

/** What the formulas in row `r` of the report should give, from the table's values (A: key, B: region, C: amount). */
function expectedRow(table: V[][], key: V, region: string): V[] {
  const keys = table.map((row) => row[0]);
  const eq = (a: V | undefined, b: V) => (typeof a === 'string' && typeof b === 'string' ? a.toUpperCase() === b.toUpperCase() : a === b);
  const at = keys.findIndex((k) => k !== null && eq(k, key));
  const last = keys.map((k) => k !== null && eq(k, key)).lastIndexOf(true);
  // A criterion 42 matches the number and the text "42"; text matches without case.
  const crit = (v: V, c: V) => (typeof c === 'number' ? v === c || (typeof v === 'string' && v.trim() !== '' && Number(v) === c) : typeof v === 'string' && typeof c === 'string' && v.toLowerCase() === c.toLowerCase());
  const sum = table.reduce((s, row) => (crit(row[0]!, key) && crit(row[1]!, region) && typeof row[2] === 'number' ? s + row[2] : s), 0);
  const count = table.filter((row) => crit(row[1]!, region)).length;
  return [at < 0 ? '#N/A' : table[at]![2]!, at < 0 ? '#N/A' : at + 1, last < 0 ? '#N/A' : table[last]![2]!, sum, count];
}

describe('lookups over a shared range index', () => {
  it('answer from the current table after every kind of change', () => {
    const random = rng(11);
    const int = (n: number) => Math.floor(random() * n);
    const table: V[][] = Array.from({ length: ROWS }, (_, i) => [KEYS[i % KEYS.length]! + (i % 7 === 0 ? '' : String(i % 50)), i % 3 ? 'North' : 'south', i]);
    for (let i = 0; i < 20; i++) table[int(ROWS)]![0] = KEYS[int(KEYS.length)]!;
    const report = (r: number): V[] => {
      const key = r % 4 === 3 ? 42 : KEYS[r % KEYS.length]!;
      const region = r % 2 ? 'NORTH' : 'South';
      return [
        key,
        region,
        `=VLOOKUP(E${r},$A$1:$C$${ROWS},3,FALSE)`,
        `=MATCH(E${r},$A$1:$A$${ROWS},0)`,
        `=XLOOKUP(E${r},$A$1:$A$${ROWS},$C$1:$C$${ROWS},,0,-1)`,
        `=SUMIFS($C$1:$C$${ROWS},$A$1:$A$${ROWS},E${r},$B$1:$B$${ROWS},F${r})`,
        `=COUNTIFS($B$1:$B$${ROWS},F${r})`,
      ];
    };
    const sheet = table.map((row, i) => [...row, null, ...(i < 12 ? report(i + 1) : [])]);
    const hf = HyperFormula.buildFromSheets({ S: sheet as never }, engineConfig(), ENGINE_NAMES);
    const check = (step: string) => {
      const values = hf.getSheetValues(0) as V[][];
      const rows = values.slice(0, ROWS).map((row) => row.slice(0, 3));
      for (let r = 0; r < 12; r++) {
        const got = values[r]!.slice(6, 11).map((v) => (v !== null && typeof v === 'object' ? (v as { value: string }).value : v));
        expect(got, `${step}, report row ${r + 1}`).toEqual(expectedRow(rows, values[r]![4]!, String(values[r]![5])));
      }
    };
    check('built');
    for (let step = 0; step < 60; step++) {
      const kind = int(5);
      const row = int(ROWS);
      if (kind === 0) hf.setCellContents({ sheet: 0, row, col: 0 }, [[KEYS[int(KEYS.length)]!]]);
      else if (kind === 1) hf.setCellContents({ sheet: 0, row, col: 2 }, [[int(1000)]]);
      else if (kind === 2) hf.setCellContents({ sheet: 0, row, col: 1 }, [[random() < 0.5 ? 'north' : 'SOUTH']]);
      else if (kind === 3) hf.setCellContents({ sheet: 0, row, col: 0 }, [[random() < 0.5 ? 42 : '=40+2']]);
      else hf.setCellContents({ sheet: 0, row: int(12), col: 4 }, [[random() < 0.5 ? '42' : KEYS[int(KEYS.length)]!]]);
      check(`step ${step} (kind ${kind}, row ${row + 1})`);
    }
    expect(indexStats.reused).toBeGreaterThan(0);
    hf.destroy();
  });
});
