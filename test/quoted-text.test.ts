// Text in formulas as Excel writes it: a quote inside text doubled (="a""b" is a"b), a backslash an
// ordinary character. HyperFormula's lexer refused both (hf-quoted-text.ts); they are computed,
// read back, moved with their rows and written to xlsx as typed, and an xlsx with them is computed.
import { describe, expect, it } from 'vitest';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { applyStructure } from '../core/workbook/structure.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const TYPED = ['="a""b"', '=LEN("a""b")', '=""""&A9', '="C:\\"&"x"', '=IF(A9="""","quote","other")', '=COUNTIF(A9:A10,"""")'];

describe('text with doubled quotes', () => {
  it('is computed, reads back as typed and follows inserted rows', async () => {
    const wb = memoryWorkbook(['Data']);
    await put(wb, 'Data', 'A1', TYPED.map((f) => [f]));
    await put(wb, 'Data', 'A9', [['"'], ['x']]);
    await wb.rebuildEngine();
    expect(shown(wb, 'Data', 'A1:A6').map((r) => r[0])).toEqual(['a"b', '3', '""', 'C:\\x', 'quote', '1']);
    expect(formulas(wb, 'Data', 'A1:A6').map((r) => r[0])).toEqual(TYPED);
    await applyStructure(wb, wb.sheet('Data'), [{ kind: 'insert', axis: 'row', at: 0, count: 1 }]);
    expect(formulas(wb, 'Data', 'A2:A7').map((r) => r[0])).toEqual(TYPED.map((f) => f.replace('A9:A10', 'A10:A11').replace(/A9(?!\d|:)/, 'A10')));
    expect(shown(wb, 'Data', 'A2:A7').map((r) => r[0])).toEqual(['a"b', '3', '""', 'C:\\x', 'quote', '1']);
  });

  it('goes to xlsx as typed, and comes back computed', async () => {
    const wb = memoryWorkbook(['Data']);
    await put(wb, 'Data', 'A1', TYPED.map((f) => [f]));
    await put(wb, 'Data', 'A9', [['"'], ['x']]);
    await wb.rebuildEngine();
    const book = await readXlsx(await workbookToXlsx(wb, async () => undefined));
    const written: string[] = [];
    book.sheets[0]!.forEachCell((c) => void (c.formula !== undefined && written.push(c.formula)));
    expect(written).toEqual(TYPED.map((f) => f.slice(1)));
    const back = memoryWorkbook(['Data']);
    await applyBook(back, book, async () => undefined);
    await back.rebuildEngine();
    expect(formulas(back, 'Data', 'A1:A6').map((r) => r[0])).toEqual(TYPED);
    expect(shown(back, 'Data', 'A1:A6').map((r) => r[0])).toEqual(['a"b', '3', '""', 'C:\\x', 'quote', '1']);
  });
});

describe('text with control characters in xlsx', () => {
  it('is written as Excel writes it (_x0001_) and read back whole, a literal _x0041_ included', async () => {
    const wb = memoryWorkbook(['Data']);
    await put(wb, 'Data', 'A1', [['=CHAR(1)&"x"', 'lit _x0041_ y', '=CHAR(31)']]);
    const bytes = await workbookToXlsx(wb, async () => undefined);
    const book = await readXlsx(bytes);
    const back = memoryWorkbook(['Data']);
    await applyBook(back, book, async () => undefined);
    const cells = [0, 1, 2].map((c) => back.sheet('Data').get(0, c));
    expect(cells.map((c) => (typeof c === 'object' && c !== null ? (c as { v?: unknown }).v : c))).toEqual(['\x01x', 'lit _x0041_ y', '\x1f']);
  });
});
