// Table styles as Excel draws them (issue 34): the built-in styles' elements over the table's
// regions and options, custom styles from a file's styles part, cell formats over the table's,
// the style kept through import and export, and the PDF's pixels in a banded table.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { planJob } from '../core/io/pdf/plan.ts';
import { renderJob } from '../core/io/pdf/render.ts';
import type { TableSpec } from '../core/tables/model.ts';
import { PRESET_TABLE_STYLES } from '../core/tables/preset-styles.ts';
import { tableStylesOf, withTableStyles } from '../core/tables/style-def.ts';
import { styleDefOf, tableCellStyle } from '../core/tables/style-paint.ts';
import { OFFICE_THEME } from '../core/io/xlsx-colors.ts';
import { readTables } from '../core/io/xlsx-tables.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { underCell } from '../core/workbook/overlays.ts';
import type { Workbook } from '../core/workbook/workbook.ts';
import { fixtureFiles, importWithReport } from './helpers/excel-fidelity.ts';
import { popplerMissing, renderPage } from './helpers/poppler.ts';
import type { Decoded } from './helpers/png.ts';

const fixture = (p: string) => readFileSync(new URL(`./fixtures/${p}`, import.meta.url));
/** Excel-saved (Microsoft Macintosh Excel): tables in TableStyleMedium2, Medium3, Dark5, Dark7 (no header row, first and last column), Light8, Light12. */
const TABLES = 'excel/ironcalc/calc_test_no_export/tables.xlsx';
/** Excel-saved, with a custom table style ("Simple Monthly Budget") defined in its styles part. */
const BUDGET = 'excel/features/poi/simple-monthly-budget.xlsx';

const BAND = '#DAE3F3';
const table = (over: Partial<TableSpec>): TableSpec => ({ id: 't', name: 'T', rect: { r0: 0, c0: 0, r1: 5, c1: 3 }, columns: ['a', 'b', 'c', 'd'], ...over });

describe('built-in table styles', () => {
  it('carries the 60 styles of the spec, Light1-21, Medium1-28, Dark1-11', () => {
    const names = Object.keys(PRESET_TABLE_STYLES);
    expect(names).toHaveLength(60);
    for (const [kind, n] of [['Light', 21], ['Medium', 28], ['Dark', 11]] as const) for (let i = 1; i <= n; i++) expect(names).toContain(`TableStyle${kind}${i}`);
  });

  it('TableStyleMedium2 in Office colours: a blue header with white bold text, light blue bands, a double line over the totals', () => {
    const t = table({ totals_row: true, excel_style: { name: 'TableStyleMedium2', row_stripes: true } });
    expect(tableCellStyle(t, 0, 1)).toMatchObject({ fill_color: '#4472C4', text_color: '#FFFFFF', bold: true });
    // Accent 1 lighter 80% and 40% (Excel's palette shows #D9E1F2 and #8EA9DB; the tint rule of xlsx-colors.ts, applied to every theme colour, gives these).
    expect(tableCellStyle(t, 1, 1)).toMatchObject({ fill_color: BAND, border_top: { line: 'line1', color: '#8FAADC' } });
    expect(tableCellStyle(t, 2, 1)?.fill_color).toBeUndefined();
    expect(tableCellStyle(t, 3, 1)?.fill_color).toBe(BAND);
    expect(tableCellStyle(t, 6, 2)).toMatchObject({ bold: true, border_top: { line: 'double', color: '#4472C4' } });
    // Options off: no bands; first column bold when asked.
    const plain = table({ excel_style: { name: 'TableStyleMedium2', first_column: true } });
    expect(tableCellStyle(plain, 1, 1)?.fill_color).toBeUndefined();
    expect(tableCellStyle(plain, 1, 0)?.bold).toBe(true);
    expect(tableCellStyle(plain, 1, 1)?.bold).toBeUndefined();
  });

  it('column stripes band the data columns; the header row keeps its own fill', () => {
    const t = table({ excel_style: { name: 'TableStyleMedium2', column_stripes: true } });
    expect([0, 1, 2, 3].map((c) => tableCellStyle(t, 2, c)?.fill_color)).toEqual([BAND, undefined, BAND, undefined]);
    expect(tableCellStyle(t, 0, 1)?.fill_color).toBe('#4472C4');
  });

  it('TableStyleDark1: grey body with white text, darker bands, a black header with a medium white line under it', () => {
    const t = table({ excel_style: { name: 'TableStyleDark1', row_stripes: true } });
    expect(tableCellStyle(t, 0, 0)).toMatchObject({ fill_color: '#000000', text_color: '#FFFFFF', border_bottom: { line: 'line2', color: '#FFFFFF' } });
    expect(tableCellStyle(t, 1, 0)?.fill_color).toBe('#404040');
    expect(tableCellStyle(t, 2, 0)).toMatchObject({ fill_color: '#737373', text_color: '#FFFFFF' });
  });

  it('resolves theme colours against the theme the table came with', () => {
    const theme = ['FFFFFF', '000000', 'E7E6E6', '44546A', 'FF0000', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47', '0563C1', '954F72'];
    expect(tableCellStyle(table({ excel_style: { name: 'TableStyleMedium2', theme } }), 0, 0)?.fill_color).toBe('#FF0000');
  });

  it('no style name, or a name neither built in nor defined: plain cells', () => {
    expect(tableCellStyle(table({ excel_style: {} }), 0, 0)).toBeUndefined();
    expect(tableCellStyle(table({ excel_style: { name: 'Mine' } }), 0, 0)).toBeUndefined();
  });

  it("a cell's own format wins field by field over the table's", () => {
    const under = { fill_color: '#4472C4', text_color: '#FFFFFF', bold: true, border_top: { line: 'line1' as const, color: '#8EA9DB' } };
    expect(underCell({ fill_color: '#FFFF00' }, under)).toEqual({ fill_color: '#FFFF00', text_color: '#FFFFFF', bold: true, border_top: under.border_top });
    expect(underCell({ fill_pattern: { pattern: 'gray125', color: '#000000' } }, under).fill_color).toBeUndefined();
    expect(underCell({ text_color: '#FF0000', border_top: { line: 'double', color: '#000000' } }, under)).toMatchObject({ text_color: '#FF0000', fill_color: '#4472C4', border_top: { line: 'double' } });
  });
});

describe('custom table styles', () => {
  const stylesXml = strFromU8(unzipSync(new Uint8Array(fixture(BUDGET)))['xl/styles.xml']!);

  it("are read from the file's styles part with their dxfs", () => {
    const def = tableStylesOf(stylesXml).get('Simple Monthly Budget');
    expect(def).toBeDefined();
    expect(Object.keys(def!).sort()).toEqual(expect.arrayContaining(['headerRow', 'wholeTable']));
  });

  it('are written back as they were read, after the part’s own dxfs', () => {
    const defs = tableStylesOf(stylesXml);
    const bare = stylesXml.replace(/<tableStyles\b[\s\S]*?<\/tableStyles>/, '<tableStyles count="0"/>').replace(/<dxfs\b[\s\S]*?<\/dxfs>/, '<dxfs count="1"><dxf><font><b/></font></dxf></dxfs>');
    const out = withTableStyles(bare, defs);
    expect(tableStylesOf(out)).toEqual(defs);
    expect(out).toMatch(/<dxfs count="\d+"><dxf><font><b\/><\/font><\/dxf>/);
  });
});

describe('the table styles of the Excel-saved fixtures', () => {
  it('are all drawn: each style a table names is built in or defined in its file (or the table has none)', () => {
    const uses = new Map<string, number>();
    const undrawn: string[] = [];
    const root = new URL('./fixtures/', import.meta.url).pathname;
    for (const dir of ['corpus', 'excel']) {
      for (const file of fixtureFiles(`${root}${dir}`)) {
        const bytes = readFileSync(file);
        if (!readZipEntry(bytes, 'xl/_rels/workbook.xml.rels')) continue;
        let tables;
        try {
          tables = readTables(bytes, undefined, { theme: OFFICE_THEME, stylesXml: readZipEntry(bytes, 'xl/styles.xml')?.toString('utf8') });
        } catch {
          continue; // a damaged package: the reader's own tests cover it
        }
        for (const t of tables) {
          const name = t.style?.name ?? '(none)';
          uses.set(name, (uses.get(name) ?? 0) + 1);
          if (t.style?.name && !styleDefOf(t.style)) undrawn.push(`${file.slice(root.length)}: ${t.name} in ${t.style.name}`);
        }
      }
    }
    const total = [...uses.values()].reduce((a, b) => a + b, 0);
    console.log(`table styles over the fixtures (${total} tables):`, [...uses].sort((a, b) => b[1] - a[1]).map(([n, k]) => `${n} ${k}`).join(', '));
    expect(total).toBeGreaterThan(150);
    expect(undrawn).toEqual([]);
  });
});

/** The tables of an imported file by name. */
const tablesIn = (wb: Workbook) => new Map(wb.sheets.flatMap((s) => (s.meta.tables ?? []).map((t) => [t.name, t] as const)));

describe('through import and export', () => {
  let wb: Workbook, budget: Workbook;
  beforeAll(async () => {
    wb = (await importWithReport(fixture(TABLES))).wb;
    budget = (await importWithReport(fixture(BUDGET))).wb;
  });
  afterAll(() => {
    wb?.destroy();
    budget?.destroy();
  });

  it('keeps each table style name and its options', () => {
    const t = tablesIn(wb);
    expect(t.get('Table1')?.excel_style).toMatchObject({ name: 'TableStyleMedium2', row_stripes: true, column_stripes: false });
    expect(t.get('Table8')?.excel_style).toMatchObject({ name: 'TableStyleDark7', first_column: true, last_column: true });
    expect(tablesIn(budget).get('tblIncome')?.excel_style?.definition?.headerRow).toBeDefined();
  });

  it('writes them back: tableStyleInfo per table, custom styles in the styles part', async () => {
    const parts = unzipSync(new Uint8Array(await workbookToXlsx(wb, async () => {})));
    const infos = Object.entries(parts).filter(([p]) => p.startsWith('xl/tables/')).map(([, x]) => /<tableStyleInfo[^>]*>/.exec(strFromU8(x))![0]);
    expect(infos.some((i) => /name="TableStyleDark7"/.test(i) && /showFirstColumn="1"/.test(i) && /showLastColumn="1"/.test(i))).toBe(true);
    expect(infos.some((i) => /name="TableStyleMedium2"/.test(i) && /showRowStripes="1"/.test(i))).toBe(true);
    const again = (await importWithReport(Buffer.from(await workbookToXlsx(budget, async () => {})))).wb;
    try {
      // Drawn the same: each cell of the table in the same fill, font and borders (the colours are written as RGB, the exported theme being another).
      const [before, after] = [tablesIn(budget).get('tblIncome')!, tablesIn(again).get('tblIncome')!];
      expect(after.excel_style?.name).toBe('Simple Monthly Budget');
      for (let r = before.rect.r0; r <= before.rect.r1; r++) for (let c = before.rect.c0; c <= before.rect.c1; c++) expect(tableCellStyle(after, r, c)).toEqual(tableCellStyle(before, r, c));
      expect(tableCellStyle(before, before.rect.r0, before.rect.c0)).toMatchObject({ italic: true, border_bottom: { line: 'line2' } });
    } finally {
      again.destroy();
    }
  });
});

const pdfMissing = popplerMissing();

describe.skipIf(!!pdfMissing)('PDF export', () => {
  const near = (img: Decoded, x: number, y: number, rgb: [number, number, number]) => {
    const i = (y * img.width + x) * 4;
    return Math.abs(img.pixels[i]! - rgb[0]) <= 6 && Math.abs(img.pixels[i + 1]! - rgb[1]) <= 6 && Math.abs(img.pixels[i + 2]! - rgb[2]) <= 6;
  };
  /** Runs of rows ([first, last], a cell's height, not a border line) where the page is this colour down the column of pixels at x. */
  const bands = (img: Decoded, rgb: [number, number, number], x: number) => {
    const out: [number, number][] = [];
    for (let y = 0; y < img.height; y++) {
      if (!near(img, x, y, rgb)) continue;
      const last = out.at(-1);
      if (last && last[1] >= y - 1) last[1] = y;
      else out.push([y, y]);
    }
    return out.filter(([a, b]) => b - a >= 4);
  };
  /** The middle of the pixels of this colour, left to right. */
  const middle = (img: Decoded, rgb: [number, number, number]) => {
    let lo = img.width, hi = -1;
    for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (near(img, x, y, rgb)) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
    return Math.round((lo + hi) / 2);
  };

  it('draws the header and the banded rows of TableStyleMedium2 and TableStyleDark7 in their colours', async () => {
    const { wb } = await importWithReport(fixture(TABLES));
    try {
      const ctx = { signal: undefined, progress: undefined };
      const print = async (sheet: string) => renderPage(await renderJob(ctx, await planJob(ctx, wb, { sheetIds: [sheet] }, loadConfig({})), { title: 't', fileName: 't', date: '2026-01-01', created: new Date(Date.UTC(2026, 0, 1)) }), 1, 72);
      // Table1: A1:F5 with a totals row; header, band, plain, band, totals.
      const medium = await print('WithHeaders');
      const x = middle(medium, [0x44, 0x72, 0xc4]);
      const header = bands(medium, [0x44, 0x72, 0xc4], x), band = bands(medium, [0xda, 0xe3, 0xf3], x);
      expect(header).toHaveLength(1);
      expect(band).toHaveLength(2);
      expect(band[0]![0]).toBeGreaterThan(header[0]![1]);
      // The second band is two rows below the first: a plain row between them.
      expect(band[1]![0] - band[0]![1]).toBeGreaterThan(band[0]![1] - band[0]![0]);
      // Table8 (Dark7, no header row, first and last column): B3:F8, five data rows dark and light by turns, then the totals.
      const dark = await print('No Headers');
      const t8 = tablesIn(wb).get('Table8')!;
      const stripe = tableCellStyle(t8, t8.rect.r0, 2)!.fill_color!, body = tableCellStyle(t8, t8.rect.r0 + 1, 2)!.fill_color!;
      expect(stripe).not.toBe(body);
      const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
      const mid = middle(dark, rgb(body));
      const striped = bands(dark, rgb(stripe), mid), plain = bands(dark, rgb(body), mid);
      expect(striped).toHaveLength(3);
      expect(plain).toHaveLength(2);
      expect(plain[0]![0]).toBeGreaterThan(striped[0]![1]);
      expect(striped[1]![0]).toBeGreaterThan(plain[0]![1]);
    } finally {
      wb.destroy();
    }
  });
});
