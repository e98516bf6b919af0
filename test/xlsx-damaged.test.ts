// Workbooks Excel opens that the reader once refused because of one part it did not expect (issue
// "Every workbook that Excel opens, opens here, whole"): each is an Excel-written fixture with one
// part changed in memory. The part comes in or is dropped with a line in the import report naming
// it and its sheet; everything else comes in as from the undamaged file.
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { bookDigest } from './helpers/book-digest.ts';
import { withParts } from './helpers/damage.ts';
import { readFileSync } from 'node:fs';
import { EXCEL_FIXTURES } from './helpers/damage.ts';

const read = (path: string) => readXlsx(readFileSync(`${EXCEL_FIXTURES}${path}`));

describe('a part the reader did not expect', () => {
  it('a legacy VML drawing with an attribute written twice (o:relid)', async () => {
    const bytes = withParts('features/xlsxwriter/comment16.xlsx', { 'xl/drawings/vmlDrawing1.vml': (x) => x.replace('<v:shape id=', '<v:shape o:relid="rId1" o:relid="rId1" id=') });
    const book = await readXlsx(bytes);
    const before = await read('features/xlsxwriter/comment16.xlsx');
    expect(bookDigest(book)).toEqual(bookDigest(before));
  });

  it('an autofilter on icons (iconFilter), in a table and on a sheet', async () => {
    const path = 'features/xlsxwriter/table33.xlsx';
    const icons = '<filterColumn colId="0"><iconFilter iconSet="3Arrows" iconId="1"/></filterColumn>';
    const bytes = withParts(path, { 'xl/tables/table1.xml': (x) => x.replace('<autoFilter ref="B3:K5"/>', `<autoFilter ref="B3:K5">${icons}</autoFilter>`) });
    expect(bookDigest(await readXlsx(bytes))).toEqual(bookDigest(await read(path)));
    const sheet = 'features/xlsxwriter/defined_name01.xlsx';
    const onSheet = withParts(sheet, { 'xl/worksheets/sheet1.xml': (x) => x.replace('<autoFilter ref="F1:G1"/>', `<autoFilter ref="F1:G1">${icons}</autoFilter>`) });
    expect(bookDigest(await readXlsx(onSheet))).toEqual(bookDigest(await read(sheet)));
  });

  it('a table whose autofilter lists more columns than the table has (exceljs: setting filterButton)', async () => {
    const path = 'features/xlsxwriter/table33.xlsx';
    const extra = Array.from({ length: 12 }, (_, i) => `<filterColumn colId="${i}" hiddenButton="1"/>`).join('');
    const bytes = withParts(path, { 'xl/tables/table1.xml': (x) => x.replace('<autoFilter ref="B3:K5"/>', `<autoFilter ref="B3:K5">${extra}</autoFilter>`) });
    const book = await readXlsx(bytes);
    const before = await read(path);
    expect(bookDigest(book)).toEqual(bookDigest(before));
    expect(book.tables?.map((t) => t.name)).toEqual(['Table1']);
  });

  it('a drawing the sheet points to that the archive lacks (exceljs: reading anchors)', async () => {
    const path = 'features/xlsxwriter/set_column08.xlsx';
    const bytes = withParts(path, { 'xl/drawings/drawing1.xml': null, 'xl/drawings/_rels/drawing1.xml.rels': null });
    const book = await readXlsx(bytes);
    const before = bookDigest(await read(path));
    const after = bookDigest(book);
    expect(after.sheets.Sheet1!.cells).toBe(before.sheets.Sheet1!.cells);
    expect(book.sheets[0]!.images ?? []).toEqual([]);
    expect(book.warnings.join('\n')).toMatch(/drawing.*xl\/drawings\/drawing1\.xml.*Sheet1.*missing/i);
  });

  it('a table part the sheet points to that the archive lacks (exceljs: reading name)', async () => {
    const path = 'features/xlsxwriter/table33.xlsx';
    const bytes = withParts(path, { 'xl/tables/table1.xml': null });
    const book = await readXlsx(bytes);
    const before = bookDigest(await read(path));
    expect(bookDigest(book).sheets).toEqual(before.sheets);
    expect(book.tables ?? []).toEqual([]);
    expect(book.warnings.join('\n')).toMatch(/table.*xl\/tables\/table1\.xml.*Sheet1.*missing/i);
  });
});

