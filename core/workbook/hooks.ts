// Seams between areas. Objects that live in sheet meta (charts, rules, tables, pivots, code
// cells) register here so structural edits, clears, moves and sheet copies carry them along,
// without the ops that make those edits knowing each kind of object.
import type { Rect } from '../a1.ts';
import type { OpContext } from '../context.ts';
import type { StructureEdit } from './shift.ts';
import type { SheetModel } from './sheet.ts';
import type { Workbook } from './workbook.ts';

export interface SheetObjectHooks {
  /** For messages and tests. */
  name: string;
  /** Rows or columns were inserted, deleted or moved on `sheet`. */
  onStructure?(wb: Workbook, sheet: SheetModel, edit: StructureEdit): void;
  /** DELETE /cells cleared `rect`: drop objects anchored inside it. */
  onClear?(wb: Workbook, sheet: SheetModel, rect: Rect): void;
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
  /** Runs after a write committed (e.g. queue reruns of code cells whose inputs changed). */
  afterCommit?(ctx: OpContext, wb: Workbook, version: number): void | Promise<void>;
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

export const sheetObjectHooks: SheetObjectHooks[] = [];

export function registerSheetObjects(hooks: SheetObjectHooks): void {
  if (!sheetObjectHooks.some((h) => h.name === hooks.name)) sheetObjectHooks.push(hooks);
}
