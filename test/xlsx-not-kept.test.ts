// The import names what it drops (issue "Every workbook that Excel opens, opens here, whole"):
// parts of a sheet no area reads are counted from the sheet's own XML, on files other programs
// saved, so nothing goes without a word.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importWithReport } from './helpers/excel-fidelity.ts';

const CORPUS = new URL('./fixtures/corpus/', import.meta.url).pathname;
const report = async (path: string) => (await importWithReport(readFileSync(CORPUS + path))).warnings;

describe('the import report names the sheet parts it does not keep', () => {
  it('custom views and data consolidation settings', async () => {
    expect(await report('closedxml/ClosedXML.Tests/Resource/TryToLoad/LoadFileWithCustomSheetViews.xlsx')).toEqual(expect.arrayContaining(['not kept: custom views: 28 on zzz', 'not kept: data consolidation settings: 1 on zzz']));
  });

  it('ranges a password unlocks', async () => {
    expect(await report('xlsxwriter/xlsx_files/protect05.xlsx')).toContain('not kept: protected ranges (ranges a password unlocks): 4 on Sheet1');
  });

  it('embedded objects and form controls', async () => {
    expect(await report('poi/spreadsheet/WithEmbeded.xlsx')).toContain('not kept: embedded objects (OLE): 2 on Sheet1');
    expect(await report('phpspreadsheet/samples/Reader2/sampleData/formscomments.xlsx')).toContain('not kept: form controls: 3 on FormsComments, 3 on Forms, 27 on M2M Work Request Form');
  });

  it('scenarios, cell watches and ignored error marks', async () => {
    expect((await report('closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/tdf97598_scenarios.xlsx')).join('\n')).toMatch(/not kept: scenarios: \d+ on /);
    expect((await report('poi/integration/stress002.xlsx')).join('\n')).toMatch(/not kept: cell watches: \d+ on /);
    expect((await report('xlsxwriter/xlsx_files/ignore_error03.xlsx')).join('\n')).toMatch(/not kept: ignored error marks: \d+ on Sheet1/);
  });
});
