// CSV export of one sheet: the used range from A1, each cell as a person sees it (the displayed
// value, as GET /cells shows it), quoted by papaparse where needed, UTF-8 with CRLF line ends.
import Papa from 'papaparse';
import type { SheetModel } from '../workbook/sheet.ts';
import { readGrid } from '../workbook/read.ts';
import type { Workbook } from '../workbook/workbook.ts';

const SLICE_ROWS = 10_000;

export async function sheetToCsv(wb: Workbook, sheet: SheetModel, step: (done: number, total: number) => Promise<void>): Promise<Buffer> {
  await wb.loadAll(sheet);
  const used = sheet.usedExtent();
  const parts: string[] = [];
  for (let r0 = 0; r0 < used.rows; r0 += SLICE_ROWS) {
    const r1 = Math.min(used.rows, r0 + SLICE_ROWS) - 1;
    const { values } = readGrid(sheet, wb.styles, { r0, c0: 0, r1, c1: used.cols - 1 }, 'displayed', false);
    parts.push(Papa.unparse(values as string[][], { newline: '\r\n', quotes: false, escapeFormulae: false }));
    await step(r1 + 1, used.rows);
  }
  return Buffer.from(parts.length ? `${parts.join('\r\n')}\r\n` : '', 'utf8');
}
