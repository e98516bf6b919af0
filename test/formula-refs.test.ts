// Reading references out of formula text (for the /context summary), and compacting them.
import { describe, expect, it } from 'vitest';
import { isSheetRefList, namesWholeLines, referencesOf as formulaRefs } from '../core/formula/refs.ts';
import { compactRects, rangeText } from '../core/workbook/ref-compact.ts';
import { parseSpan, parseSpans, runsOf } from '../core/structure/lines.ts';

const refs = (f: string) => formulaRefs(f).map((r) => (r.sheet ? `${r.sheet}!` : '') + rangeText(r.rect));

describe('formulaRefs', () => {
  it('finds cells, ranges, whole columns and rows', () => {
    expect(refs('=A1+$B$2*SUM(C3:D10)')).toEqual(['A1', 'B2', 'C3:D10']);
    expect(refs('=SUM(A:B)+SUM(3:4)')).toEqual(['A:B', '3:4']);
  });

  it('reads sheet-qualified references, quoted or not', () => {
    expect(refs("=Data!A1+'My Sheet'!B2:C3+'It''s'!D4")).toEqual(['Data!A1', 'My Sheet!B2:C3', "It's!D4"]);
  });

  it('skips strings, function names that look like cells and numbers', () => {
    expect(refs('=LOG10(A1)+ATAN2(B1,1)+"C3 and Data!D4"&1.5E3')).toEqual(['A1', 'B1']);
    expect(refs('=IF(TRUE,"a""B7""",X1)')).toEqual(['X1']);
  });
});

describe('compactRects', () => {
  const cell = (row: number, col: number) => ({ r0: row, r1: row, c0: col, c1: col });
  it('joins neighbouring cells into ranges', () => {
    expect(compactRects([cell(0, 1), cell(1, 1), cell(2, 1)]).map(rangeText)).toEqual(['B1:B3']);
    const grid = [];
    for (let r = 0; r < 100; r++) for (let c = 0; c < 3; c++) grid.push(cell(r, c));
    expect(compactRects(grid).map(rangeText)).toEqual(['A1:C100']);
  });
  it('keeps separate blocks apart', () => {
    expect(compactRects([cell(0, 0), cell(5, 0), { r0: 0, r1: 0, c0: 0, c1: Infinity }]).map(rangeText)).toEqual(['A1', '1:1', 'A6']);
  });
});

describe('line names', () => {
  it('parses letters, numbers and spans', () => {
    expect(parseSpan('C', 'at')).toEqual({ axis: 'col', from: 2, to: 2 });
    expect(parseSpan(5, 'at')).toEqual({ axis: 'row', from: 4, to: 4 });
    expect(parseSpan('E:C', 'at')).toEqual({ axis: 'col', from: 2, to: 4 });
  });
  it('names the field on bad input', () => {
    expect(() => parseSpan('C5', 'at', false)).toThrow(/^at: 'C5' is neither/);
    expect(() => parseSpan(0, 'at')).toThrow(/^at: row 0/);
    expect(() => parseSpan('A:3', 'at')).toThrow(/mixes a column and a row/);
    expect(() => parseSpans(['B', 3], 'indices')).toThrow(/^indices: mixes columns \(B\) and rows \(3\)/);
    expect(() => parseSpans(['B', 'ZZZZ'], 'indices')).toThrow(/^indices\[1\]:/);
  });
  it('merges overlapping runs', () => {
    expect(runsOf([{ axis: 'row', from: 5, to: 6 }, { axis: 'row', from: 1, to: 1 }, { axis: 'row', from: 6, to: 8 }, { axis: 'row', from: 2, to: 2 }], true)).toEqual([
      { at: 5, count: 4 },
      { at: 1, count: 2 },
    ]);
  });
});

describe('whole lines and reference lists', () => {
  it('tells a formula naming whole columns or rows (a shared formula copied moves them)', () => {
    expect(namesWholeLines('=NPV(P1, B:B)')).toBe(true);
    expect(namesWholeLines("=SUM('My data'!$3:$5)")).toBe(true);
    expect(namesWholeLines('=SUM(A1:B2)&"B:B"&"3:5"')).toBe(false);
    expect(namesWholeLines('=TIME(1,2,3)')).toBe(false);
  });

  it('tells a print area or titles: references on named sheets, and nothing else', () => {
    expect(isSheetRefList("'My sheet'!$A$1:$C$9,Sheet1!$1:$2,Sheet1!$A:$A")).toBe(true);
    expect(isSheetRefList('Sheet1!$A$1')).toBe(true);
    expect(isSheetRefList('$A$1:$B$2')).toBe(false);
    expect(isSheetRefList('Sheet1!$A$1,OFFSET(Sheet1!$A$1,0,0)')).toBe(false);
    expect(isSheetRefList('[1]Sheet1!$A$1')).toBe(false);
    expect(isSheetRefList('Sheet1!Rate')).toBe(false);
  });
});
