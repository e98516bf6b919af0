// Literal references in code follow structural edits like formula references do.
import { describe, expect, it } from 'vitest';
import { shiftCodeRefs } from '../core/code/rewrite.ts';

const insertRow = { kind: 'insert', axis: 'row', at: 0, count: 2 } as const;
const deleteCols = { kind: 'delete', axis: 'col', at: 1, count: 1 } as const;

describe('shiftCodeRefs', () => {
  it('shifts cell() and cells() on the edited sheet, keeping quotes and sheet prefixes', () => {
    const code = `a = cell("A1")\nb = cells('B2:C5', header=False)\nc = cell("Other!A1")\nd = cells("'Sheet 1'!A:A")`;
    expect(shiftCodeRefs(code, 'python', 'Sheet 1', 'Sheet 1', insertRow)).toBe(`a = cell("A3")\nb = cells('B4:C7', header=False)\nc = cell("Other!A1")\nd = cells("'Sheet 1'!A:A")`);
  });

  it('turns deleted references into #REF! and shrinks ranges', () => {
    expect(shiftCodeRefs('cell("B1") + cells("A1:C1").length', 'javascript', 'S', 'S', deleteCols)).toBe('cell("#REF!") + cells("A1:B1").length');
  });

  it('shifts {{A1}} placeholders in SQL, and nothing else', () => {
    expect(shiftCodeRefs("select * from t where a = {{ A1 }} and b = 'cell(\"A1\")'", 'connection', 'S', 'S', insertRow)).toBe("select * from t where a = {{ A3 }} and b = 'cell(\"A1\")'");
  });

  it('leaves code alone when the edit is on another sheet', () => {
    expect(shiftCodeRefs('cell("A1")', 'python', 'Home', 'Other', insertRow)).toBe('cell("A1")');
  });
});
