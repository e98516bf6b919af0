// What a write changed beyond the cells it named, for its reply: formulas elsewhere that now show
// another value, spills it created or blocked, and code cells it queued to run again. An agent
// that edits an input learns at once which totals moved and which code results are stale.
import { z } from 'zod';
import { cellToA1, qualified, rectToA1, type Rect } from '../a1.ts';
import { isRich, type Cell } from './cell.ts';
import { displayCell } from './display.ts';
import { effectiveStyle } from './read.ts';
import { TypedValueOut, typedCell, type TypedValue } from './typed-value.ts';
import type { SheetModel } from './sheet.ts';
import type { Workbook } from './workbook.ts';

/** Cells listed by name in a reply; the rest are counted. */
const LISTED = 10;

export const EffectsOut = z
  .object({
    recalculated: z
      .object({ count: z.number().int(), cells: z.array(z.object({ cell: z.string(), value: z.string(), typed: TypedValueOut })).describe(`The first ${LISTED}: value as displayed, typed beside it.`) })
      .optional()
      .describe('Formula cells outside the write whose value changed.'),
    spills: z.array(z.object({ cell: z.string(), range: z.string().optional(), blocked: z.boolean().optional() })).optional().describe('Formulas whose spill this write created or blocked (#SPILL!).'),
    code_requeued: z.array(z.object({ cell: z.string(), task_id: z.string() })).optional().describe('Code cells queued to run again; their old results are stale until then (wait_task).'),
  })
  .describe('What else the write changed; absent when nothing did.');

export type Effects = z.infer<typeof EffectsOut>;

const key = (sheetId: string, row: number, col: number) => `${sheetId}\u0000${row}\u0000${col}`;

/** Collected during one write: formula cells the engine gave a new value, and the blocks the op wrote itself. */
export class EffectLog {
  private readonly formulas = new Map<string, { sheetId: string; row: number; col: number; wasBlocked: boolean }>();
  private readonly written: { sheetId: string; rect: Rect }[] = [];

  reset(): void {
    this.formulas.clear();
    this.written.length = 0;
  }

  /** A formula's value changed; `wasBlocked`: it showed #SPILL! before (first report of the write wins). */
  formulaChanged(sheetId: string, row: number, col: number, wasBlocked: boolean): void {
    const k = key(sheetId, row, col);
    if (this.formulas.size < 100_000 && !this.formulas.has(k)) this.formulas.set(k, { sheetId, row, col, wasBlocked });
  }

  wrote(sheetId: string, rect: Rect): void {
    // Many small writes (a batch of thousands) collapse into one box per sheet: the check stays
    // cheap, at the price of counting fewer recalculated cells inside that box.
    if (this.written.length >= 64) {
      const box = this.written.find((w) => w.sheetId === sheetId);
      if (box) {
        box.rect = { r0: Math.min(box.rect.r0, rect.r0), c0: Math.min(box.rect.c0, rect.c0), r1: Math.max(box.rect.r1, rect.r1), c1: Math.max(box.rect.c1, rect.c1) };
        return;
      }
    }
    this.written.push({ sheetId, rect });
  }

  private ownWrite(sheetId: string, row: number, col: number): boolean {
    return this.written.some((w) => w.sheetId === sheetId && row >= w.rect.r0 && row <= w.rect.r1 && col >= w.rect.c0 && col <= w.rect.c1);
  }

  /** The reply's `effects`, or undefined when the write changed nothing beyond itself. */
  summary(wb: Workbook, requeued: { label: string; id: string }[]): Effects | undefined {
    const multi = wb.sheets.length > 1;
    const name = (sheet: SheetModel, a1: string) => (multi ? qualified(sheet.name, a1) : a1);
    const recalculated: { cell: string; value: string; typed: TypedValue }[] = [];
    const spills: NonNullable<Effects['spills']> = [];
    let count = 0;
    const sheets = new Map(wb.sheets.map((s) => [s.id, s]));
    for (const { sheetId, row, col, wasBlocked } of this.formulas.values()) {
      const sheet = sheets.get(sheetId);
      if (!sheet) continue;
      const cell = sheet.get(row, col);
      if (!isRich(cell) || cell.f === undefined) continue;
      const a1 = name(sheet, cellToA1({ row, col }));
      const own = this.ownWrite(sheetId, row, col);
      // A spill is news when it is new: a formula just written, or one that was blocked before.
      if (cell.e === '#SPILL!') {
        if (!wasBlocked) spills.push({ cell: a1, blocked: true });
      } else if (own || wasBlocked) {
        const range = spillRect(wb, sheet, row, col);
        if (range) spills.push({ cell: a1, range: name(sheet, rectToA1(range)) });
      }
      if (own) continue;
      count++;
      if (recalculated.length < LISTED) {
        const style = effectiveStyle(sheet, wb.styles, row, col, cell);
        recalculated.push({ cell: a1, value: cell.e ?? displayCell(cell, style, sheet.meta), typed: typedCell(cell, style, sheet.meta) });
      }
    }
    const out: Effects = {};
    if (count) out.recalculated = { count, cells: recalculated };
    if (spills.length) out.spills = spills.slice(0, LISTED);
    if (requeued.length) out.code_requeued = requeued.map((t) => ({ cell: multi ? t.label : t.label.replace(/^.*!/, ''), task_id: t.id }));
    return Object.keys(out).length ? out : undefined;
  }
}

function isArray(wb: Workbook, sheet: SheetModel, row: number, col: number): boolean {
  const engine = wb.engine;
  return engine !== undefined && engine.has(sheet) && engine.hf.isCellPartOfArray({ sheet: engine.hfId(sheet), row, col });
}

/** The rectangle the array formula at (row, col) spills into (itself included), or null when it spills nothing. */
export function spillRect(wb: Workbook, sheet: SheetModel, row: number, col: number): Rect | null {
  return isArray(wb, sheet, row, col) ? spillRange(sheet, row, col) : null;
}

/**
 * The rectangle a formula at (row, col) spills into, or null: itself and the spilled cells right
 * of and below it, grown until no spilled cell borders it, since a spilled empty value leaves a gap
 * in its own line (HSTACK of a 4-row and a 2-row range pads with #N/A beside an empty cell). A row
 * or column holding another formula is another spill's and stops the growth.
 */
export function spillRange(sheet: SheetModel, row: number, col: number): Rect | null {
  const spilled = (c: Cell) => isRich(c) && c.sp !== undefined;
  const formula = (c: Cell) => isRich(c) && c.f !== undefined;
  let r1 = row, c1 = col;
  while (c1 - col < 16_384 && spilled(sheet.get(row, c1 + 1))) c1++;
  while (r1 - row < 1_048_576 && spilled(sheet.get(r1 + 1, col))) r1++;
  const line = (cells: Cell[]) => cells.some(spilled) && !cells.some(formula);
  for (let grew = true; grew; ) {
    grew = false;
    const below: Cell[] = [], right: Cell[] = [];
    for (let c = col; c <= c1; c++) below.push(sheet.get(r1 + 1, c));
    if (r1 - row < 1_048_576 && line(below)) {
      r1++;
      grew = true;
    }
    for (let r = row; r <= r1; r++) right.push(sheet.get(r, c1 + 1));
    if (c1 - col < 16_384 && line(right)) {
      c1++;
      grew = true;
    }
  }
  return r1 === row && c1 === col ? null : { r0: row, c0: col, r1, c1 };
}
