// The shape both Excel readers (xlsx with exceljs, xls with SheetJS) produce and excel-apply.ts
// writes into a workbook: cells with cached values and formulas, styles, and per-sheet layout.
import type { Scalar, TextRun } from '../workbook/cell.ts';
import type { Style } from '../workbook/style.ts';
import type { XlsxSheetPart } from '../workbook/area.ts';
import type { SheetPrint } from './xlsx-print.ts';
import type { RuleSpec } from '../rules/model.ts';
import type { ValidationSpec } from '../validation/model.ts';

import type { BookImage } from './xlsx-images.ts';
import type { BookTable } from './xlsx-tables.ts';
import type { BookChart } from './xlsx-charts.ts';
import type { ExternalLink } from '../extlinks/model.ts';
import type { Iteration } from '../workbook/iteration.ts';

export interface BookCell {
  row: number;
  col: number;
  /** The literal, or a formula's cached result. */
  value?: Scalar | null;
  /** Formula text without the leading '='. */
  formula?: string;
  /** An error value (#N/A), literal or a formula's cached result. */
  error?: string;
  style?: Style;
  /** Rich text runs of a text value (shared strings with <r> runs). */
  runs?: TextRun[];
  /** An array formula's result range (A1); its other cells are left for the engine to fill. */
  arrayRef?: string;
  /**
   * Stored as an array formula (Ctrl+Shift+Enter, or any dynamic-array formula). The others were
   * evaluated the pre-dynamic-array way, with implicit intersection.
   */
  array?: boolean;
  /** A legacy array formula (Ctrl+Shift+Enter; no cm="1"): it fills its range (arrayRef, else its cell) and no more. */
  cse?: boolean;
  /** The first cell of a what-if data table: <f t="dataTable">'s attributes (its range, inputs and kind). */
  dataTable?: { ref?: string; dt2D?: boolean; dtr?: boolean; r1?: string; r2?: string; del1?: boolean; del2?: boolean };
}

export interface BookSheet {
  name: string;
  forEachCell(fn: (cell: BookCell) => void): void;
  /** A1 rectangles. */
  merges: string[];
  /** Column / row index -> pixels. */
  colWidths: Record<string, number>;
  rowHeights: Record<string, number>;
  frozen?: { rows: number; cols: number };
  showGridlines?: false;
  print?: SheetPrint;
  /** Conditional formats as rules, in priority order. */
  rules?: RuleSpec[];
  /** Data-validation rules. */
  validations?: ValidationSpec[];
  /** Cell notes (Excel's comments part), by cell. */
  notes?: { row: number; col: number; text: string; author?: string }[];
  /** Pictures placed on the sheet. */
  images?: BookImage[];
  /** Charts drawn on the sheet. */
  charts?: BookChart[];
  /** Hyperlinks, by cell. */
  links?: { row: number; col: number; url?: string; location?: string; tooltip?: string }[];
  tabColor?: string;
  visibility?: 'hidden' | 'very_hidden';
  /** Whole-column and whole-row formats by index. */
  colStyles?: Record<string, Style>;
  rowStyles?: Record<string, Style>;
  defaultColWidth?: number;
  defaultRowHeight?: number;
  /** The sheet's XML around its cells (xlsx only), for the areas that read their own part (AreaXlsx). */
  part?: XlsxSheetPart;
}

/** A defined name as the file stores it. */
export interface BookName {
  name: string;
  /** What it refers to, without a leading '=' (Sheet1!$A$1:$B$9, 0.2, a formula). */
  refersTo: string;
  /** The sheet of a sheet-scoped name; absent for workbook scope. */
  sheet?: string;
}

// BookTable belongs to the table reader (xlsx-tables.ts), which book.ts imports nothing back from.
export type { BookTable } from './xlsx-tables.ts';

export interface Book {
  sheets: BookSheet[];
  /** Excel tables, for structured references in formulas. */
  tables?: BookTable[];
  /** Defined names (Excel's named ranges), built-in ones (_xlnm.Print_Area, ...) left out. */
  names?: BookName[];
  /** Links to other workbooks, in the file's order (a formula's [1] is the first). */
  externalLinks?: ExternalLink[];
  warnings: string[];
  /** The file counts dates in Excel's 1904 system (workbookPr date1904); its serials are kept as written. */
  date1904?: boolean;
  /** The file computes circular references by iteration (<calcPr iterate="1">), with these limits. */
  iteration?: Iteration;
  /** The workbook part's <workbookProtection> attributes as written (kept and exported, not enforced). */
  workbookProtection?: Record<string, string>;
  /** The colours of the file's theme by Excel's theme index (RRGGBB), which its styles' theme references name. */
  themeColors?: string[];
}

const MS_PER_DAY = 86_400_000;

/**
 * A Date read from a file back to the file's serial. Readers build Dates from Excel serials by
 * counting from 1899-12-30, which is Excel's count from March 1900 on; the serials below 61 come back
 * as the same numbers too, and our serials are Excel's (29 February 1900 is 60, docs/formats.md).
 */
export function dateToSerial(d: Date): number {
  return d.getTime() / MS_PER_DAY + 25_569;
}

/**
 * Excel's column width (`<col width>`, in characters of the default font's widest digit, 7 px for
 * Calibri 11, its 5 px of padding included) <-> pixels, by the rule of the file format's spec
 * (ECMA-376 §18.3.1.13): 9.140625 is Excel's default 64 px column, 30.7109375 a 215 px one.
 */
export const charsToPx = (w: number) => Math.floor(((256 * w + Math.floor(128 / 7)) / 256) * 7);
export const pxToChars = (px: number) => Math.max(0, Math.floor((px / 7) * 256) / 256);
/** Row heights: points <-> pixels at 96 dpi. */
export const ptToPx = (pt: number) => Math.round((pt * 4) / 3);
export const pxToPt = (px: number) => (px * 3) / 4;
