// Seams between areas. Objects that live in sheet meta (charts, rules, tables, pivots, code
// cells) come with these hooks in their area (core/workbook/area.ts), so structural edits, clears,
// moves and sheet copies carry them along without the ops that make those edits knowing each kind
// of object. The workbook calls the hooks of the areas it was built with, in list order.
import type { Rect } from '../a1.ts';
import type { OpContext } from '../context.ts';
import type { StructureEdit } from './shift.ts';
import type { SheetModel } from './sheet.ts';
import type { Workbook } from './workbook.ts';

export interface SheetObjectHooks {
  /** Rows or columns were inserted, deleted or moved on `sheet`. */
  onStructure?(wb: Workbook, sheet: SheetModel, edit: StructureEdit): void;
  /**
   * DELETE /cells cleared `rect`: drop objects anchored inside it. With `keepFormats` only the
   * contents went; formatting objects (conditional formats) stay.
   */
  onClear?(wb: Workbook, sheet: SheetModel, rect: Rect, opts?: { keepFormats?: boolean }): void;
  /**
   * A sheet is about to be deleted: objects elsewhere that point into it react (a named range's
   * reference becomes #REF!, as in Excel), and objects kept on it that outlive it move.
   */
  onRemoveSheet?(wb: Workbook, sheet: SheetModel): void;
  /** A sheet was renamed: text that names it (formulas kept outside cells) follows. */
  onRenameSheet?(wb: Workbook, from: string, to: string): void;
  /** POST /cells/move carried `from` so its top-left lands at (row, col). */
  onMove?(wb: Workbook, sheet: SheetModel, from: Rect, to: { row: number; col: number }): void;
  /** A sheet was duplicated: give the copy's objects fresh ids. */
  onDuplicate?(wb: Workbook, source: SheetModel, copy: SheetModel): void;
  /**
   * GET /cells/has-data: describe the objects of this kind that occupy `rect` (e.g. "code cell B2",
   * "table Sales"), so a range holding a queued code cell or a table counts as occupied.
   */
  occupies?(wb: Workbook, sheet: SheetModel, rect: Rect): string[];
  /**
   * POST /cells/replace with code: true: apply the replacement to the sources of objects of this
   * kind inside `rect` (code cells). Return what changed; the op validates nothing further.
   */
  onReplace?(wb: Workbook, sheet: SheetModel, rect: Rect, replace: TextReplace): ReplacedText[] | Promise<ReplacedText[]>;
  /** Runs inside every write, after the op and before the commit (e.g. refresh pivots, queue code-cell reruns). */
  beforeCommit?(wb: Workbook, ctx: OpContext): void | Promise<void>;
  /**
   * Workbook-level names the formula engine must know (e.g. data tables): given to HyperFormula
   * when the engine is built; a formula that mentions one needs the sheet it points into.
   */
  namedExpressions?(wb: Workbook): NamedExpressionDef[];
  /** Runs after a write committed (e.g. queue reruns of code cells whose inputs changed). */
  afterCommit?(ctx: OpContext, wb: Workbook, version: number): void | Promise<void>;
}

export interface NamedExpressionDef {
  name: string;
  /** '=Sheet1!$A$2:$C$10' */
  expression: string;
  /** The sheet the expression points into (filled into the engine when a formula uses the name). */
  sheetId: string;
  /** A sheet's own name (Excel's sheet scope): that sheet's id. */
  scope?: string;
}

/** Every registered name; cheap (reads sheet meta only). */
export function allNamedExpressions(wb: Workbook): NamedExpressionDef[] {
  return wb.hooks.flatMap((h) => h.namedExpressions?.(wb) ?? []);
}

/** One find/replace request, with the matcher every area must use so all agree on matches. */
export interface TextReplace {
  find: string;
  replace: string;
  caseSensitive: boolean;
  wholeCell: boolean;
  /** The text after replacement and the number of matches, or null when nothing matched. */
  apply(text: string): { text: string; count: number } | null;
}

export interface ReplacedText {
  /** A1 of the cell that holds the object (e.g. the code cell). */
  cell: string;
  before: string;
  after: string;
  count: number;
}
