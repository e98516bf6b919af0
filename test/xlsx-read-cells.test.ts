// The import reads a sheet's cells from its XML itself (core/io/xlsx-read-cells.ts), no longer
// through exceljs's cell model: each kind of cell an .xlsx holds comes in as exceljs gave it.
import { readFileSync } from 'node:fs';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BookCell, BookSheet } from '../core/io/book.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { forEachSheetCell } from '../core/io/xlsx-read-cells.ts';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal workbook around one sheet's XML: style 1 is a date format, style 2 bold. */
function xlsx(sheetXml: string, opts: { strings?: string[]; date1904?: boolean } = {}): Buffer {
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}">${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">${(opts.strings ?? []).map((s) => `<si>${s}</si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}" xmlns:r="${REL}">${sheetXml}</worksheet>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)]))));
}

async function sheetOf(sheetXml: string, opts?: { strings?: string[]; date1904?: boolean }): Promise<BookSheet> {
  return (await readXlsx(xlsx(sheetXml, opts))).sheets[0]!;
}

function cellsOf(sheet: BookSheet): Record<string, Omit<BookCell, 'row' | 'col'>> {
  const out: Record<string, Omit<BookCell, 'row' | 'col'>> = {};
  sheet.forEachCell(({ row, col, ...rest }) => (out[`${String.fromCharCode(65 + col)}${row + 1}`] = rest));
  return out;
}

const BOLD = { bold: true };

describe('cells read from the sheet XML', () => {
  it('values of every type: numbers, shared and inline strings (rich text too), booleans, errors', async () => {
    const strings = ['plain', '<r><t>ri</t></r><r><rPr><b/></rPr><t>ch_x000A_</t></r>', '<t>a&amp;b</t><rPh><t>phonetic</t></rPh>'].map((s) => (s.startsWith('<') ? s : `<t>${s}</t>`));
    const sheet = await sheetOf(
      '<sheetData><row r="1"><c r="A1"><v>-12.5</v></c><c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c>' +
        '<c r="E1" t="inlineStr"><is><t>in &lt;line&gt;</t></is></c><c r="F1" t="inlineStr"><is><r><t>x_x0041_</t></r><r><t>y</t></r></is></c>' +
        '<c r="G1" t="b"><v>1</v></c><c r="H1" t="e"><v>#N/A</v></c><c r="I1" t="str"><v>t&amp;amp;</v></c><c r="J1" s="2"/><c r="K1"/><c r="L1" s="0"/></row></sheetData>',
      { strings },
    );
    expect(cellsOf(sheet)).toEqual({
      A1: { value: -12.5 },
      B1: { value: 'plain' },
      // A shared string's runs come with it: their text spells the value.
      C1: { value: 'rich\n', runs: [{ t: 'ri' }, { font: BOLD, t: 'ch\n' }] },
      D1: { value: 'a&b' },
      E1: { value: 'in <line>' },
      F1: { value: 'xAy' },
      G1: { value: true },
      H1: { error: '#N/A' },
      I1: { value: 't&' },
      J1: { value: null, style: BOLD },
    });
  });

  it('numbers in a date format are dates, kept as the file counts them (a 1904 file keeps its serials: Book.date1904)', async () => {
    const xml = '<sheetData><row r="1"><c r="A1" s="1"><v>45366.5</v></c><c r="B1" s="1"><v>0</v></c></row></sheetData>';
    expect(cellsOf(await sheetOf(xml))).toMatchObject({ A1: { value: 45366.5 }, B1: { value: 0 } });
    expect(cellsOf(await sheetOf(xml, { date1904: true }))).toMatchObject({ A1: { value: 45366.5 }, B1: { value: 0 } });
  });

  it('formulas keep their cached results, falsy ones and errors too; shared formulas move to each cell', async () => {
    const sheet = await sheetOf(
      '<sheetData><row r="2"><c r="E2"><f t="shared" ref="E2:E4" si="0">C2*$D$2</f><v>0</v></c><c r="F2" t="b"><f>FALSE()</f><v>0</v></c><c r="G2" t="str"><f>""</f><v></v></c><c r="H2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>' +
        '<row r="3"><c r="E3"><f t="shared" si="0"/><v>6</v></c><c r="F3"><f t="shared" ref="F3:G3" si="1">SUM(B:B)+A1</f></c><c r="G3"><f t="shared" si="1"/></c></row>' +
        '<row r="4"><c r="E4"><f t="shared" si="0"/></c></row></sheetData>',
    );
    expect(cellsOf(sheet)).toEqual({
      E2: { formula: 'C2*$D$2', value: 0 },
      F2: { formula: 'FALSE()', value: false },
      G2: { formula: '""', value: null },
      H2: { formula: '1/0', error: '#DIV/0!' },
      E3: { formula: 'C3*$D$2', value: 6 },
      F3: { formula: 'SUM(B:B)+A1', value: null },
      G3: { formula: 'SUM(C:C)+B1', value: null },
      E4: { formula: 'C4*$D$2', value: null },
    });
  });

  it('array formulas: their range, and legacy (Ctrl+Shift+Enter) ones told from dynamic ones', async () => {
    const sheet = await sheetOf('<sheetData><row r="1"><c r="A1"><f t="array" ref="A1:A3">ROW(1:3)</f><v>1</v></c><c r="B1" cm="1"><f t="array" ref="B1:B3">ROW(1:3)</f><v>1</v></c></row></sheetData>');
    expect(cellsOf(sheet)).toEqual({
      A1: { formula: 'ROW(1:3)', value: 1, arrayRef: 'A1:A3', array: true, cse: true },
      B1: { formula: 'ROW(1:3)', value: 1, arrayRef: 'B1:B3', array: true },
    });
  });

  it('merged cells keep the top-left value; the others only their style, rows and columns lending theirs', async () => {
    const sheet = await sheetOf(
      '<cols><col min="3" max="3" width="9" style="2" customWidth="1"/></cols><sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1" s="2"><v>2</v></c></row>' +
        '<row r="2" s="2" customFormat="1"><c r="A2"><v>3</v></c></row></sheetData><mergeCells count="2"><mergeCell ref="A1:B2"/><mergeCell ref="C5:C6"/></mergeCells>',
    );
    expect(cellsOf(sheet)).toEqual({ A1: { value: 1 }, B1: { style: BOLD }, B2: { style: BOLD }, C5: { value: null, style: BOLD }, C6: { style: BOLD } });
    expect(sheet.rowStyles).toEqual({ 1: BOLD });
  });

  it('merged ranges: each kept once, a range overlapping one above it left out and said; 50,000 of them read', async () => {
    const book = await readXlsx(xlsx('<sheetData/><mergeCells count="4"><mergeCell ref="A1:B2"/><mergeCell ref="$C$1:$D$1"/><mergeCell ref="B2:C3"/><mergeCell ref="E5"/></mergeCells>'));
    expect(book.sheets[0]!.merges).toEqual(['A1:B2', 'C1:D1']);
    expect(book.warnings).toContain('not kept: merged cells on Data: 1 range(s) overlapping another merged range');
    // A real file (Apache POI's 57893): exceljs's own reader took minutes over its 50,000 ranges.
    const many = await readXlsx(readFileSync(new URL('./fixtures/corpus/poi/spreadsheet/57893-many-merges.xlsx', import.meta.url)));
    expect(many.sheets[0]!.merges).toHaveLength(50_000);
    expect(many.sheets[0]!.merges.slice(0, 2)).toEqual(['B9976:C9976', 'A9977:B9977']);
  });

  it('rows and cells without a reference follow the previous ones; prefixed elements, comments and CDATA are read', async () => {
    const sheet = await sheetOf(
      '<x:sheetData xmlns:x="' + NS + '"><x:row r="3"><x:c><x:v>1</x:v></x:c><x:c><x:v>2</x:v></x:c></x:row><!-- a <c> comment --><x:row><x:c r="C4"><x:v>3</x:v><![CDATA[<v>9</v>]]></x:c></x:row></x:sheetData>',
    );
    expect(cellsOf(sheet)).toEqual({ A3: { value: 1 }, B3: { value: 2 }, C4: { value: 3 } });
  });

  it('row heights and hidden rows come from the rows', async () => {
    const sheet = await sheetOf('<sheetFormatPr defaultRowHeight="15"/><sheetData><row r="1" ht="30" customHeight="1"><c r="A1"><v>1</v></c></row><row r="2" hidden="1"/><row r="3" ht="15"/></sheetData>');
    expect(sheet.rowHeights).toEqual({ 0: 40, 1: 0 });
  });

  it('XML cut short ends the walk with the cells read so far', () => {
    const capture = { xml: new Map(), pathById: new Map(), date1904: false };
    const ctx = { capture, styleOf: () => undefined, colStyle: () => undefined, merges: [] };
    for (const xml of ['<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></', '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1" t="inlineStr"><is><r><t>x</t></', '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><!-- ']) {
      const cells: BookCell[] = [];
      forEachSheetCell(xml, [], ctx, (c) => cells.push(c));
      expect(cells[0]).toEqual({ row: 0, col: 0, value: 1 });
    }
  });

  it('entities decode, and a reference to no character reads as U+FFFD', async () => {
    const sheet = await sheetOf('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&#x41;&#66;&#xD800;&quot;\r\n</t></is></c></row></sheetData>');
    expect(cellsOf(sheet)).toEqual({ A1: { value: 'AB\ufffd"\n' } });
  });
});
