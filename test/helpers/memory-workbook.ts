// An in-memory Workbook for unit tests of the workbook model: no store, every tile is new.
import type { WorkbookArea } from '../../core/workbook/area.ts';
import { Workbook, type Content } from '../../core/workbook/workbook.ts';
import { formulaText, readGrid } from '../../core/workbook/read.ts';
import { parseCell, parseRange } from '../../core/a1.ts';

/** `areas`: what the workbook carries besides cells (none unless given). */
export function memoryWorkbook(sheets: string[] = ['Sheet1'], areas: readonly WorkbookArea[] = []): Workbook {
  const now = new Date(0);
  return new Workbook(
    {
      file: { id: 'file', spaceId: 'space', creatorId: 'user', name: 'test', private: false, version: 1, created: now, modified: now },
      styles: [],
      sheets: sheets.map((name, i) => ({ id: `sheet-${i}`, name, position: i, meta: {}, tiles: [] })),
    },
    async () => [],
    { areas },
  );
}

/** Writes rows at an A1 cell: strings starting with "=" are formulas, numbers stay numbers. */
export async function put(wb: Workbook, sheet: string, at: string, rows: (string | number | null)[][]): Promise<void> {
  const { addr } = parseCell(at);
  const grid: Content[][] = rows.map((r) => r.map((v) => (typeof v === 'string' && v.startsWith('=') ? { f: v } : v)));
  await wb.writeCells(wb.sheet(sheet), addr.row, addr.col, grid);
}

/** Displayed values of a range. */
export function shown(wb: Workbook, sheet: string, range: string): string[][] {
  return readGrid(wb.sheet(sheet), wb.styles, parseRange(range).rect, 'displayed', false).values as string[][];
}

/** Write-back form: formulas as text. */
export function formulas(wb: Workbook, sheet: string, range: string): string[][] {
  const { rect } = parseRange(range);
  const s = wb.sheet(sheet);
  const out: string[][] = [];
  for (let r = rect.r0; r <= rect.r1; r++) {
    const line: string[] = [];
    for (let c = rect.c0; c <= rect.c1; c++) line.push(formulaText(s.get(r, c)));
    out.push(line);
  }
  return out;
}
