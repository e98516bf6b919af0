// Cases for the formula engine through every door: errors come back as data with a message
// (never a failure), arrays spill and report #SPILL! when blocked, the added functions work,
// and NOW()/TODAY() read the service clock (the suite runs with SHEETS_NOW set).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { must, newFile, type CaseGroup } from './types.ts';

export const FIXED_NOW = '2024-05-01T12:34:56Z';

/** A formula's result that is a value, not an error. */
const valueOnly = (d: any, value: string) => {
  expect(d.error).toBeUndefined();
  expect(d.value).toBe(value);
};

const read = (door: Parameters<CaseGroup['setup']>[0], file: string, range: string, render = 'displayed') => must(door, 'read_cells', { file_uuid: file, range, render });

export const formulaCases: CaseGroup[] = [
  {
    name: 'errors are data',
    setup: async (door) => {
      const file = await newFile(door, 'formula-errors');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['10', '0', 'abc']] });
      return { file };
    },
    cases: [
      { name: '#DIV/0!', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D1', formula: '=A1/B1' }), ok: (d) => expect(d).toMatchObject({ value: '#DIV/0!', error: '#DIV/0!', message: expect.stringMatching(/zero/i) }) },
      { name: '#NAME? for an unknown function names it', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D2', formula: '=NOSUCHFN(1)' }), ok: (d) => expect(d).toMatchObject({ error: '#NAME?', message: expect.stringMatching(/NOSUCHFN/) }) },
      { name: '#NAME? for an unknown name names it', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D3', formula: '=revenue*2' }), ok: (d) => expect(d).toMatchObject({ error: '#NAME?', message: expect.stringMatching(/revenue/) }) },
      { name: '#VALUE!', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D4', formula: '=A1+C1' }), ok: (d) => expect(d).toMatchObject({ error: '#VALUE!', message: expect.any(String) }) },
      { name: '#N/A', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D5', formula: '=MATCH(99, A1:C1, 0)' }), ok: (d) => expect(d).toMatchObject({ error: '#N/A', message: expect.any(String) }) },
      { name: '#REF!', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D6', formula: '=OFFSET(A1, -1, 0)' }), ok: (d) => expect(d).toMatchObject({ error: '#REF!', message: expect.stringMatching(/sheet|reference/i) }) },
      { name: 'a cycle is #CYCLE!, not a failure', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E1', formula: '=E2+1' }), ok: (d) => expect(d.error).toBeUndefined(), then: async (door, fx) => {
        const out = await must(door, 'set_formula', { file_uuid: fx.file, cell: 'E2', formula: '=E1+1' });
        expect(out).toMatchObject({ error: '#CYCLE!', message: expect.stringMatching(/circular/i) });
        const r = await read(door, fx.file, 'E1:E2');
        expect(r.errors.map((e: any) => [e.cell, e.error])).toEqual([['E1', '#CYCLE!'], ['E2', '#CYCLE!']]);
      } },
      { name: 'read_cells lists each error with a message', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'D1:D6' }), ok: (d) => {
        const codes = ['#DIV/0!', '#NAME?', '#NAME?', '#VALUE!', '#N/A', '#REF!'];
        expect(d.values).toEqual(codes.map((c) => [c]));
        expect(d.errors.map((e: any) => e.error)).toEqual(codes);
        for (const e of d.errors) expect(e.message.length).toBeGreaterThan(5);
      } },
      { name: 'fixing the input clears the error', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'B1', values: [['4']] }), ok: () => undefined, then: async (door, fx) => {
        const r = await read(door, fx.file, 'D1');
        expect(r).toMatchObject({ values: [['2.5']], errors: [] });
      } },
    ],
  },
  {
    name: 'spills',
    setup: async (door) => {
      const file = await newFile(door, 'formula-spills');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['3'], ['1'], ['2']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'C2', values: [['blocker']] });
      return { file };
    },
    cases: [
      { name: 'an array result spills down', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'B1', formula: '=SORT(A1:A3)' }), ok: (d) => expect(d.value).toBe('1'), then: async (door, fx) => expect((await read(door, fx.file, 'B1:B3')).values).toEqual([['1'], ['2'], ['3']]) },
      { name: 'a blocked spill is #SPILL! and keeps the blocker', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'C1', formula: '=SEQUENCE(3)' }), ok: (d) => expect(d).toMatchObject({ error: '#SPILL!', message: expect.stringMatching(/room|space|occupied/i) }), then: async (door, fx) => {
        const r = await read(door, fx.file, 'C1:C3');
        expect(r.values).toEqual([['#SPILL!'], ['blocker'], ['']]);
        expect(r.errors).toEqual([expect.objectContaining({ cell: 'C1', error: '#SPILL!' })]);
      } },
      { name: 'clearing the blocker lets it spill', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'C2', values: [['']] }), ok: () => undefined, then: async (door, fx) => {
        const r = await read(door, fx.file, 'C1:C3');
        expect(r).toMatchObject({ values: [['1'], ['2'], ['3']], errors: [] });
      } },
      { name: 'typing into a spill area blocks it', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'B2', values: [['mine']] }), ok: () => undefined, then: async (door, fx) => {
        const r = await read(door, fx.file, 'B1:B3');
        expect(r.values).toEqual([['#SPILL!'], ['mine'], ['']]);
        expect(r.errors[0]).toMatchObject({ cell: 'B1', error: '#SPILL!' });
      } },
      { name: 'spilled values recompute with their inputs', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', values: [['30']] }), ok: () => undefined, then: async (door, fx) => expect((await read(door, fx.file, 'C1:C3')).values).toEqual([['1'], ['2'], ['3']]) },
    ],
  },
  {
    name: 'added functions',
    setup: async (door) => {
      const file = await newFile(door, 'formula-added');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['pear', '4', 'b'], ['fig', '9', 'a'], ['kiwi', '1', 'b']] });
      return { file };
    },
    cases: [
      { name: 'XMATCH last-to-first', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E1', formula: '=XMATCH("b", C1:C3, 0, -1)' }), ok: (d) => expect(d.value).toBe('3') },
      { name: 'XMATCH next larger', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E2', formula: '=XMATCH(5, B1:B3, 1)' }), ok: (d) => expect(d.value).toBe('2') },
      { name: 'LET binds names', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E3', formula: '=LET(total, SUM(B1:B3), n, COUNT(B1:B3), total/n)' }), ok: (d) => expect(d.value).toBe('4.666666667') },
      { name: 'LET with a bad name is #VALUE! saying why', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E4', formula: '=LET(A1, 2, 3)' }), ok: (d) => expect(d).toMatchObject({ error: '#VALUE!', message: expect.stringMatching(/must be a name/) }) },
      { name: 'SORTBY spills sorted rows', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'G1', formula: '=SORTBY(A1:B3, B1:B3, -1)' }), ok: (d) => expect(d.value).toBe('fig'), then: async (door, fx) => expect((await read(door, fx.file, 'G1:H3')).values).toEqual([['fig', '9'], ['pear', '4'], ['kiwi', '1']]) },
      { name: 'FILTER keeps rows of a 2-D range', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'J1', formula: '=FILTER(A1:B3, C1:C3="b")' }), ok: (d) => expect(d.value).toBe('pear'), then: async (door, fx) => expect((await read(door, fx.file, 'J1:K3')).values).toEqual([['pear', '4'], ['kiwi', '1'], ['', '']]) },
      { name: 'TEXT with a date format', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E5', formula: '=TEXT(DATE(2024,3,9), "dddd, mmmm d")' }), ok: (d) => expect(d.value).toBe('Saturday, March 9') },
      { name: 'TEXTBEFORE / TEXTAFTER', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E6', formula: '=TEXTAFTER("ada@example.org", "@")&"|"&TEXTBEFORE("a.b.c", ".", -1)' }), ok: (d) => expect(d.value).toBe('example.org|a.b') },
      { name: 'VLOOKUP with a bare FALSE', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E7', formula: '=VLOOKUP("fig", A1:B3, 2, FALSE)' }), ok: (d) => expect(d.value).toBe('9') },
      { name: 'TAKE and CHOOSECOLS', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'M1', formula: '=TAKE(CHOOSECOLS(A1:C3, 3, 1), -2)' }), ok: (d) => expect(d.value).toBe('a'), then: async (door, fx) => expect((await read(door, fx.file, 'M1:N2')).values).toEqual([['a', 'fig'], ['b', 'kiwi']]) },
    ],
  },
  {
    name: 'service clock',
    setup: async (door) => ({ file: await newFile(door, 'formula-clock') }),
    cases: [
      { name: 'NOW() is SHEETS_NOW', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'A1', formula: '=NOW()' }), ok: (d) => expect(d.value).toBe('2024-05-01 12:34:56') },
      { name: 'TODAY() is the date of SHEETS_NOW', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'A2', formula: '=TODAY()' }), ok: (d) => expect(d.value).toBe('2024-05-01') },
      { name: 'dates computed from NOW() are reproducible', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'A3', formula: '=TEXT(EOMONTH(TODAY(), 0), "yyyy-mm-dd")&" "&TEXT(NOW(), "hh:mm:ss")' }), ok: (d) => expect(d.value).toBe('2024-05-31 12:34:56') },
      { name: 'raw NOW() is the exact serial', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'A1:A2', render: 'raw' }), ok: (d) => {
        expect(d.values[0][0]).toBeCloseTo(45413 + (12 * 3600 + 34 * 60 + 56) / 86400, 6);
        expect(d.values[1][0]).toBe(45413);
      } },
    ],
  },
  {
    // A reference read only for where it is (ROW, COLUMN, ROWS, COLUMNS, CELL's position, ISREF,
    // SHEET, INDEX as a reference, OFFSET's base) is no dependency, as in Excel: no #CYCLE!.
    name: 'position references',
    setup: async (door) => {
      const file = await newFile(door, 'formula-positions');
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['2']] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'E11', values: [['10'], ['20'], ['30']] });
      return { file };
    },
    cases: [
      { name: 'ROW and COLUMN of the own cell', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'C5', formula: '=ROW(C5)+COLUMN(C5)' }), ok: (d) => valueOnly(d, '8') },
      { name: 'a fill-down counter (ROWS)', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'B5', formula: '=ROWS($B$5:B5)' }), ok: (d) => valueOnly(d, '1'), then: async (door, fx) => {
        await must(door, 'fill', { file_uuid: fx.file, source: 'B5', to: 'B5:B8' });
        expect((await read(door, fx.file, 'B5:B8')).values).toEqual([['1'], ['2'], ['3'], ['4']]);
      } },
      { name: 'a fill-across counter (COLUMNS)', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'C10', formula: '=COLUMNS($C$10:C10)' }), ok: (d) => expect(d.value).toBe('1'), then: async (door, fx) => {
        await must(door, 'fill', { file_uuid: fx.file, source: 'C10', to: 'C10:F10' });
        expect((await read(door, fx.file, 'C10:F10')).values).toEqual([['1', '2', '3', '4']]);
      } },
      { name: 'CELL row, col and address of the own cell', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'H3', formula: '=CELL("row",H3)*100+CELL("col",H3)&CELL("address",H3)' }), ok: (d) => expect(d).toMatchObject({ value: '308$H$3' }) },
      { name: 'ISREF and SHEET of the own cell', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'H4', formula: '=IF(ISREF(H4),SHEET(H4),0)' }), ok: (d) => valueOnly(d, '1') },
      { name: 'INDEX as a reference inside ROW', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'H5', formula: '=ROW(INDEX(H:H,A1))' }), ok: (d) => valueOnly(d, '2') },
      { name: "OFFSET's base in its own cell", op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'E10', formula: '=OFFSET(E10,A1,0)' }), ok: (d) => valueOnly(d, '20'), then: async (door, fx) => {
        await must(door, 'write_cells', { file_uuid: fx.file, cell: 'A1', values: [['3']] });
        expect((await read(door, fx.file, 'E10')).values).toEqual([['30']]);
      } },
      { name: 'a true cycle through a position function is still caught', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'J1', formula: '=J1+ROW(J1)' }), ok: (d) => expect(d).toMatchObject({ error: '#CYCLE!', message: expect.stringMatching(/circular/i) }) },
      { name: 'CELL("contents") of the own cell is a cycle', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'J2', formula: '=CELL("contents",J2)' }), ok: (d) => expect(d).toMatchObject({ error: '#CYCLE!' }) },
      { name: 'a cycle through two cells is still caught', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'J3', formula: '=ROWS(J3:J4)+J4' }), ok: () => undefined, then: async (door, fx) => {
        const out = await must(door, 'set_formula', { file_uuid: fx.file, cell: 'J4', formula: '=J3*2' });
        expect(out).toMatchObject({ error: '#CYCLE!' });
      } },
      { name: 'counters follow an inserted row', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, at: '7' }), ok: () => undefined, then: async (door, fx) => {
        expect((await read(door, fx.file, 'B5:B9')).values).toEqual([['1'], ['2'], [''], ['4'], ['5']]);
      } },
    ],
  },
  {
    // Issue 33: formulas read back as Excel writes them, structured references included.
    name: "Excel's formula text",
    setup: async (door) => {
      const file = await newFile(door, 'formula-excel-text', { sheets: ['Sheet1', 'My Calc'] });
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['Region', 'Units', 'Unit Cost'], ['North', '10', '2'], ['South', '20', '3'], ['East', '30', '4'], ['West', '40', '5']] });
      await must(door, 'create_table', { file_uuid: file, range: 'A1:C5', name: 'Sales' });
      return { file };
    },
    cases: [
      { name: 'a structured reference to this row is written and read back as typed', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, cell: 'D2', formula: '=Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Cost]]' }), ok: (d) => expect(d).toMatchObject({ formula: '=Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Cost]]', value: '20' }) },
      { name: 'a column, from another sheet', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'My Calc', cell: 'A1', formula: '=SUM(Sales[Units])' }), ok: (d) => expect(d).toMatchObject({ formula: '=SUM(Sales[Units])', value: '100' }) },
      { name: 'column ranges of the data rows, #Headers and #All', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'My Calc', cell: 'A2', formula: '=SUM(Sales[[Units]:[Unit Cost]])+COUNTA(Sales[#Headers])+ROWS(Sales[#All])' }), ok: (d) => expect(d).toMatchObject({ formula: '=SUM(Sales[[Units]:[Unit Cost]])+COUNTA(Sales[#Headers])+ROWS(Sales[#All])', value: '122' }) },
      { name: 'render=formula reads them as Excel writes them', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, sheet: 'My Calc', range: 'A1:A2', render: 'formula' }), ok: (d) => expect(d.values).toEqual([['=SUM(Sales[Units])'], ['=SUM(Sales[[Units]:[Unit Cost]])+COUNTA(Sales[#Headers])+ROWS(Sales[#All])']]) },
      { name: 'rows inserted above the table keep them in Excel\'s form', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, sheet: 'Sheet1', at: '1', count: 2 }), then: async (door, fx) => {
        expect((await read(door, fx.file, 'Sheet1!D4', 'formula')).values).toEqual([['=Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Cost]]']]);
        expect((await read(door, fx.file, "'My Calc'!A1:A2", 'formula')).values).toEqual([['=SUM(Sales[Units])'], ['=SUM(Sales[[Units]:[Unit Cost]])+COUNTA(Sales[#Headers])+ROWS(Sales[#All])']]);
        expect((await read(door, fx.file, "'My Calc'!A1:A2")).values).toEqual([['100'], ['122']]);
      } },
    ],
  },
  {
    // Issue 33: a table Excel names in another script (umya-spreadsheet's issue_215.xlsx, saved by
    // Excel) is kept; its references are read, written and renamed in Excel's text.
    name: 'a table named in another script',
    setup: async (door) => {
      const bytes = readFileSync(new URL('../fixtures/corpus/umya-spreadsheet/issue_215.xlsx', import.meta.url)).toString('base64');
      return { file: (await must(door, 'import_file', { file_name: 'issue_215.xlsx', file_data: bytes })).uuid };
    },
    cases: [
      { name: 'its #This Row and column references read as Excel wrote them, with its values', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'Sheet2!B2:C5', render: 'formula' }), ok: (d) => expect(d.values).toEqual([['=テーブル15[[#This Row],[Column1]]*4', '1'], ['=テーブル15[[#This Row],[Column1]]*4', '2'], ['=テーブル15[[#This Row],[Column1]]*4', '3'], ['', '=SUBTOTAL(109,テーブル15[Column1])']]), then: async (door, fx) => {
        expect((await read(door, fx.file, 'Sheet2!B2:C5')).values).toEqual([['4', '1'], ['8', '2'], ['12', '3'], ['', '6']]);
      } },
      { name: 'a formula naming it is written and read back as typed', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'Sheet2', cell: 'E7', formula: '=SUM(テーブル15[Column1])+COUNTA(テーブル15[#Headers])' }), ok: (d) => expect(d).toMatchObject({ formula: '=SUM(テーブル15[Column1])+COUNTA(テーブル15[#Headers])', value: '9' }) },
      { name: 'renamed, every text follows', op: 'rename_table', args: (fx) => ({ file_uuid: fx.file, table: 'テーブル15', new_name: 'Stock' }), ok: (d) => expect(d.name).toBe('Stock'), then: async (door, fx) => {
        expect((await read(door, fx.file, 'Sheet2!B2:B2', 'formula')).values).toEqual([['=Stock[[#This Row],[Column1]]*4']]);
        expect((await read(door, fx.file, 'Sheet2!C5:E7', 'formula')).values[2]).toEqual(['', '', '=SUM(Stock[Column1])+COUNTA(Stock[#Headers])']);
        expect((await read(door, fx.file, 'Sheet2!C5:E7')).values).toEqual([['6', '', ''], ['', '', ''], ['', '', '9']]);
      } },
    ],
  },
  {
    // Issue 33, on a workbook Excel wrote (IronCalc's tables test file, test/fixtures/excel/SOURCES.md):
    // every read shows Excel's text, that text can be written back, and edits keep it.
    name: "Excel's formula text of an imported Excel workbook",
    setup: async (door) => {
      const bytes = readFileSync(new URL('../fixtures/excel/ironcalc/calc_test_no_export/tables.xlsx', import.meta.url)).toString('base64');
      return { file: (await must(door, 'import_file', { file_name: 'tables.xlsx', file_data: bytes })).uuid };
    },
    cases: [
      { name: '#This Row, column ranges, #All, #Data and column totals read as Excel wrote them', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, range: 'WithHeaders!F3:L5', render: 'formula' }), ok: (d) => {
        expect(d.values[0]).toEqual(['=SUM(Table1[[#This Row],[Jan]:[Dec]])', '', '', '=SUM(Table1[#This Row])', '=SUM(Table1[#All])', '', '=SUM(Table1[[#Data],[Jan]:[Mar]])']);
        expect(d.values[2].slice(0, 1)).toEqual(['=SUBTOTAL(109,Table1[Year])']);
        expect(d.typed[0][0]).toEqual({ formula: '=SUM(Table1[[#This Row],[Jan]:[Dec]])' });
      } },
      { name: '#Totals, #Headers and a prefixed function (_xlfn.CONCAT) read as Excel shows them', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, ranges: ['WithHeaders!A9', 'WithHeaders!F14:F16'], render: 'formula' }), ok: (d) => {
        expect(d.ranges[0].values).toEqual([['=SUM(Table1[[#Totals], [Year]])']]);
        expect(d.ranges[1].values).toEqual([['=SUM(Table1[#Totals])'], ['=SUM(Table1[#Headers])'], ['=CONCAT(Table1[#Headers])']]);
      } },
      { name: 'names, escaped columns and a column with spaces at its end read as written', op: 'read_cells', args: (fx) => ({ file_uuid: fx.file, ranges: ['Sheet1!A11:A12', 'Escape!B6:E6', 'Hidden!B6'], render: 'formula' }), ok: (d) => {
        expect(d.ranges[0].values).toEqual([['=SHEET(Fancy)'], ['=SHEET(Hello)']]);
        expect(d.ranges[1].values).toEqual([["=SUBTOTAL(105,Table9[Hi, ''This])", "=SUBTOTAL(109,Table9['#Shame])", "=SUBTOTAL(103,Table9['[Not me']])", "=SUM(Table9[Totals '[']^&*@'#$,,<>])"]]);
        expect(d.ranges[2].values).toEqual([['=SUBTOTAL(109,Table3[[the two ]])']]);
      } },
      { name: 'a name on a sheet whose name needs quotes lists as Excel writes it', op: 'list_names', args: (fx) => ({ file_uuid: fx.file }), ok: (d) => {
        expect(d.names).toEqual(expect.arrayContaining([expect.objectContaining({ refers_to: "='Functions Filters'!$L$4" })]));
      } },
      { name: 'export_data and get_code_cell show the same text', op: 'export_data', args: (fx) => ({ file_uuid: fx.file, range: "'Functions Filters'!F2:F3", render: 'formula' }), ok: (d) => expect(d.values).toEqual([['=Table16[[#This Row],[Units]]*Table16[[#This Row],[Unit Cost]]'], ['=Table16[[#This Row],[Units]]*Table16[[#This Row],[Unit Cost]]']]), then: async (door, fx) => {
        const code = await must(door, 'get_code_cell', { file_uuid: fx.file, sheet: 'Functions Filters', cell: 'F45' });
        expect(code.code).toBe('=SUBTOTAL(109,Table16[Total])');
      } },
      { name: 'the texts read are written back as they are, prefixed functions included', op: 'set_formula', args: (fx) => ({ file_uuid: fx.file, sheet: 'Functions Filters', cell: 'H2', formula: "=_xlfn.CONCAT(Table16[#Headers])&COUNT(Table16[[#All],[Units]])&SUM(Table16[[#Totals],[Units]])&SUM('Functions Filters'!D2:D3)" }), ok: (d) => {
        expect(d.formula).toBe("=CONCAT(Table16[#Headers])&COUNT(Table16[[#All],[Units]])&SUM(Table16[[#Totals],[Units]])&SUM('Functions Filters'!D2:D3)");
        expect(d.error).toBeUndefined();
        expect(d.value).toMatch(/^RegionRepItemUnitsUnit CostTotal41.*145$/);
      } },
      { name: 'write_cells takes them as typed too', op: 'write_cells', args: (fx) => ({ file_uuid: fx.file, sheet: 'Functions Filters', cell: 'I2', input: 'user_entered', values: [['=SUM(Table16[[#This Row],[Units]:[Unit Cost]])', '=_xlfn._xlws.SORT(Table16[[#This Row],[Units]:[Unit Cost]])']] }), ok: () => undefined, then: async (door, fx) => {
        const r = await must(door, 'read_cells', { file_uuid: fx.file, range: "'Functions Filters'!I2:J2", render: 'formula' });
        expect(r.values).toEqual([['=SUM(Table16[[#This Row],[Units]:[Unit Cost]])', '=SORT(Table16[[#This Row],[Units]:[Unit Cost]])']]);
      } },
      { name: 'rows inserted above the table keep every text in Excel\'s form', op: 'insert_rows_or_columns', args: (fx) => ({ file_uuid: fx.file, sheet: 'Functions Filters', at: '1', count: 2 }), then: async (door, fx) => {
        const r = await must(door, 'read_cells', { file_uuid: fx.file, ranges: ["'Functions Filters'!F4:I4", "'Functions Filters'!D47:F47"], render: 'formula' });
        expect(r.ranges[0].values).toEqual([['=Table16[[#This Row],[Units]]*Table16[[#This Row],[Unit Cost]]', '', "=CONCAT(Table16[#Headers])&COUNT(Table16[[#All],[Units]])&SUM(Table16[[#Totals],[Units]])&SUM('Functions Filters'!D4:D5)", '=SUM(Table16[[#This Row],[Units]:[Unit Cost]])']]);
        expect(r.ranges[1].values).toEqual([['=SUBTOTAL(101,Table16[Units])', '=SUBTOTAL(101,Table16[Unit Cost])', '=SUBTOTAL(109,Table16[Total])']]);
      } },
      { name: 'a renamed sheet and a renamed table keep them too', op: 'rename_sheet', args: (fx) => ({ file_uuid: fx.file, sheet: 'Functions Filters', new_name: 'Sales Data' }), then: async (door, fx) => {
        await must(door, 'rename_table', { file_uuid: fx.file, table: 'Table16', new_name: 'Sales' });
        const r = await must(door, 'read_cells', { file_uuid: fx.file, ranges: ["'Sales Data'!F4:H4", "'Sales Data'!F47"], render: 'formula' });
        expect(r.ranges[0].values).toEqual([['=Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Cost]]', '', "=CONCAT(Sales[#Headers])&COUNT(Sales[[#All],[Units]])&SUM(Sales[[#Totals],[Units]])&SUM('Sales Data'!D4:D5)"]]);
        expect(r.ranges[1].values).toEqual([['=SUBTOTAL(109,Sales[Total])']]);
        const diff = await must(door, 'diff_file', { file_uuid: fx.file, against: 1, ranges: ["'Sales Data'!F4"], compare: ['formulas'] });
        // Version 1 is the import itself: F4 held the same row formula, with the table's old name.
        expect(diff.changes).toEqual([{ cell: "'Sales Data'!F4", before: { f: '=Table16[[#This Row],[Units]]*Table16[[#This Row],[Unit Cost]]' }, after: { f: '=Sales[[#This Row],[Units]]*Sales[[#This Row],[Unit Cost]]' } }]);
      } },
    ],
  },
];
