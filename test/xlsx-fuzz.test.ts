// The mangling fuzz, a bounded seeded slice (the whole is `npm run fuzz`): Excel-written workbooks
// damaged one part at a time (cut short, an attribute written twice, markup nobody knows, a lost
// relationship, a wrong content type, a part missing or not inflating, odd zip entries). Nothing
// may crash the reader or the import, only a broken workbook part (or every sheet) may refuse the
// file, and every part that was not damaged comes in as from the undamaged file.
import { describe, expect, it } from 'vitest';
import { EXCEL_FIXTURES } from './helpers/damage.ts';
import { fuzzWorkbook, newTally, tallyTable } from './helpers/fuzz-run.ts';

/** Workbooks that hold, between them, every kind of part the reader reads. */
const WORKBOOKS = [
  'features/xlsxwriter/comment16.xlsx',
  'features/xlsxwriter/set_column08.xlsx',
  'features/xlsxwriter/table33.xlsx',
  'features/xlsxwriter/defined_name01.xlsx',
  'features/xlsxwriter/chart_bar01.xlsx',
  'features/xlsxwriter/hyperlink04.xlsx',
  'features/xlsxwriter/data_validation03.xlsx',
  'features/xlsxwriter/panes01.xlsx',
  'features/poi/NewStyleConditionalFormattings.xlsx',
  'features/poi/simple-monthly-budget.xlsx',
  'ironcalc/templates/weekly_timesheet.xlsx',
  'ironcalc/example.xlsx',
];

/** Damaged copies judged per workbook. */
const SAMPLE = 36;

describe('mangling fuzz (seeded slice)', () => {
  it('never crashes, refuses only for the workbook part, and keeps every undamaged part', async () => {
    const tally = newTally();
    for (const [i, file] of WORKBOOKS.entries()) await fuzzWorkbook(`${EXCEL_FIXTURES}${file}`, tally, { seed: 34_000 + i, sample: SAMPLE });
    const table = tallyTable(tally);
    expect(tally.cases, table).toBeGreaterThan(WORKBOOKS.length * SAMPLE * 0.8);
    expect(tally.violations, table).toEqual([]);
    // Some copies of every outcome but a crash: the slice does reach parts that get dropped and refusals.
    const outcomes = new Set([...tally.table.values()].flatMap((row) => [...row.keys()]));
    expect([...outcomes].sort(), table).toEqual(expect.arrayContaining(['imported whole', 'part dropped and reported']));
    expect(outcomes.has('crash'), table).toBe(false);
  }, 120_000);
});
