// Seams for the read-only viewer (rest/viewer/): areas that draw on a sheet register here instead
// of editing the viewer. Conditional formats add a style on top of a cell's own; charts (and any
// other drawing) add an SVG anchored at a cell. The viewer's CSP allows no inline style
// attributes or scripts, so SVGs must use presentation attributes (fill="#..."), never style="".
import type { Style } from './workbook/style.ts';
import type { SheetModel } from './workbook/sheet.ts';
import type { Workbook } from './workbook/workbook.ts';

/** Returns the style patch for a cell (row, col zero-based), or undefined. Called once per sheet. */
export type CellOverlay = (wb: Workbook, sheet: SheetModel) => Promise<((row: number, col: number) => Partial<Style> | undefined) | undefined> | ((row: number, col: number) => Partial<Style> | undefined) | undefined;

export interface SheetGraphic {
  /** Top-left cell, zero-based. */
  row: number;
  col: number;
  width: number;
  height: number;
  /** A complete <svg> element; every text in it escaped by its producer. */
  svg: string;
  title?: string;
}

export type GraphicsSource = (wb: Workbook, sheet: SheetModel) => SheetGraphic[] | Promise<SheetGraphic[]>;

export const viewSeams: { overlays: CellOverlay[]; graphics: GraphicsSource[] } = { overlays: [], graphics: [] };

export function registerCellOverlay(fn: CellOverlay): void {
  viewSeams.overlays.push(fn);
}

export function registerGraphics(fn: GraphicsSource): void {
  viewSeams.graphics.push(fn);
}
