// Theme colours through xlsx, on a file Excel saved: fonts, fills and borders given as theme colours
// with a tint go back out as those references (and the file's theme colours with them), so a new
// theme in Excel restyles the export as it did the original; reads show the RGB; a colour set by
// an edit goes out as the RGB it is. scripts/corpus-keep.py reads both files alike.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import { themeColors } from '../core/io/xlsx-colors.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';
import { PYTHON } from './helpers/io-files.ts';

const KEEP = new URL('../scripts/corpus-keep.py', import.meta.url).pathname;
const noSteps = async () => undefined;

/** What corpus-keep.py counts of the original and what the export kept: feature -> [held, kept]. */
function kept(original: string, exported: Buffer): Record<string, [number, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'theme-'));
  writeFileSync(join(dir, 'out.xlsx'), exported);
  writeFileSync(join(dir, 'pairs.json'), JSON.stringify([[original, join(dir, 'out.xlsx')]]));
  const py = spawnSync(PYTHON, [KEEP, 'compare', join(dir, 'pairs.json')], { encoding: 'utf8' });
  expect(py.stderr).toBe('');
  return (JSON.parse(py.stdout) as { totals: Record<string, [number, number]> }).totals;
}

describe('theme colours in xlsx', () => {
  it('writes theme colours back as theme references with their tint, and the theme with them', async () => {
    // rust_xlsxwriter's test file saved by Excel: fills of Accent 2 at six tints, a hatch and borders in Accent 6, under the Office 2007 theme.
    const path = `${FIXTURES}features/rust_xlsxwriter/bootstrap48.xlsx`;
    const original = readFileSync(path);
    const { wb } = await importWithReport(original);
    const bytes = await workbookToXlsx(wb, noSteps);
    const counts = kept(path, bytes);
    expect(counts['theme colours']![0]).toBeGreaterThan(10);
    expect(counts['theme colours']![1]).toBe(counts['theme colours']![0]);
    // The exported theme has the original's colours, so each reference shows what it showed.
    expect(themeColors(readZipEntry(bytes, 'xl/theme/theme1.xml')!.toString('utf8'))).toEqual(themeColors(readZipEntry(original, 'xl/theme/theme1.xml')!.toString('utf8')));
  });

  it('a colour changed by an edit goes out as its RGB; reads show RGB only', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}features/rust_xlsxwriter/bootstrap48.xlsx`));
    const sheet = wb.sheets[0]!;
    const cell = sheet.get(1, 1) as { s: number };
    const style = wb.styles.get(cell.s);
    expect(style.theme_colors?.fill_color).toMatchObject({ theme: 5, rgb: '#C0504D' });
    sheet.set(1, 1, { ...cell, s: wb.styles.patch(cell.s, { fill_color: '#123456' }) });
    const styles = readZipEntry(await workbookToXlsx(wb, noSteps), 'xl/styles.xml')!.toString('utf8');
    expect(styles).toContain('<fgColor rgb="FF123456"/>');
    expect(styles).toMatch(/<fgColor theme="5" tint="0\.79998/);
  });
});
