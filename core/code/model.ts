// Code cells as they live in sheet meta (`meta.code_cells`): the code, where it is anchored, the
// state of its last run, the rectangle its result occupies, and the ranges it read (the edges
// that make it rerun when those cells change).
import { cellToA1, qualified, rectToA1, type Rect } from '../a1.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** Code cells anchored on this sheet. */
    code_cells?: CodeCell[];
  }
}

export type Language = 'python' | 'javascript' | 'connection';
export const LANGUAGES: readonly Language[] = ['python', 'javascript', 'connection'];

/** A range the code read; r1/c1 null = open-ended (whole columns or rows). */
export interface ReadEdge {
  sheet_id: string;
  r0: number;
  c0: number;
  r1: number | null;
  c1: number | null;
}

export interface CodeCell {
  id: string;
  row: number;
  col: number;
  language: Language;
  code: string;
  connection_id?: string;
  /** queued = a task is pending or running (the task row tells which); done/error = last run's outcome. */
  status: 'queued' | 'done' | 'error';
  task_id: string;
  output?: string;
  error?: string;
  traceback?: string;
  /** Rectangle the last result occupies (anchor included). */
  spill?: Rect;
  reads?: ReadEdge[];
  updated: string;
  ran_at?: string;
  duration_ms?: number;
}

export function codeCells(sheet: SheetModel): CodeCell[] {
  return (sheet.meta.code_cells as CodeCell[] | undefined) ?? [];
}

export function setCodeCells(sheet: SheetModel, list: CodeCell[]): void {
  if (list.length) sheet.meta.code_cells = list;
  else delete sheet.meta.code_cells;
}

export function codeCellAt(sheet: SheetModel, row: number, col: number): CodeCell | undefined {
  return codeCells(sheet).find((c) => c.row === row && c.col === col);
}

export function findCodeCell(wb: Workbook, sheetId: string, cellId: string): { sheet: SheetModel; cc: CodeCell } | undefined {
  const sheet = wb.sheets.find((s) => s.id === sheetId);
  const cc = sheet && codeCells(sheet).find((c) => c.id === cellId);
  return sheet && cc ? { sheet, cc } : undefined;
}

export function* allCodeCells(wb: Workbook): Generator<{ sheet: SheetModel; cc: CodeCell }> {
  for (const sheet of wb.sheets) for (const cc of codeCells(sheet)) yield { sheet, cc };
}

export function anchorA1(cc: CodeCell): string {
  return cellToA1({ row: cc.row, col: cc.col });
}

export function edgeRect(e: ReadEdge): Rect {
  return { r0: e.r0, c0: e.c0, r1: e.r1 ?? Infinity, c1: e.c1 ?? Infinity };
}

/** A read edge as A1 text, qualified with the sheet name when it is not `from`. */
export function edgeA1(wb: Workbook, e: ReadEdge, from?: SheetModel): string {
  const sheet = wb.sheets.find((s) => s.id === e.sheet_id);
  const a1 = edgeText(e);
  if (!sheet) return `#REF!${a1}`;
  return sheet === from ? a1 : qualified(sheet.name, a1);
}

function edgeText(e: ReadEdge): string {
  if (e.r1 === null) return `${colLetters(e.c0)}:${colLetters(e.c1 ?? e.c0)}`;
  if (e.c1 === null) return `${e.r0 + 1}:${e.r1 + 1}`;
  return rectToA1({ r0: e.r0, c0: e.c0, r1: e.r1, c1: e.c1 });
}

function colLetters(c: number): string {
  return cellToA1({ row: 0, col: c }).replace(/\d+$/, '');
}
