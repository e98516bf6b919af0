// cell("A1") / cells("A1:C10") for running code: resolves the reference against the code cell's
// sheet (or the sheet it names), reads the values and records the range as a dependency edge.
import { A1Error, parseRange, resolveRect } from '../a1.ts';
import { effectiveStyle } from '../workbook/read.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import type { ReadEdge } from './model.ts';
import type { WireScalar } from './sandbox/types.ts';
import { toWire } from './wire.ts';

export class ReadError extends Error {}

export async function readForCode(wb: Workbook, home: SheetModel, ref: string, single: boolean, maxCells: number): Promise<{ values: WireScalar[][]; edge: ReadEdge }> {
  let parsed;
  try {
    parsed = parseRange(ref);
  } catch (err) {
    if (err instanceof A1Error) throw new ReadError(`${single ? 'cell' : 'cells'}("${ref}"): ${err.message}`);
    throw err;
  }
  const sheet = parsed.sheet === undefined ? home : wb.findSheet(parsed.sheet);
  if (!sheet) throw new ReadError(`cells("${ref}"): no sheet named '${parsed.sheet}'; sheets are: ${wb.sheets.map((s) => `'${s.name}'`).join(', ')}`);
  const rect = resolveRect(parsed.rect, sheet.usedExtent());
  if (single && (rect.r0 !== rect.r1 || rect.c0 !== rect.c1 || parsed.kind !== 'cells')) {
    throw new ReadError(`cell("${ref}") takes one cell like "A1"; use cells("${ref}") for a range`);
  }
  const count = (rect.r1 - rect.r0 + 1) * (rect.c1 - rect.c0 + 1);
  if (count > maxCells) throw new ReadError(`cells("${ref}") covers ${count} cells; at most ${maxCells} can be read at once`);
  await wb.load(sheet, rect);
  const values: WireScalar[][] = [];
  for (let r = rect.r0; r <= rect.r1; r++) {
    const row: WireScalar[] = [];
    for (let c = rect.c0; c <= rect.c1; c++) {
      const cell = sheet.get(r, c);
      row.push(cell === null || cell === undefined ? null : toWire(cell, effectiveStyle(sheet, wb.styles, r, c, cell)));
    }
    values.push(row);
  }
  const edge: ReadEdge = { sheet_id: sheet.id, r0: rect.r0, c0: rect.c0, r1: parsed.kind === 'cols' ? null : rect.r1, c1: parsed.kind === 'rows' ? null : rect.c1 };
  return { values, edge };
}

/** Keeps one edge per distinct range, so a loop over cell() does not grow the list without end. */
export function addEdge(edges: ReadEdge[], e: ReadEdge, max = 200): void {
  if (edges.some((x) => x.sheet_id === e.sheet_id && x.r0 === e.r0 && x.c0 === e.c0 && x.r1 === e.r1 && x.c1 === e.c1)) return;
  if (edges.length < max) {
    edges.push(e);
    return;
  }
  // Past the cap, widen the last edge on the same sheet to cover the new one.
  const last = [...edges].reverse().find((x) => x.sheet_id === e.sheet_id) ?? edges[edges.length - 1]!;
  if (last.sheet_id !== e.sheet_id) return;
  last.r0 = Math.min(last.r0, e.r0);
  last.c0 = Math.min(last.c0, e.c0);
  last.r1 = last.r1 === null || e.r1 === null ? null : Math.max(last.r1, e.r1);
  last.c1 = last.c1 === null || e.c1 === null ? null : Math.max(last.c1, e.c1);
}
