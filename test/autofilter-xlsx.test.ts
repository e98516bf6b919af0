// Autofilters through xlsx: Excel's own filter files (XlsxWriter's Excel-saved references: values,
// several values, blanks, two conditions, not-equal, a filter off A1, number values) imported as the
// service imports them, then exported: the <autoFilter> element and the rows it hides come back as
// Excel wrote them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';
import { PYTHON } from './helpers/io-files.ts';

const DIR = new URL('./fixtures/excel/features/xlsxwriter/', import.meta.url).pathname;
const FILES = Array.from({ length: 11 }, (_, i) => `autofilter${String(i + 1).padStart(2, '0')}.xlsx`);

function filterOf(bytes: Buffer): { filter: string; hidden: string[] } {
  const xml = readZipEntry(bytes, 'xl/worksheets/sheet1.xml')!.toString('utf8');
  const filter = (/<autoFilter\b[\s\S]*?(?:<\/autoFilter>|\/>)/.exec(xml)?.[0] ?? '').replace(/\s+/g, ' ');
  const hidden = [...xml.matchAll(/<row\b([^>]*)>/g)].filter((m) => /\bhidden="(1|true)"/.test(m[1]!)).map((m) => /\br="(\d+)"/.exec(m[1]!)![1]!);
  return { filter, hidden };
}

describe('autofilters in xlsx files Excel wrote', () => {
  it.each(FILES)('%s: the filter and its hidden rows come back as Excel wrote them', async (name) => {
    const bytes = readFileSync(DIR + name);
    const { wb, warnings } = await importWithReport(bytes);
    expect(warnings.filter((w) => /autofilter/i.test(w))).toEqual([]);
    expect(wb.sheets[0]!.meta.autofilter).toBeDefined();
    const exported = await workbookToXlsx(wb, async () => undefined);
    expect(filterOf(exported)).toEqual(filterOf(bytes));
  });

  it('a sort state kept with the filter (a sortCondition inside) comes back whole, its refs following inserted rows', async () => {
    const zip = unzipSync(new Uint8Array(readFileSync(DIR + 'autofilter02.xlsx')));
    const sort = '<sortState ref="A2:D51"><sortCondition descending="1" ref="C2:C51"/></sortState>';
    zip['xl/worksheets/sheet1.xml'] = strToU8(strFromU8(zip['xl/worksheets/sheet1.xml']!).replace('</filterColumn></autoFilter>', `</filterColumn>${sort}</autoFilter>`));
    const bytes = Buffer.from(zipSync(zip));
    const { wb } = await importWithReport(bytes);
    expect(filterOf(await workbookToXlsx(wb, async () => undefined))).toEqual(filterOf(bytes));
    const { followStructure } = await import('../core/autofilter/model.ts');
    followStructure(wb.sheets[0]!, { kind: 'insert', axis: 'row', at: 0, count: 2 });
    expect(wb.sheets[0]!.meta.autofilter).toMatchObject({ range: 'A3:D53', sort_xml: '<sortState ref="A4:D53"><sortCondition descending="1" ref="C4:C53"/></sortState>' });
  });

  it("every criterion of SheetJS's filter file comes back, the value Excel found for a top 10 included", async () => {
    // One sheet per kind of criterion: values, conditions, top and bottom 10 (with filterVal), dates, colours, icons.
    const path = new URL('./fixtures/corpus/sheetjs/AutoFilter.xlsx', import.meta.url).pathname;
    const { wb } = await importWithReport(readFileSync(path));
    const exported = await workbookToXlsx(wb, async () => undefined);
    expect(readZipEntry(exported, 'xl/worksheets/sheet5.xml')!.toString('utf8')).toMatch(/<top10 val="10" filterVal="2"\/>/);
    // scripts/corpus-keep.py reads both files alike: held and kept, per feature.
    const dir = mkdtempSync(join(tmpdir(), 'autofilter-'));
    writeFileSync(join(dir, 'out.xlsx'), exported);
    writeFileSync(join(dir, 'pairs.json'), JSON.stringify([[path, join(dir, 'out.xlsx')]]));
    const py = spawnSync(PYTHON, [new URL('../scripts/corpus-keep.py', import.meta.url).pathname, 'compare', join(dir, 'pairs.json')], { encoding: 'utf8' });
    const totals = (JSON.parse(py.stdout) as { totals: Record<string, [number, number]> }).totals;
    expect(totals['autofilter criteria']![0]).toBeGreaterThan(5);
    expect(totals['autofilter criteria']![1]).toBe(totals['autofilter criteria']![0]);
    expect(totals['autofilter ranges']![1]).toBe(totals['autofilter ranges']![0]);
  });
});
