// Cells formatted as text (number_format "text") keep what is typed into them as text, as in a
// spreadsheet: "007", "1-2" or "12%" written there are not turned into numbers or dates.
import type { Content, Workbook } from '../workbook/workbook.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { CellInputValue } from './write-input.ts';
import type { SheetModel } from '../workbook/sheet.ts';

/** Rewrites grid entries in place where the target cell is text-formatted. */
export async function keepTextFormatted(wb: Workbook, sheet: SheetModel, row: number, col: number, grid: Content[][], typed: CellInputValue[][]): Promise<void> {
  const isText = (s: { number_format?: string; format_code?: string }) => s.number_format === 'text' || s.format_code === '@';
  if (!wb.styles.toJSON().some(isText)) return;
  await wb.load(sheet, { r0: row, c0: col, r1: row + grid.length - 1, c1: col + (grid[0]?.length ?? 1) - 1 });
  grid.forEach((line, i) =>
    line.forEach((content, j) => {
      if (content === null || (typeof content === 'object' && 'f' in content)) return;
      if (!isText(effectiveStyle(sheet, wb.styles, row + i, col + j))) return;
      const raw = typed[i]![j];
      // Only typed text stays text there; a JSON number or boolean says what it is.
      if (typeof raw === 'string') line[j] = raw.startsWith("'") ? raw.slice(1) : raw;
    }),
  );
}
