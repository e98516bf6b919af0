// Conditional formats keep the file's own differential format through xlsx import and export:
// number formats, borders and theme colours go back as Excel wrote them (read by openpyxl, an
// independent reader), a "Stop If True" rule with no format is kept, and a rule whose style an
// edit changed goes out with the style it has now.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import type { FormulaRule } from '../core/rules/model.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';
import { PYTHON } from './helpers/io-files.ts';

// Apache POI's test file saved by Excel: rules with number formats, borders, theme fills and stop-if-true.
const FILE = new URL('./fixtures/corpus/poi/spreadsheet/ConditionalFormattingSamples.xlsx', import.meta.url).pathname;
const noSteps = async () => undefined;

/** Each rule as openpyxl reads it: sheet, range, type, stop-if-true, number format, left border, fill's theme and tint. */
function rulesOf(bytes: Buffer): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'cf-formats-'));
  writeFileSync(join(dir, 'f.xlsx'), bytes);
  const script = `
import sys, warnings, openpyxl
warnings.simplefilter('ignore')
wb = openpyxl.load_workbook(sys.argv[1])
for ws in wb:
    for cf in ws.conditional_formatting:
        for r in cf.rules:
            d = r.dxf
            fill = d.fill.bgColor if d is not None and d.fill is not None and d.fill.bgColor is not None and d.fill.bgColor.type == 'theme' else None
            print('\\t'.join([ws.title, str(cf.sqref), r.type, str(bool(r.stopIfTrue)), (d.numFmt.formatCode if d is not None and d.numFmt is not None else ''), (d.border.left.style or '' if d is not None and d.border is not None and d.border.left is not None else ''), ('%d %.4f' % (fill.theme, fill.tint) if fill is not None else '')]))
`;
  const py = spawnSync(PYTHON, ['-c', script, join(dir, 'f.xlsx')], { encoding: 'utf8' });
  expect(py.status, py.stderr).toBe(0);
  return py.stdout.trim().split('\n').map((l) => l.split('\t'));
}

describe('conditional-format formats in xlsx', () => {
  it('number formats, borders and theme colours of rule formats go back as the file had them', async () => {
    const { wb } = await importWithReport(readFileSync(FILE));
    const out = rulesOf(await workbookToXlsx(wb, noSteps));
    const on = (sheet: string, range: string) => out.filter((r) => r[0] === sheet && r[1] === range);
    // A number format and a fill of Accent 1 at 80% lighter (cellIs, greater than).
    expect(on('Products1', 'D3:D23')[0]!.slice(4)).toEqual(['\\$#,##0;[Red]\\$#,##0', '', '4 0.8000']);
    // Thin borders around the top ten.
    expect(on('Book tour', 'C4:C25')[0]![5]).toBe('thin');
    // A number format on its own (no font, no fill): the rule was dropped before.
    expect(on('Grades', 'F3:F11')[0]![4]).toBe('"Super!  "00');
    // Banded rows filled with a theme colour.
    expect(on('Banded rows', 'A4:J25')[0]![6]).toBe('4 0.8000');
  });

  it('a Stop If True rule with no format is kept ahead of the icons it stops', async () => {
    const { wb } = await importWithReport(readFileSync(FILE));
    const out = rulesOf(await workbookToXlsx(wb, noSteps)).filter((r) => r[0] === 'Regional sales');
    expect(out.map((r) => [r[2], r[3]])).toEqual([
      ['cellIs', 'True'],
      ['iconSet', 'False'],
    ]);
  });

  it('a rule whose style an edit changed goes out with that style', async () => {
    const { wb } = await importWithReport(readFileSync(FILE));
    const sheet = wb.sheets.find((s) => s.name === 'Products1')!;
    const rule = sheet.meta.cond_formats!.find((r) => r.type === 'formula' && r.xlsx_format && r.range.c0 === 3) as FormulaRule;
    rule.style = { ...rule.style, fill_color: '#123456' };
    const out = rulesOf(await workbookToXlsx(wb, noSteps)).find((r) => r[0] === 'Products1' && r[1] === 'D3:D23')!;
    // Written from the style: the new fill is RGB, the file's number format is not carried over.
    expect(out.slice(4)).toEqual(['', '', '']);
  });

  it('an icon bound that is "greater than" (gte="0") stays so, drawn and written back', async () => {
    // XlsxWriter's reference file saved by Excel: 4Arrows on A5 with each bound "> 25%, > 50%, > 75%".
    const path = new URL('./fixtures/corpus/xlsxwriter/xlsx_files/cond_format18.xlsx', import.meta.url).pathname;
    const { wb } = await importWithReport(readFileSync(path));
    const rule = wb.sheets[0]!.meta.cond_formats!.find((r) => r.type === 'icon_set' && r.range.r0 === 4)!;
    expect(rule.type === 'icon_set' && rule.thresholds.slice(1).map((t) => t.gte)).toEqual([false, false, false]);
    const xml = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml).toContain('<cfvo type="percent" val="25" gte="0"/>');
  });

  it.each(['cond_format_theme_color3.xlsx', 'condformat_theme_color.xlsx'])('colour scales and data bars in theme colours go back as theme colours (%s)', async (name) => {
    // LibreOffice's test files saved by Excel (kept by ClosedXML): scales and bars in theme colours with tints.
    const path = new URL(`./fixtures/corpus/closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/${name}`, import.meta.url).pathname;
    const { wb } = await importWithReport(readFileSync(path));
    const dir = mkdtempSync(join(tmpdir(), 'cf-theme-'));
    writeFileSync(join(dir, 'out.xlsx'), await workbookToXlsx(wb, noSteps));
    writeFileSync(join(dir, 'pairs.json'), JSON.stringify([[path, join(dir, 'out.xlsx')]]));
    const py = spawnSync(PYTHON, [new URL('../scripts/corpus-keep.py', import.meta.url).pathname, 'compare', join(dir, 'pairs.json')], { encoding: 'utf8' });
    const [held, kept] = (JSON.parse(py.stdout) as { totals: Record<string, [number, number]> }).totals['cf scales, bars, icons']!;
    expect(held).toBeGreaterThan(0);
    expect(kept).toBe(held);
  });

  it('a data bar shown without its number (showValue="0") stays so, drawn and written back', async () => {
    const { wb } = await importWithReport(readFileSync(FILE));
    const bars = wb.sheets.find((s) => s.name === 'Mountains')!.meta.cond_formats!.filter((r) => r.type === 'data_bar');
    expect(bars.filter((r) => r.type === 'data_bar' && !r.show_value).length).toBeGreaterThan(0);
    const bytes = await workbookToXlsx(wb, noSteps);
    const sheet = wb.sheets.findIndex((s) => s.name === 'Mountains') + 1;
    const xml = readZipEntry(bytes, `xl/worksheets/sheet${sheet}.xml`)!.toString('utf8');
    expect(xml.match(/<dataBar showValue="0">/g)?.length).toBe(bars.filter((r) => r.type === 'data_bar' && !r.show_value).length);
  });
});
