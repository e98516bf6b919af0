// A1 notation: what agents type, including sheet-qualified, whole rows/columns and bad input.
import { describe, expect, it } from 'vitest';
import { A1Error, colToIndex, indexToCol, parseCell, parseLine, parseRange, quoteSheet } from '../core/a1.ts';

describe('A1 notation', () => {
  it('round-trips column letters', () => {
    for (const [l, i] of [['A', 0], ['Z', 25], ['AA', 26], ['AZ', 51], ['XFD', 16383]] as const) {
      expect(colToIndex(l)).toBe(i);
      expect(indexToCol(i)).toBe(l);
    }
  });

  it('parses cells, ranges, whole columns and rows, sheet-qualified or not', () => {
    expect(parseCell('b3')).toEqual({ sheet: undefined, addr: { row: 2, col: 1 } });
    expect(parseCell('$C$10').addr).toEqual({ row: 9, col: 2 });
    expect(parseRange('C10:A1')).toMatchObject({ kind: 'cells', rect: { r0: 0, c0: 0, r1: 9, c1: 2 } });
    expect(parseRange('Sheet2!A1:B3')).toMatchObject({ sheet: 'Sheet2', rect: { r0: 0, r1: 2 } });
    expect(parseRange("'My Sheet'!A:B")).toMatchObject({ sheet: 'My Sheet', kind: 'cols', rect: { c0: 0, c1: 1, r1: Infinity } });
    expect(parseRange("'It''s'!2:5")).toMatchObject({ sheet: "It's", kind: 'rows', rect: { r0: 1, r1: 4, c1: Infinity } });
    expect(parseLine('C')).toEqual({ axis: 'col', index: 2 });
    expect(parseLine(5)).toEqual({ axis: 'row', index: 4 });
  });

  it('rejects what is not A1, with a message that says what would be', () => {
    for (const bad of ['', 'A0', '1A', 'A1:', ':B2', 'A1:B2:C3', 'XFE1', 'A1048577', "'open!A1", "''!A1", 'A1;B2']) {
      expect(() => parseRange(bad), bad).toThrow(A1Error);
    }
    expect(() => parseCell('A1:B2')).toThrow(/not an A1 cell/);
  });

  it('quotes sheet names only when needed', () => {
    expect(quoteSheet('Data')).toBe('Data');
    expect(quoteSheet('My Sheet')).toBe("'My Sheet'");
    expect(quoteSheet("It's")).toBe("'It''s'");
    expect(quoteSheet('AB12')).toBe("'AB12'");
  });
});
