// Links to other workbooks through xlsx import, edits and export, on Excel-saved files of the
// corpus: formulas keep their text (the linked file's name on read, [n] in the file) and the
// values the file cached, the links are listed in /context, and the export writes each link's
// part back as Excel wrote it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areas } from '../core/areas.ts';
import { linksOf } from '../core/extlinks/model.ts';
import type { Book } from '../core/io/book.ts';
import { applyBook } from '../core/io/excel-apply.ts';
import { readXlsx } from '../core/io/xlsx-read.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { allNames } from '../core/names/model.ts';
import { applyStructure } from '../core/workbook/structure.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { formulas, memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const noSteps = async () => undefined;

async function importFile(bytes: Buffer): Promise<{ wb: Workbook; warnings: string[] }> {
  const wb = memoryWorkbook([], areas);
  const out = await applyBook(wb, await readXlsx(bytes), noSteps);
  await wb.rebuildEngine();
  return { wb, warnings: out.warnings };
}

const context = (wb: Workbook) => areas.find((a) => a.name === 'extlinks')!.context!.external_links!(wb);

/** Formula text and cached value of every formula cell of an xlsx, by Sheet!A1-ish key (row,col). */
async function exportedFormulas(bytes: Buffer): Promise<Record<string, [string, unknown]>> {
  const out: Record<string, [string, unknown]> = {};
  for (const s of (await readXlsx(bytes)).sheets) s.forEachCell((c) => void (c.formula !== undefined && (out[`${s.name}!${c.row},${c.col}`] = [c.formula, c.value ?? c.error])));
  return out;
}

describe('links to other workbooks (POI 56737: a sheet reference, a sheet name and a workbook name of another file)', () => {
  const path = `${CORPUS}poi/spreadsheet/ref-56737.xlsx`;

  it('read as Excel shows them, with the values the file cached, listed in /context', async () => {
    const { wb, warnings } = await importFile(readFileSync(path));
    expect(formulas(wb, 'Refs', 'E3:I3')).toEqual([["='[56737.xlsx]Uses'!$A$1", '', "='[56737.xlsx]Defines'!NR_To_A1", '', "='[56737.xlsx]'!NR_Global_B2"]]);
    expect(shown(wb, 'Refs', 'E3:I3')).toEqual([['Hello!', '', 'Test A1', '', '142']]);
    expect(warnings).toContainEqual(expect.stringMatching(/^3 formula\(s\) read other workbooks/));
    expect(warnings.join('\n')).not.toMatch(/not kept: links to other workbooks/);
    expect(await context(wb)).toEqual([
      expect.objectContaining({ book: '56737.xlsx', number: 1, target: '56737.xlsx', sheets: ['Uses', 'Defines', '56737'], names: ['NR_Global_B2', 'NR_To_A1'], formulas: 3 }),
    ]);
    // An edit recomputes the sheet; the linked cells keep what the file cached, never an error.
    await put(wb, 'Refs', 'A20', [[1], ['=A20+1']]);
    expect(shown(wb, 'Refs', 'E3:I3')).toEqual([['Hello!', '', 'Test A1', '', '142']]);
  });

  it('go back to xlsx in the [n] form, with the link part written back as Excel wrote it', async () => {
    const original = readFileSync(path);
    const { wb } = await importFile(original);
    const bytes = await workbookToXlsx(wb, noSteps);
    const got = await exportedFormulas(bytes);
    expect([got['Refs!2,4'], got['Refs!2,6'], got['Refs!2,8']]).toEqual([['[1]Uses!$A$1', 'Hello!'], ['[1]Defines!NR_To_A1', 'Test A1'], ['[1]!NR_Global_B2', 142]]);
    expect(readZipEntry(bytes, 'xl/externalLinks/externalLink1.xml')!.equals(readZipEntry(original, 'xl/externalLinks/externalLink1.xml')!)).toBe(true);
    expect(readZipEntry(bytes, 'xl/externalLinks/_rels/externalLink1.xml.rels')!.toString()).toMatch(/Target="56737\.xlsx" TargetMode="External"/);
    expect(readZipEntry(bytes, 'xl/workbook.xml')!.toString()).toMatch(/<\/sheets><externalReferences><externalReference r:id="[^"]+"\/><\/externalReferences>/);
    expect(readZipEntry(bytes, '[Content_Types].xml')!.toString()).toMatch(/PartName="\/xl\/externalLinks\/externalLink1\.xml" ContentType="application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.externalLink\+xml"/);
    // And in again: the same text, the same values, the same link.
    const again = await importFile(bytes);
    expect(formulas(again.wb, 'Refs', 'E3')).toEqual([["='[56737.xlsx]Uses'!$A$1"]]);
    expect(linksOf(again.wb).map((l) => [l.book, l.target, l.sheets])).toEqual([['56737.xlsx', '56737.xlsx', ['Uses', 'Defines', '56737']]]);
  });

  it('stay with the file when its first sheet is deleted, and are not copied with a sheet', async () => {
    const { wb } = await importFile(readFileSync(path));
    await wb.duplicateSheet(wb.sheets[0]!, 'Copy', 1);
    expect(wb.sheet('Copy').meta.external_links).toBeUndefined();
    wb.removeSheet(wb.sheets[0]!);
    expect(linksOf(wb).map((l) => l.book)).toEqual(['56737.xlsx']);
    expect(wb.sheets[0]!.meta.external_links?.length).toBe(1);
  });
});

describe('names over other workbooks (POI 54399: two links to files of one folder, names over each)', () => {
  it('are kept, shown by file, written back by number', async () => {
    const original = readFileSync(`${CORPUS}poi/spreadsheet/54399.xlsx`);
    const { wb, warnings } = await importFile(original);
    expect(warnings.join('\n')).not.toMatch(/defined name\(s\) were not kept/);
    const byName = Object.fromEntries(allNames(wb).map(({ spec }) => [spec.name, spec.refers_to]));
    expect(byName).toMatchObject({ y: "='[Top 150 and Craft venue list (6).xlsx]NSW Top 150'!$A$53:$A$54", Yes: "='[Top 150 and Craft venue list (5).xlsx]NSW Top 150'!$A$53:$A$54" });
    const xml = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/workbook.xml')!.toString();
    expect(xml).toContain('<definedName name="y">&apos;[1]NSW Top 150&apos;!$A$53:$A$54</definedName>');
    expect(xml).toContain('<definedName name="Yes">&apos;[2]NSW Top 150&apos;!$A$53:$A$54</definedName>');
  });
});

describe('rows and columns inserted above a formula that reads another workbook', () => {
  // A file of one sheet whose formula sums another workbook's range and adds a cell of its own.
  const book = (): Book => ({
    sheets: [
      {
        name: 'Data',
        merges: [],
        colWidths: {},
        rowHeights: {},
        forEachCell(fn) {
          fn({ row: 0, col: 1, value: 5 });
          fn({ row: 2, col: 0, formula: 'SUM([1]Sheet1!$A$1:$A$3)+B1', value: 47 });
        },
      },
    ],
    externalLinks: [{ book: 'Budget.xlsx', target: 'Budget.xlsx', kind: 'workbook', sheets: ['Sheet1'], names: [], xml: readZipEntry(readFileSync(`${CORPUS}openxmlsdk/TestDataStorage/v2FxTestFiles/spreadsheet/ExternalLink.xlsx`), 'xl/externalLinks/externalLink1.xml')!.toString() }],
    warnings: [],
  });

  it('shift its own references and leave the other workbook’s alone', async () => {
    const wb = memoryWorkbook([], areas);
    await applyBook(wb, book(), noSteps);
    await wb.rebuildEngine();
    expect(formulas(wb, 'Data', 'A3')).toEqual([['=SUM([Budget.xlsx]Sheet1!$A$1:$A$3)+B1']]);
    await applyStructure(wb, wb.sheet('Data'), [{ kind: 'insert', axis: 'row', at: 0, count: 2 }]);
    await applyStructure(wb, wb.sheet('Data'), [{ kind: 'insert', axis: 'col', at: 0, count: 1 }]);
    expect(formulas(wb, 'Data', 'B5')).toEqual([['=SUM([Budget.xlsx]Sheet1!$A$1:$A$3)+C3']]);
    expect(shown(wb, 'Data', 'B5')).toEqual([['47']]);
    const got = await exportedFormulas(await workbookToXlsx(wb, noSteps));
    expect(got['Data!4,1']).toEqual(['SUM([1]Sheet1!$A$1:$A$3)+C3', 47]);
  });
});
