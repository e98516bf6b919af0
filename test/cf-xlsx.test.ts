// Conditional formats through xlsx, on files Excel saved: a rule over several ranges is written
// for the first range's top-left cell, and each range keeps the condition moved to its own cells;
// cell-value comparisons, date periods, top/bottom N and above/below average go back to Excel as
// those kinds (Excel shows them as made, not as "Use a formula").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx } from '../core/io/xlsx-export.ts';
import { readZipEntry } from '../core/io/zip-guard.ts';
import type { FormulaRule } from '../core/rules/model.ts';
import { FIXTURES, importWithReport } from './helpers/excel-fidelity.ts';

const noSteps = async () => undefined;
const rulesOf = (xml: string) =>
  [...xml.matchAll(/<conditionalFormatting sqref="([^"]+)"><cfRule type="(\w+)"([^>]*)>/g)].map((m) => [m[1], m[2], /\b(?:operator|timePeriod)="(\w+)"/.exec(m[3]!)?.[1] ?? ''].join(' ').trim());

describe('conditional formats in xlsx', () => {
  it('moves the condition of a rule over several ranges to each range', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}features/phpspreadsheet/CellMatcher.xlsx`));
    const sheet = wb.findSheet('cellIs Expression')!;
    const rules = (sheet.meta.cond_formats ?? []).filter((r): r is FormulaRule => r.type === 'formula');
    // Excel: sqref="A12:D17 A20", formula $C12="USA" for A12; A20 reads its own row.
    expect(rules.filter((r) => /^=\$C\d+="USA"$/.test(r.formula)).map((r) => r.formula)).toEqual(['=$C12="USA"', '=$C20="USA"']);
  });

  it('writes cell-value and date-period rules back as those kinds', async () => {
    const { wb } = await importWithReport(readFileSync(`${FIXTURES}features/phpspreadsheet/CellMatcher.xlsx`));
    const bytes = await workbookToXlsx(wb, noSteps);
    const all = Array.from({ length: wb.sheets.length }, (_, i) => readZipEntry(bytes, `xl/worksheets/sheet${i + 1}.xml`)?.toString('utf8') ?? '').flatMap(rulesOf);
    expect(all).toEqual(expect.arrayContaining(['A24:B25 cellIs equal', 'A30:A37 cellIs greaterThan', 'B2:B19 timePeriod today', 'F2:F19 timePeriod lastWeek']));
    expect(all.some((r) => /cellIs between/.test(r))).toBe(true);
  });
});
