// What write_cells, batch_update_cells and append_table_rows share: the values grid and input
// mode fields, typed conversion of the strings, and the block-size checks.
import { z } from 'zod';
import { DateColumns, type DateOrder } from './date-order.ts';
import { MAX_COLS, MAX_ROWS, cellToA1 } from '../a1.ts';
import { OpError, invalidArg } from '../errors.ts';
import { checkCellFormula } from '../workbook/formula-check.ts';
import { parseTyped } from '../workbook/typed-input.ts';
import type { Content } from '../workbook/workbook.ts';

/** One value as agents send it: a string typed as Excel types input, or a JSON number, boolean or null taken as it is. */
export const CellInput = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: 'expected a string ("42", "=A1"), a number, true/false or null',
});
export type CellInputValue = z.infer<typeof CellInput>;

export const ValuesGrid = z
  .array(z.array(CellInput).min(1, 'each row must hold at least one value'))
  .min(1, 'must hold at least one row')
  .superRefine((rows, ctx) => {
    const width = rows[0]?.length ?? 0;
    rows.forEach((r, i) => {
      if (r.length !== width) ctx.addIssue({ code: 'custom', path: [i], message: `row ${i} has ${r.length} values but row 0 has ${width}; every row must have the same length` });
    });
  })
  .describe('Rows. Strings are typed as Excel types input: "42" and "007" numbers, "3.5%", "2024-01-15", "TRUE"; a leading \' keeps text ("\'007"); "" clears. Or numbers, booleans, null.');

export const InputMode = z
  .enum(['literal', 'user_entered'])
  .default('literal')
  .describe('user_entered: "=..." becomes a formula (literal: text).');

/** A typed formula (with '=') as a cell stores it, at a row of the target sheet (io/excel-text.ts's typedFormula). */
export type FormulaTyper = (text: string, row: number, field: string) => Content;

/**
 * Converts a values grid to contents; reports formula-like text kept literal, and columns whose
 * numeric dates could not be read in one order (date-order.ts: the same rules as a CSV import).
 * `typeFormula` reads formulas that name tables the Excel way (Sales[Units]); without it only
 * the engine's syntax is read.
 */
export function toContents(values: CellInputValue[][], mode: 'literal' | 'user_entered', origin: { row: number; col: number }, dateOrder?: DateOrder, typeFormula?: FormulaTyper): { grid: Content[][]; formulaLike: string[]; warnings: string[] } {
  const formulaLike: string[] = [];
  const dates = new DateColumns(dateOrder);
  for (const line of values) line.forEach((raw, j) => typeof raw === 'string' && raw.length >= 6 && dates.see(j, raw));
  const grid = values.map((line, i) =>
    line.map((raw, j): Content => {
      if (typeof raw !== 'string') return raw === null ? null : raw;
      const date = dates.any ? dates.type(j, raw) : undefined;
      if (date !== undefined) return date;
      if (raw.startsWith('=') && raw.length > 1) {
        if (mode === 'user_entered') return typeFormula ? typeFormula(raw, origin.row + i, `values[${i}][${j}]`) : { f: checkCellFormula(raw, `values[${i}][${j}]`) };
        if (formulaLike.length < 20) formulaLike.push(cellToA1({ row: origin.row + i, col: origin.col + j }));
        return raw;
      }
      return parseTyped(raw);
    }),
  );
  return { grid, formulaLike, warnings: dates.warnings(origin.col) };
}

export function checkBlock(field: string, row: number, col: number, rows: number, cols: number, maxCells: number): void {
  if (row + rows > MAX_ROWS) throw invalidArg(field, `the block of ${rows} rows from row ${row + 1} runs past the last row (${MAX_ROWS})`);
  if (col + cols > MAX_COLS) throw invalidArg(field, `the block of ${cols} columns from column ${col + 1} runs past the last column (XFD)`);
  if (rows * cols > maxCells) throw new OpError('payload_too_large', `values: ${rows * cols} cells in one write; at most ${maxCells}. Split the write.`, { field: 'values', limit: maxCells });
}

/** What a reply says about text that looks like a formula and was stored as text (the agent usually meant a formula). */
export function formulaLikeWarning(cells: string[]): string {
  const shown = cells.length > 3 ? `${cells.slice(0, 3).join(', ')} and ${cells.length - 3} more` : cells.join(', ');
  return `${shown}: text starting with "=" was stored as text, not as a formula; to make formulas, write again with input: "user_entered" (or use set_formula).`;
}
