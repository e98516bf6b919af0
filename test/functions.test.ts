// Edge cases of the service's function plugins, evaluated by HyperFormula configured exactly as
// the service configures it (the LibreOffice table and the door cases cover the common paths).
import { DetailedCellError, HyperFormula } from 'hyperformula';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_NAMES, engineConfig } from '../core/workbook/engine.ts';
import { datedif } from '../core/workbook/functions/datedif.ts';
import { fixed } from '../core/workbook/functions/fixed.ts';
import { findCut } from '../core/workbook/functions/text-before-after.ts';

// A1:C4: names, numbers, groups; row 5 holds a blank, an error and text.
const DATA = [
  ['pear', 4, 'b'],
  ['fig', 9, 'a'],
  ['kiwi', 1, 'b'],
  ['apple', 9, 'a'],
  [null, '=1/0', 'x*y'],
];

const engines: HyperFormula[] = [];
afterAll(() => engines.forEach((e) => e.destroy()));

/** The values a formula put on the sheet (its spill included; trailing blank rows are not returned), errors as their codes. */
function calc(formula: string, now?: Date): unknown[][] {
  const hf = HyperFormula.buildFromArray([...DATA, [], [formula]], engineConfig(now ? { now: () => now } : undefined), ENGINE_NAMES);
  engines.push(hf);
  const rows = hf.getSheetValues(0).slice(6);
  return rows.map((r) => r.map((v) => (v instanceof DetailedCellError ? v.value : v)));
}
const one = (formula: string) => calc(formula)[0]![0];
const message = (formula: string) => {
  const hf = HyperFormula.buildFromArray([...DATA, [formula]], engineConfig(), ENGINE_NAMES);
  engines.push(hf);
  return (hf.getCellValue({ sheet: 0, row: 5, col: 0 }) as DetailedCellError).message;
};

describe('XMATCH', () => {
  it('finds first, last, next smaller and next larger', () => {
    expect(one('=XMATCH(9, B1:B4)')).toBe(2);
    expect(one('=XMATCH(9, B1:B4, 0, -1)')).toBe(4);
    expect(one('=XMATCH(5, B1:B4, -1)')).toBe(1);
    expect(one('=XMATCH(5, B1:B4, 1)')).toBe(2);
    expect(one('=XMATCH(100, B1:B4, 1)')).toBe('#N/A');
  });
  it('matches wildcards, and ~ escapes them', () => {
    expect(one('=XMATCH("k*", A1:A4, 2)')).toBe(3);
    expect(one('=XMATCH("?i?", A1:A4, 2)')).toBe(2);
    expect(one('=XMATCH("x~*y", C1:C5, 2)')).toBe(5);
    expect(one('=XMATCH("k*", A1:A4)')).toBe('#N/A');
  });
  it('searches sorted data by bisection, ascending and descending', () => {
    expect(one('=XMATCH(7, {1,3,5,7,9}, 0, 2)')).toBe(4);
    expect(one('=XMATCH(6, {1,3,5,7,9}, -1, 2)')).toBe(3);
    expect(one('=XMATCH(6, {1,3,5,7,9}, 1, 2)')).toBe(4);
    expect(one('=XMATCH(6, {9,7,5,3,1}, -1, -2)')).toBe(3);
    expect(one('=XMATCH(6, {9,7,5,3,1}, 1, -2)')).toBe(2);
  });
  it('takes an array of keys and spills positions', () => {
    expect(calc('=XMATCH({"kiwi";"pear"}, A1:A4)').map((r) => r[0])).toEqual([3, 1]);
  });
  it('rejects bad modes and 2-D arrays with a message', () => {
    expect(one('=XMATCH(1, B1:B4, 4)')).toBe('#VALUE!');
    expect(one('=XMATCH("a", B1:B4, 3, 2)')).toBe('#VALUE!');
    expect(message('=XMATCH(1, B1:B4, 0, 0)')).toMatch(/search_mode/);
    expect(message('=XMATCH(1, A1:B4)')).toMatch(/one row or one column/);
  });
});

describe('SORTBY', () => {
  it('sorts by several keys, stable', () => {
    expect(calc('=SORTBY(A1:A4, C1:C4, 1, B1:B4, -1)').map((r) => r[0])).toEqual(['fig', 'apple', 'pear', 'kiwi']);
    expect(calc('=SORTBY(A1:A4, B1:B4)').map((r) => r[0])).toEqual(['kiwi', 'pear', 'fig', 'apple']);
  });
  it('sorts columns by a row', () => {
    expect(calc('=SORTBY({"a","b","c"}, {3,1,2})')[0]).toEqual(['b', 'c', 'a']);
  });
  it('puts blanks last either way', () => {
    expect(calc('=SORTBY(A1:A5, A1:A5, -1)').map((r) => r[0])).toEqual(['pear', 'kiwi', 'fig', 'apple']);
    expect(calc('=SORTBY(A4:A5, A4:A5)').map((r) => r[0])).toEqual(['apple']);
  });
  it('rejects mismatched sizes and bad orders', () => {
    expect(message('=SORTBY(A1:A4, B1:B3)')).toMatch(/by_array 1 is 3x1/);
    expect(message('=SORTBY(A1:A4, B1:B4, 2)')).toMatch(/sort_order/);
  });
});

describe('LET', () => {
  it('binds names in order, case-insensitively', () => {
    expect(one('=LET(x, 2, Y, x*3, X+y)')).toBe(8);
  });
  it('lets inner LETs shadow outer names', () => {
    expect(one('=LET(x, 1, LET(x, x+1, x*10)+x)')).toBe(21);
  });
  it('binds a range as a reference', () => {
    expect(one('=LET(r, B1:B4, ROWS(r)*100+SUM(r))')).toBe(423);
  });
  it('spills an array result', () => {
    expect(calc('=LET(s, SORT(B1:B4), s*10)').map((r) => r[0])).toEqual([10, 40, 90, 90]);
    expect(calc('=LET(r, A1:A2, r)').map((r) => r[0])).toEqual(['pear', 'fig']);
  });
  it('explains malformed calls', () => {
    expect(message('=LET(x, 1)')).toMatch(/pairs of name and value/);
    expect(message('=LET(x, 1, x, 2, x)')).toMatch(/defined twice/);
    expect(message('=LET(B2, 1, 2)')).toMatch(/must be a name/);
    expect(one('=LET(x, 1, y)')).toBe('#NAME?');
  });
});

describe('TAKE, DROP, CHOOSECOLS, CHOOSEROWS, TOCOL, TOROW', () => {
  it('take and drop from either end', () => {
    expect(calc('=TAKE(A1:C4, 2, -1)')).toEqual([['b'], ['a']]);
    expect(calc('=DROP(A1:C4, -3, 2)')).toEqual([['b']]);
    expect(calc('=TAKE(A1:B4, , 1)').map((r) => r[0])).toEqual(['pear', 'fig', 'kiwi', 'apple']);
  });
  it('take a count that is only known when computed, within the input size', () => {
    expect(calc('=TAKE(A1:A4, B3+1)&"|"').map((r) => r[0])).toEqual(['pear|', 'fig|']);
    expect(calc('=TAKE(A1:A4, B3+1)').map((r) => r[0])).toEqual(['pear', 'fig']);
  });
  it('refuse empty results', () => {
    expect(one('=TAKE(A1:B2, 0)')).toBe('#VALUE!');
    expect(message('=DROP(A1:B2, 5)')).toMatch(/empty/);
  });
  it('choose lines by number, array or from the end', () => {
    expect(calc('=CHOOSECOLS(A1:C2, {3,1})')).toEqual([['b', 'pear'], ['a', 'fig']]);
    expect(calc('=CHOOSEROWS(A1:A4, -1, 1)').map((r) => r[0])).toEqual(['apple', 'pear']);
    expect(message('=CHOOSECOLS(A1:C2, 4)')).toMatch(/between 1 and 3/);
  });
  it('flatten, skipping blanks and errors on request', () => {
    expect(calc('=TOCOL(A4:B5, 3)').map((r) => r[0])).toEqual(['apple', 9]);
    expect(calc('=TOCOL(A4:B5, 1)').map((r) => r[0])).toEqual(['apple', 9, '#DIV/0!']);
    expect(calc('=TOROW(A1:B2, 0, TRUE)')[0]).toEqual(['pear', 'fig', 4, 9]);
  });
});

describe('TEXTBEFORE and TEXTAFTER', () => {
  it('cut at the n-th delimiter from either end', () => {
    expect(findCut('a-b-c', ['-'], 2, false, false)).toEqual({ at: 3, len: 1 });
    expect(findCut('a-b-c', ['-'], -1, false, false)).toEqual({ at: 3, len: 1 });
    expect(findCut('a-b-c', ['-'], 3, false, false)).toBeUndefined();
    expect(findCut('a-b-c', ['-'], 3, false, true)).toEqual({ at: 5, len: 0 });
    expect(findCut('aXb', ['x'], 1, true, false)).toEqual({ at: 1, len: 1 });
  });
  it('take several delimiters, an if_not_found, and report bad instances', () => {
    expect(one('=TEXTAFTER("k=v;w", {"=",";"}, 2)')).toBe('w');
    expect(one('=TEXTBEFORE("abc", "-", 1, 0, 0, "none")')).toBe('none');
    expect(one('=TEXTBEFORE("abc", "-")')).toBe('#N/A');
    expect(message('=TEXTBEFORE("abc", "b", 0)')).toMatch(/instance_num/);
    expect(one('=TEXTAFTER("abc", "")')).toBe('abc');
  });
});

describe('corrected and added functions', () => {
  it('INT rounds down', () => expect(calc('=INT(-2.5)+INT(2.5)')[0]![0]).toBe(-1));
  it('TEXT uses full number formats', () => {
    expect(one('=TEXT(0.256, "0.0%")')).toBe('25.6%');
    expect(one('=TEXT(-1234.5, "#,##0.00;(#,##0.00)")')).toBe('(1,234.50)');
    expect(one('=TEXT("12.5", "0.00")')).toBe('12.50');
    expect(one('=TEXT("abc", "0.00")')).toBe('abc');
    expect(one('=TEXT(45292, "ddd d mmm yyyy")')).toBe('Mon 1 Jan 2024');
  });
  it('DATEDIF takes any case and every unit', () => {
    // 2023-12-31 .. 2025-03-01; MD is negative here in Excel and LibreOffice too (day 31 of February).
    expect(['Y', 'm', 'd', 'ym', 'md', 'yd'].map((u) => datedif(45291, 45717, u))).toEqual([1, 14, 426, 2, -2, 60]);
    expect(one('=DATEDIF(2, 1, "d")')).toBe('#NUM!');
    expect(message('=DATEDIF(1, 2, "w")')).toMatch(/unit/);
  });
  it('ISREF tells references from values', () => expect(calc('=AND(ISREF(A1), ISREF(A1:B2), NOT(ISREF(1)), NOT(ISREF("A1")))')[0]![0]).toBe(true));
  it('FILTER filters 2-D rows or columns, with several conditions and if_empty', () => {
    expect(calc('=FILTER(A1:B4, C1:C4="a")')).toEqual([['fig', 9], ['apple', 9]]);
    expect(calc('=FILTER(A1:C1, {TRUE,FALSE,TRUE})')[0]).toEqual(['pear', 'b']);
    expect(calc('=FILTER(A1:A4, C1:C4="b", B1:B4>2)').map((r) => r[0])).toEqual(['pear']);
    expect(one('=FILTER(A1:A4, B1:B4>100, "none")')).toBe('none');
    expect(message('=FILTER(A1:A4, B1:B4>100)')).toMatch(/if_empty/);
    expect(message('=FILTER(A1:A4, A1:A4)')).toMatch(/text/);
  });
  it('RANK, RANK.AVG and MODE', () => {
    expect(one('=RANK(9, B1:B4)*10+RANK(9, B1:B4, 1)')).toBe(13);
    expect(one('=RANK.AVG(9, B1:B4)')).toBe(1.5);
    expect(one('=RANK(5, B1:B4)')).toBe('#N/A');
    expect(one('=MODE(B1:B4)')).toBe(9);
    expect(one('=MODE(1, 2, 3)')).toBe('#N/A');
  });
  it('INTERCEPT and FORECAST agree with SLOPE', () => {
    expect(one('=INTERCEPT({3,5,7}, {1,2,3})')).toBeCloseTo(1, 12);
    expect(one('=FORECAST(10, {3,5,7}, {1,2,3})')).toBeCloseTo(21, 12);
    expect(one('=INTERCEPT({1,2}, {4,4})')).toBe('#DIV/0!');
  });
  it('FIXED rounds and groups', () => {
    expect(fixed(1234.567, 2, false)).toBe('1,234.57');
    expect(fixed(-1250, -2, false)).toBe('-1,300');
    expect(fixed(0.5, 0, true)).toBe('1');
  });
  it('AVERAGEIFS averages numbers meeting every criterion', () => {
    expect(one('=AVERAGEIFS(B1:B4, C1:C4, "b")')).toBe(2.5);
    expect(one('=AVERAGEIFS(B1:B4, C1:C4, "a", A1:A4, "f*")')).toBe(9);
    expect(one('=AVERAGEIFS(B1:B4, C1:C4, "z")')).toBe('#DIV/0!');
  });
  it('CONCAT joins ranges', () => expect(one('=CONCAT(A1:A2, "-", B1)')).toBe('pearfig-4'));
  it('TRUE and FALSE are values without parentheses', () => expect(one('=IF(TRUE, FALSE, 1)')).toBe(false));
});

describe('NOW and TODAY', () => {
  it('read the configured clock, in UTC', () => {
    const at = new Date('2030-12-31T23:59:59.900Z');
    expect(calc('=TODAY()', at)[0]![0]).toBe(47848);
    expect(calc('=TEXT(NOW(), "yyyy-mm-dd hh:mm:ss")', at)[0]![0]).toBe('2030-12-31 23:59:59');
  });
  it('read the real clock when none is configured', () => {
    const serial = one('=NOW()') as number;
    const now = (Date.now() - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect(Math.abs(serial - now)).toBeLessThan(5 / 86_400);
  });
});
