// SORT and SORTBY put values in Excel's order (numbers, text in any case, logicals, errors by their
// number, blanks last either way), as ironcalc's SORT.xlsx, saved by Excel, caches them; the
// engine's own SORT gave the array's first error instead of sorting it.
import { expect, it } from 'vitest';
import { memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

it('sorts numbers, text, errors and blanks as Excel does, up and down, by a column of its own or of another array', async () => {
  const wb = memoryWorkbook(['Data']);
  await put(wb, 'Data', 'A1', [[1, 'abra'], [5, 'cada'], [2, 'abra'], [-2, 'nos'], ['=NA()', 'x'], ['Hola', 'ad'], ['=1/0', 'b'], [null, 12], ['HOLA', 'q'], ['2', 'z']]);
  await put(wb, 'Data', 'D1', [['=SORT(A1:A10)', '=SORT(A1:A10,1,-1)', '=SORT(A1:B10,2)', null, '=SORTBY(A1:A10,B1:B10,-1)']]);
  const cols = (range: string) => shown(wb, 'Data', range).map((r) => r.join(' '));
  expect(cols('D1:D10')).toEqual(['-2', '1', '2', '5', '2', 'Hola', 'HOLA', '#DIV/0!', '#N/A', '0']);
  expect(cols('E1:E10')).toEqual(['#N/A', '#DIV/0!', 'Hola', 'HOLA', '2', '5', '2', '1', '-2', '0']);
  expect(cols('F1:G10')).toEqual(['0 12', '1 abra', '2 abra', 'Hola ad', '#DIV/0! b', '5 cada', '-2 nos', 'HOLA q', '#N/A x', '2 z']);
  expect(cols('H1:H10')).toEqual(['2', '#N/A', 'HOLA', '-2', '5', '#DIV/0!', 'Hola', '1', '2', '0']);
  await put(wb, 'Data', 'J1', [['=SORT(A1:B10,3)'], ['=SORT(A1:A10,1,2)']]);
  expect(cols('J1:J2')).toEqual(['#VALUE!', '#VALUE!']);
});
