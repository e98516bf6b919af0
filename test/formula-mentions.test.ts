// The cheap tests the engine runs over every formula to know which sheets and names it must hold
// (core/formula/mentions.ts): supersets of what the formula reads, strings (INDIRECT's text) included.
import { describe, expect, it } from 'vitest';
import { mayNameName, mayNameSheet } from '../core/formula/mentions.ts';

describe('formula language: may a formula name a sheet or a name', () => {
  it('finds a sheet written before !, quoted or not, in any case', () => {
    expect(mayNameSheet('=SUM(Data!A1:A3)', 'Data')).toBe(true);
    expect(mayNameSheet('=data!A1', 'Data')).toBe(true);
    expect(mayNameSheet("='My data'!A1", 'My data')).toBe(true);
    expect(mayNameSheet("='Bob''s'!A1", "Bob's")).toBe(true);
    expect(mayNameSheet("='Data'!A1", 'Data')).toBe(true);
    expect(mayNameSheet('=INDIRECT("Data!A1")', 'Data')).toBe(true);
    expect(mayNameSheet('=Sheet・1!A1', 'Sheet・1')).toBe(true);
  });

  it('does not find a sheet that is only part of another name', () => {
    expect(mayNameSheet('=MyData!A1', 'Data')).toBe(false);
    expect(mayNameSheet('=Data2!A1', 'Data')).toBe(false);
    expect(mayNameSheet('=Data+1', 'Data')).toBe(false);
  });

  it('finds a name as a whole word only', () => {
    expect(mayNameName('=ROWS(sales)', 'Sales')).toBe(true);
    expect(mayNameName('=Sheet1!Rate*2', 'Rate')).toBe(true);
    expect(mayNameName('=Sales2+MySales', 'Sales')).toBe(false);
    expect(mayNameName('=SUM(Sales.Amount)', 'Sales')).toBe(false);
    expect(mayNameName('=SUM(Sales.Amount)', 'Sales.Amount')).toBe(true);
  });
});
