// Outline groups through xlsx: Excel's own outline files (XlsxWriter's Excel-saved references:
// grouped and collapsed rows, grouped columns, nested levels) imported as the service imports them,
// then exported: every row's and column's outlineLevel, collapsed and hidden flags and the sheet's
// deepest levels come back as Excel wrote them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { groupsOf } from '../core/outline/model.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';

const DIR = new URL('./fixtures/excel/features/xlsxwriter/', import.meta.url).pathname;
const FILES = ['outline01.xlsx', 'outline02.xlsx', 'outline03.xlsx', 'outline04.xlsx', 'outline05.xlsx', 'outline06.xlsx'];

/** The outline attributes of every row and column of each worksheet, and its sheetFormatPr levels. */
function outlineOf(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let i = 1; ; i++) {
    const xml = readZipEntry(bytes, `xl/worksheets/sheet${i}.xml`)?.toString('utf8');
    if (!xml) break;
    const a = (attrs: string, k: string) => new RegExp(`\\b${k}="([^"]*)"`).exec(attrs)?.[1];
    const flag = (v: string | undefined) => (v === '1' || v === 'true' ? 1 : 0);
    const fmt = /<sheetFormatPr\b([^>]*)>/.exec(xml)?.[1] ?? '';
    const pr = /<outlinePr\b([^>]*)>/.exec(xml)?.[1] ?? '';
    out.push(`sheet${i}: rows ${a(fmt, 'outlineLevelRow') ?? 0} cols ${a(fmt, 'outlineLevelCol') ?? 0} summaryBelow ${a(pr, 'summaryBelow') ?? 1} summaryRight ${a(pr, 'summaryRight') ?? 1}`);
    for (const m of xml.matchAll(/<row\b([^>]*)>/g)) {
      const level = Number(a(m[1]!, 'outlineLevel') ?? 0), collapsed = flag(a(m[1]!, 'collapsed')), hidden = flag(a(m[1]!, 'hidden'));
      if (level || collapsed || hidden) out.push(`row ${a(m[1]!, 'r')}: level ${level} collapsed ${collapsed} hidden ${hidden}`);
    }
    for (const m of xml.matchAll(/<col\b([^>]*)\/>/g)) {
      const level = Number(a(m[1]!, 'outlineLevel') ?? 0), collapsed = flag(a(m[1]!, 'collapsed')), hidden = flag(a(m[1]!, 'hidden'));
      for (let c = Number(a(m[1]!, 'min')); c <= Number(a(m[1]!, 'max')); c++) if (level || collapsed || hidden) out.push(`col ${c}: level ${level} collapsed ${collapsed} hidden ${hidden}`);
    }
  }
  return out;
}

describe('outline groups in xlsx files Excel wrote', () => {
  it.each(FILES)('%s: imported groups, exported as Excel wrote them', async (name) => {
    const bytes = readFileSync(DIR + name);
    const { wb, warnings } = await importWithReport(bytes);
    expect(warnings.filter((w) => /outline/.test(w))).toEqual([]);
    const groups = wb.sheets.flatMap((s) => [...groupsOf(s, 'row'), ...groupsOf(s, 'col')]);
    expect(groups.length).toBeGreaterThan(0);
    const exported = await workbookToXlsx(wb, async () => undefined);
    expect(outlineOf(exported)).toEqual(outlineOf(bytes));
  });

  it('outline02: the collapsed outer group is read as collapsed', async () => {
    const { wb } = await importWithReport(readFileSync(DIR + 'outline02.xlsx'));
    const groups = groupsOf(wb.sheets[0]!, 'row').map((g) => `${g.level} ${g.from + 1}:${g.to + 1} ${g.collapsed ? 'collapsed' : 'open'}`);
    expect(groups).toEqual(['1 2:11 collapsed', '2 2:5 open', '2 7:10 open']);
  });
});
