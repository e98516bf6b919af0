// CSV export of one sheet: the used range from A1, each cell as a person sees it (the displayed
// value, as GET /cells shows it), quoted by papaparse where needed, UTF-8 with CRLF line ends.
// One band of tiles at a time, read without keeping the tiles decoded, so a million rows do not
// stay in memory as cells.
import { loadPapa } from '../libs.ts';
import { displayCell } from '../workbook/display.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { TILE_COLS, TILE_ROWS, tileKey, type Tile } from '../workbook/tile.ts';
import type { Workbook } from '../workbook/workbook.ts';

export async function sheetToCsv(wb: Workbook, sheet: SheetModel, step: (done: number, total: number) => Promise<void>): Promise<Buffer> {
  const Papa = await loadPapa();
  const used = sheet.usedExtent();
  const parts: Buffer[] = [];
  const bands = Math.ceil(used.rows / TILE_ROWS), tileCols = Math.ceil(used.cols / TILE_COLS);
  for (let tr = 0; tr < bands; tr++) {
    const r0 = tr * TILE_ROWS, r1 = Math.min(used.rows, r0 + TILE_ROWS) - 1;
    await wb.load(sheet, { r0, c0: 0, r1, c1: used.cols - 1 });
    const band: ReturnType<Tile['peekRows']>[] = [];
    for (let tc = 0; tc < tileCols; tc++) band.push(sheet.tiles.get(tileKey(tr, tc))?.peekRows() ?? []);
    const lines: string[][] = [];
    for (let r = r0; r <= r1; r++) {
      const line = new Array<string>(used.cols);
      for (let c = 0; c < used.cols; c++) {
        const cell = band[Math.floor(c / TILE_COLS)]![r - r0]?.[c % TILE_COLS];
        line[c] = cell === null || cell === undefined ? '' : displayCell(cell, wb.styles.get(effectiveStyleId(sheet, r, c, cell)));
      }
      lines.push(line);
    }
    parts.push(Buffer.from(`${Papa.unparse(lines, { newline: '\r\n', quotes: false, escapeFormulae: false })}\r\n`, 'utf8'));
    await step(r1 + 1, used.rows);
  }
  return Buffer.concat(parts);
}
