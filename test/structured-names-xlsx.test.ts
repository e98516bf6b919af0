// Structured references to tables Excel names in its own grammar (issue 33): a name starting with
// \ and holding a dot (\_Prime.1), one in another script (テーブル15), columns with ' escapes and
// line breaks. Real files saved by Excel: the import keeps the tables, reads show Excel's text,
// the xlsx export writes it back exactly, and the values are Excel's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lazyContext, shownFormulaOf } from '../core/io/excel-text.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { allTables } from '../core/tables/model.ts';
import { isRich } from '../core/workbook/cell.ts';
import { parseCell } from '../core/a1.ts';
import { cachedValues, compareWorkbook, importWithReport } from './helpers/excel-fidelity.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const FILES: [string, string[]][] = [
  ['poi/spreadsheet/StructuredReferences.xlsx', ['\\_Prime.1']],
  ['umya-spreadsheet/issue_215.xlsx', ['テーブル14', 'テーブル1', 'テーブル146', 'テーブル15']],
  ['closedxml/ClosedXML.Tests/Resource/TryToLoad/TableHeadersWithLineBreaks.xlsx', ['Table1']],
];

describe('tables Excel names in its own grammar', () => {
  it.each(FILES)('%s: kept, read and exported as Excel wrote them', async (file, tables) => {
    const bytes = readFileSync(`${CORPUS}${file}`);
    const { wb, warnings } = await importWithReport(bytes);
    expect(allTables(wb).map(({ table }) => table.name)).toEqual(tables);
    expect(warnings.join('\n')).not.toMatch(/not kept: tables/);
    // An XML reader (Excel's, openpyxl's) reads a line break written CR LF as LF.
    const before = new Map([...cachedValues(bytes)].map(([k, v]) => [k, { ...v, formula: v.formula.replace(/\r\n/g, '\n') }]));
    const ctx = lazyContext(wb);
    const structured = [...before].filter(([, v]) => v.formula.includes('['));
    expect(structured.length).toBeGreaterThan(0);
    for (const [key, v] of structured) {
      const sheet = wb.findSheet(key.slice(0, key.lastIndexOf('!')))!;
      const { addr } = parseCell(key.slice(key.lastIndexOf('!') + 1));
      const cell = sheet.get(addr.row, addr.col);
      // What read_cells (render formula) and every other read show.
      expect(isRich(cell) && shownFormulaOf(ctx, sheet.name, addr.row, cell), key).toBe(`=${v.formula}`);
    }
    const after = cachedValues(await workbookToXlsx(wb, async () => undefined));
    for (const [key, v] of before) if (!v.follower) expect(after.get(key)?.formula, key).toBe(v.formula);
    wb.destroy();
    const values = (await compareWorkbook(`${CORPUS}${file}`, CORPUS)).filter((r) => !r.ok && !r.excluded);
    expect(values).toEqual([]);
  });

  it('shows the column with a line break in its name as Excel does, and writes it _x000a_ in the table part', async () => {
    const { wb } = await importWithReport(readFileSync(`${CORPUS}closedxml/ClosedXML.Tests/Resource/TryToLoad/TableHeadersWithLineBreaks.xlsx`));
    expect(allTables(wb)[0]!.table.columns[7]).toBe('Purchase\n price');
    const { readZipEntry } = await import('../core/io/zip-guard.ts');
    const part = readZipEntry(await workbookToXlsx(wb, async () => undefined), 'xl/tables/table1.xml')!.toString('utf8');
    expect(part).toContain('<tableColumn id="8" name="Purchase_x000a_ price"/>');
    wb.destroy();
  });
});
