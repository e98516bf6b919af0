// Excel's own text of a cell's formula, for reads. The engine computes structured references
// (Sales[[#This Row],[Units]]) as the cells they stand for; the cell keeps the text it was given
// (RichCell.x: the file's, or what a writer typed), and that text is what everyone reads while it
// still stands for the cell's formula (after rows are inserted above a table, say), as export does.
import { lambdaCallsAsWritten } from '../formula/engine-text.ts';
import { withoutPrefixes } from '../formula/prefixes.ts';
import { resolveStructuredRefs } from '../formula/structured-refs.ts';
import { allNames } from '../names/model.ts';
import { allTables } from '../tables/model.ts';
import { isRich, type Cell, type RichCell } from '../workbook/cell.ts';
import { checkCellFormula } from '../workbook/formula-check.ts';
import { shownFormula } from '../workbook/implicit-intersection.ts';
import { formulaText } from '../workbook/read.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { BookTable } from './book.ts';
import { importFormula } from './formula-import.ts';
import { bookTableOf } from './xlsx-tables.ts';

/** What a formula's structured references and names are read against. */
export interface FormulaContext {
  tables: BookTable[];
  names: ReadonlySet<string>;
}

export function formulaContext(wb: Workbook): FormulaContext {
  return { tables: allTables(wb).map(({ sheet, table }) => bookTableOf(sheet, table)), names: new Set(allNames(wb).map(({ spec }) => spec.name.toUpperCase())) };
}

/** The text (with '=') as Excel shows it when the cell keeps its written text and it still reads as the formula; else undefined. */
export function excelTextOf(ctx: FormulaContext, sheet: string, row: number, cell: RichCell): string | undefined {
  if (!cell.x || cell.f === undefined || cell.k) return undefined;
  const reads = (legacy: boolean) => importFormula(cell.x!, null, undefined, { legacy, names: ctx.names, tables: ctx.tables, at: { sheet, row } }).cell.f === cell.f;
  if (!reads(false) && !reads(true)) return undefined;
  return shownFormula(`=${lambdaCallsAsWritten(withoutPrefixes(cell.x))}`);
}

/**
 * What everyone reads of a cell's formula (replies, reads in every render, code-cell views, diffs,
 * find and replace): Excel's text while the cell keeps it, else the engine's text as Excel writes it.
 */
export function shownFormulaOf(ctx: FormulaContext | (() => FormulaContext), sheet: string, row: number, cell: Cell): string {
  if (isRich(cell) && cell.x && cell.f !== undefined && !cell.k) {
    const text = excelTextOf(typeof ctx === 'function' ? ctx() : ctx, sheet, row, cell);
    if (text !== undefined) return text;
  }
  return formulaText(cell);
}

/** The file's formula context, built on first need (most reads never need it). */
export function lazyContext(wb: Workbook): () => FormulaContext {
  let ctx: FormulaContext | undefined;
  return () => (ctx ??= formulaContext(wb));
}

/**
 * A formula an agent typed (with '='), as the cell stores it: the engine's formula, and Excel's
 * text kept beside it (RichCell.x) when it names tables the Excel way. Throws a 400 naming `field`
 * when it is not a formula.
 */
export function typedFormula(ctx: () => FormulaContext, sheet: string, row: number, text: string, field: string): { f: string; x?: string } {
  try {
    return { f: checkCellFormula(text, field) };
  } catch (err) {
    if (!text.includes('[')) throw err;
    const typed = typedStructuredRefs(ctx(), sheet, row, text, field);
    if (!typed) throw err;
    return typed;
  }
}

/** typedFormula for the cells of one sheet of the workbook (write_cells and the like). */
export function formulaTyper(wb: Workbook, sheet: string): (text: string, row: number, field: string) => { f: string; x?: string } {
  const ctx = lazyContext(wb);
  return (text, row, field) => typedFormula(ctx, sheet, row, text, field);
}

/**
 * A typed formula (with '=') that names tables the Excel way: the engine's formula and the text
 * to keep (RichCell.x), or undefined when it names none. Throws a 400 naming `field` when the
 * formula does not parse once its references are resolved.
 */
export function typedStructuredRefs(ctx: FormulaContext, sheet: string, row: number, text: string, field: string): { f: string; x: string } | undefined {
  const body = text.trim().replace(/^=/, '');
  const resolved = resolveStructuredRefs(body, ctx.tables, { sheet, row });
  return resolved === undefined ? undefined : { f: checkCellFormula(`=${resolved}`, field), x: body };
}
