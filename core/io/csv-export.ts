// CSV export of one sheet: the used range from A1, each cell as a person sees it (the displayed
// value, as GET /cells shows it), quoted by papaparse where needed, UTF-8 with CRLF line ends.
// Tile bands are read from the store 16 at a time and their cells formatted a band at a time,
// without keeping the tiles decoded, so a million rows do not stay in memory as cells.
import { loadPapa } from '../libs.ts';
import { isRich, type Cell } from '../workbook/cell.ts';
import type { DateSystemOption } from '../formats/number-format.ts';
import { displayCell } from '../workbook/display.ts';
import { effectiveStyleId } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { TILE_COLS, TILE_ROWS, tileKey, type Tile } from '../workbook/tile.ts';
import type { Workbook } from '../workbook/workbook.ts';

/** Bands read from the store in one query: one query per band was a quarter of a 1M-row export. */
const BANDS_PER_READ = 16;
/** Formatted numbers remembered per style (dates and amounts repeat); numfmt takes ~1 µs each. */
const MEMO_PER_STYLE = 50_000;

export async function sheetToCsv(wb: Workbook, sheet: SheetModel, step: (done: number, total: number) => Promise<void>): Promise<Buffer> {
  const Papa = await loadPapa();
  const used = sheet.usedExtent();
  const parts: Buffer[] = [];
  const bands = Math.ceil(used.rows / TILE_ROWS), tileCols = Math.ceil(used.cols / TILE_COLS);
  const shown = displayMemo(wb, sheet.meta);
  for (let tr = 0; tr < bands; tr++) {
    const r0 = tr * TILE_ROWS, r1 = Math.min(used.rows, r0 + TILE_ROWS) - 1;
    if (tr % BANDS_PER_READ === 0) await wb.load(sheet, { r0, c0: 0, r1: Math.min(used.rows, r0 + BANDS_PER_READ * TILE_ROWS) - 1, c1: used.cols - 1 });
    const band: ReturnType<Tile['peekRows']>[] = [];
    for (let tc = 0; tc < tileCols; tc++) band.push(sheet.tiles.get(tileKey(tr, tc))?.peekRows() ?? []);
    const lines: string[][] = [];
    for (let r = r0; r <= r1; r++) {
      const line = new Array<string>(used.cols);
      for (let c = 0; c < used.cols; c++) {
        const cell = band[Math.floor(c / TILE_COLS)]![r - r0]?.[c % TILE_COLS];
        line[c] = cell === null || cell === undefined ? '' : shown(cell, effectiveStyleId(sheet, r, c, cell));
      }
      lines.push(line);
    }
    parts.push(Buffer.from(`${Papa.unparse(lines, { newline: '\r\n', quotes: false, escapeFormulae: false })}\r\n`, 'utf8'));
    await step(r1 + 1, used.rows);
  }
  return Buffer.concat(parts);
}

/** displayCell, remembering what numbers of a styled cell show as (up to MEMO_PER_STYLE per style). */
function displayMemo(wb: Workbook, dates: DateSystemOption): (cell: Cell, styleId: number) => string {
  const memo = new Map<number, Map<number, string>>();
  return (cell, styleId) => {
    const v = isRich(cell) ? (cell.e === undefined && cell.h === undefined ? cell.v : undefined) : cell;
    // Style 0 is General, which shows most numbers without numfmt already; a Map takes -0 for 0.
    if (typeof v !== 'number' || styleId === 0 || Object.is(v, -0)) return displayCell(cell, wb.styles.get(styleId), dates);
    let known = memo.get(styleId);
    if (!known) memo.set(styleId, (known = new Map()));
    let text = known.get(v);
    if (text === undefined) {
      text = displayCell(cell, wb.styles.get(styleId), dates);
      if (known.size < MEMO_PER_STYLE) known.set(v, text);
    }
    return text;
  };
}
