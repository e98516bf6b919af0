// Seam for the read-only viewer (rest/viewer/): areas that draw on a sheet (charts) register an
// SVG anchored at a cell here instead of editing the viewer. Styles drawn over cells (conditional
// formats) come from the style overlays of core/workbook/overlays.ts, as in read_formats. The viewer's CSP allows no inline style
// attributes or scripts, so SVGs must use presentation attributes (fill="#..."), never style="".
import type { SheetModel } from './workbook/sheet.ts';
import type { Workbook } from './workbook/workbook.ts';

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

export const viewSeams: { graphics: GraphicsSource[] } = { graphics: [] };

export function registerGraphics(fn: GraphicsSource): void {
  viewSeams.graphics.push(fn);
}
