// Rectangles follow structural edits the way spreadsheet references do.
import { describe, expect, it } from 'vitest';
import { shiftIndex, shiftRect } from '../core/workbook/shift.ts';

const R = (r0: number, r1: number) => ({ r0, r1, c0: 0, c1: 2 });

describe('shiftRect', () => {
  it('inserting rows before or inside a range shifts or grows it', () => {
    expect(shiftRect(R(5, 9), { kind: 'insert', axis: 'row', at: 2, count: 3 })).toEqual(R(8, 12));
    expect(shiftRect(R(5, 9), { kind: 'insert', axis: 'row', at: 7, count: 2 })).toEqual(R(5, 11));
    expect(shiftRect(R(5, 9), { kind: 'insert', axis: 'row', at: 10, count: 2 })).toEqual(R(5, 9));
  });

  it('deleting rows shrinks a range, and deleting all of it removes it', () => {
    expect(shiftRect(R(5, 9), { kind: 'delete', axis: 'row', at: 0, count: 2 })).toEqual(R(3, 7));
    expect(shiftRect(R(5, 9), { kind: 'delete', axis: 'row', at: 6, count: 2 })).toEqual(R(5, 7));
    expect(shiftRect(R(5, 9), { kind: 'delete', axis: 'row', at: 3, count: 4 })).toEqual(R(3, 5));
    expect(shiftRect(R(5, 9), { kind: 'delete', axis: 'row', at: 5, count: 5 })).toBeNull();
  });

  it('moves lines: a block moved down passes the lines between', () => {
    const e = { kind: 'move', axis: 'row', from: 2, count: 2, to: 6 } as const;
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => shiftIndex(i, e))).toEqual([0, 1, 4, 5, 2, 3, 6]);
    const up = { kind: 'move', axis: 'row', from: 4, count: 2, to: 1 } as const;
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => shiftIndex(i, up))).toEqual([0, 3, 4, 5, 1, 2, 6]);
  });

  it('a move shuffling lines inside a range keeps it whole; otherwise its ends follow their lines', () => {
    expect(shiftRect(R(1, 4), { kind: 'move', axis: 'row', from: 4, count: 1, to: 1 })).toEqual(R(1, 4));
    expect(shiftRect(R(1, 4), { kind: 'move', axis: 'row', from: 1, count: 1, to: 5 })).toEqual(R(1, 4));
    expect(shiftRect(R(1, 4), { kind: 'move', axis: 'row', from: 2, count: 1, to: 9 })).toEqual(R(1, 3));
    expect(shiftRect(R(1, 4), { kind: 'move', axis: 'row', from: 8, count: 1, to: 2 })).toEqual(R(1, 5));
    expect(shiftRect(R(1, 4), { kind: 'move', axis: 'row', from: 8, count: 1, to: 1 })).toEqual(R(2, 5));
    expect(shiftRect(R(1, 4), { kind: 'move', axis: 'row', from: 1, count: 4, to: 9 })).toEqual(R(5, 8));
  });

  it('leaves the other axis alone and keeps open ends open', () => {
    expect(shiftRect({ r0: 0, r1: Infinity, c0: 3, c1: 4 }, { kind: 'insert', axis: 'col', at: 0, count: 1 })).toEqual({ r0: 0, r1: Infinity, c0: 4, c1: 5 });
  });
});
