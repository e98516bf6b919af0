// Rich text through xlsx, on files Excel saved: a shared string's runs (bold, italic, colour, font
// per run) come in with the cell and go back out as runs; scripts/corpus-keep.py reads both files alike.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { richRuns } from '../core/workbook/cell.ts';
import { importWithReport } from './helpers/excel-fidelity.ts';
import { PYTHON } from './helpers/io-files.ts';

const KEEP = new URL('../scripts/corpus-keep.py', import.meta.url).pathname;
const corpus = (path: string) => new URL(`./fixtures/corpus/${path}`, import.meta.url).pathname;

function kept(original: string, exported: Buffer): Record<string, [number, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'rich-'));
  writeFileSync(join(dir, 'out.xlsx'), exported);
  writeFileSync(join(dir, 'pairs.json'), JSON.stringify([[original, join(dir, 'out.xlsx')]]));
  const py = spawnSync(PYTHON, [KEEP, 'compare', join(dir, 'pairs.json')], { encoding: 'utf8' });
  expect(py.stderr).toBe('');
  return (JSON.parse(py.stdout) as { totals: Record<string, [number, number]> }).totals;
}

describe('rich text in xlsx', () => {
  it.each(['calamine/issue9.xlsx', 'closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/TextColor.xlsx', 'closedxml/ClosedXML.Tests/Resource/TryToLoad/LO/xlsx/strike-through.xlsx'])('keeps the runs of %s', async (file) => {
    const { wb } = await importWithReport(readFileSync(corpus(file)));
    const bytes = await workbookToXlsx(wb, async () => undefined);
    const counts = kept(corpus(file), bytes)['rich text']!;
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBe(counts[0]);
  });

  it('runs hold only while they spell the value: a new value is plain text', async () => {
    const { wb } = await importWithReport(readFileSync(corpus('calamine/issue9.xlsx')));
    const sheet = wb.sheets[0]!;
    const cell = sheet.get(1, 0);
    expect(richRuns(cell)?.map((r) => [r.t, r.font?.bold ?? false])).toEqual([['test2', true], [' o', false], ['ther', false]]);
    expect(richRuns({ ...(cell as object), v: 'other' })).toBeUndefined();
  });
});
