// Protection through xlsx, on files Excel saved: cells' locked and hidden flags (formats), a
// sheet's <sheetProtection> and the workbook's <workbookProtection> with every attribute, password
// hashes included, are kept on import and written back on export; none is enforced here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { protectionArea } from '../core/ops/protection/index.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';

const corpus = (path: string) => readFileSync(new URL(`./fixtures/corpus/${path}`, import.meta.url));
const part = (bytes: Buffer, name: string) => readZipEntry(bytes, name)!.toString('utf8');
const element = (xml: string, tag: string) => new RegExp(`<${tag}\\b[^>]*/>`).exec(xml)?.[0];
const attrsOf = (xml: string | undefined) => Object.fromEntries([...(xml ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const noSteps = async () => undefined;

describe('protection in xlsx', () => {
  it("keeps a sheet's password protection and its cells' locked and hidden flags", async () => {
    // XlsxWriter's test file saved by Excel: A2 unlocked, A3 unlocked and hidden, the sheet protected with a password.
    const original = corpus('xlsxwriter/xlsx_files/protect03.xlsx');
    const { wb, warnings } = await importWithReport(original);
    expect(warnings.join(' ')).not.toMatch(/protection/);
    const sheet = wb.sheets[0]!;
    const styleAt = (row: number) => wb.styles.get(sheet.get(row, 0) && typeof sheet.get(row, 0) === 'object' ? ((sheet.get(row, 0) as { s?: number }).s ?? 0) : 0);
    expect([styleAt(0).locked, styleAt(1).locked, styleAt(2).locked, styleAt(2).formula_hidden]).toEqual([undefined, false, false, true]);
    expect(await protectionArea.context!.protection!(wb)).toEqual([{ sheet: 'Sheet1', protected: true, password: true, allowed: ['select_locked_cells', 'select_unlocked_cells'], enforced: false }]);
    const bytes = await workbookToXlsx(wb, noSteps);
    const xml = part(bytes, 'xl/worksheets/sheet1.xml');
    expect(attrsOf(element(xml, 'sheetProtection'))).toEqual(attrsOf(element(part(original, 'xl/worksheets/sheet1.xml'), 'sheetProtection')));
    // The cells' own formats say unlocked / hidden again.
    const styles = part(bytes, 'xl/styles.xml');
    const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf\b[^>]*?(?:\/>|>([\s\S]*?)<\/xf>)/g)].map((m) => m[1] ?? '');
    const sOf = (ref: string) => Number(new RegExp(`<c r="${ref}"[^>]*? s="(\\d+)"`).exec(xml)?.[1] ?? 0);
    expect([xfs[sOf('A1')], xfs[sOf('A2')], xfs[sOf('A3')]].map((x) => /<protection[^>]*\/>/.exec(x ?? '')?.[0] ?? '')).toEqual(['', '<protection locked="0"/>', '<protection locked="0" hidden="1"/>']);
  });

  it('keeps SHA-512 workbook and sheet protection as the file wrote it', async () => {
    // NPOI's test file saved by Excel: the workbook's structure and a sheet protected with SHA-512 hashes.
    const original = corpus('npoi/spreadsheet/738.xlsx');
    const { wb } = await importWithReport(original);
    const listed = await protectionArea.context!.protection!(wb);
    expect(listed[0]).toMatchObject({ workbook: true, structure: true, password: true, enforced: false });
    const bytes = await workbookToXlsx(wb, noSteps);
    const book = part(bytes, 'xl/workbook.xml');
    expect(attrsOf(element(book, 'workbookProtection'))).toEqual(attrsOf(element(part(original, 'xl/workbook.xml'), 'workbookProtection')));
    // Where ECMA-376 puts it: after <workbookPr>, before <bookViews> and <sheets>.
    expect(book.indexOf('<workbookProtection')).toBeGreaterThan(book.indexOf('<workbookPr'));
    expect(book.indexOf('<workbookProtection')).toBeLessThan(book.indexOf('<sheets'));
    const protectedSheets = wb.sheets.map((s, i) => [s, i] as const).filter(([s]) => s.meta.sheet_protection);
    expect(protectedSheets.length).toBeGreaterThan(0);
    for (const [s, i] of protectedSheets) expect(attrsOf(element(part(bytes, `xl/worksheets/sheet${i + 1}.xml`), 'sheetProtection'))).toEqual(s.meta.sheet_protection);
    // Imported again, it is the same protection.
    const { wb: back } = await importWithReport(bytes);
    expect(back.sheets.map((s) => [s.meta.sheet_protection, s.meta.workbook_protection])).toEqual(wb.sheets.map((s) => [s.meta.sheet_protection, s.meta.workbook_protection]));
  });
});
