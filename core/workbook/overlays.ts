// Seam for style layers drawn over cells without being their format (conditional-format rules), and
// under them (table styles: the cell's own format wins field by field).
// The area that owns the rules brings an overlay (WorkbookArea.overlay); read_formats applies them only when
// asked (readFormatRuns(..., { overlays: true })), so stored formats and shown formats stay distinct.
import type { Rect } from '../a1.ts';
import type { SheetModel } from './sheet.ts';
import type { Style } from './style.ts';
import type { Workbook } from './workbook.ts';

/** For one cell: the fields shown on top of its own style, or undefined when no rule applies. */
export type CellOverlay = (row: number, col: number) => Partial<Style> | undefined;

/**
 * Prepares an overlay for one rectangle (evaluate rule conditions once per read); undefined when
 * nothing on this sheet can apply. The rect's tiles are loaded.
 */
export type StyleOverlay = (wb: Workbook, sheet: SheetModel, rect: Rect) => CellOverlay | undefined | Promise<CellOverlay | undefined>;

/** Drawn inside a cell besides its text (conditional formats' data bars and icons). */
export interface CellDecoration {
  /** A bar from `from` to `to` (0..1 of the cell's width, from the left). */
  bar?: { from: number; to: number; color: string; gradient: boolean; border?: string };
  /** An icon at the cell's left, as SVG paths in a 16 x 16 box. */
  icon?: { d: string; fill?: string; stroke?: string; width?: number }[];
  /** The value is not shown (only the bar or icon). */
  hideValue?: true;
}

export type CellDecorations = (row: number, col: number) => CellDecoration | undefined;

/** Prepares the decorations of one rectangle (its tiles loaded); undefined when none can apply. */
export type DecorationLayer = (wb: Workbook, sheet: SheetModel, rect: Rect) => CellDecorations | undefined | Promise<CellDecorations | undefined>;

type Layer<T> = (row: number, col: number) => T | undefined;

/**
 * One layer per area for a rect, merged into one: on the same cell the later area's fields win
 * (`laterWins`), or the first area's.
 */
async function collect<T extends object>(wb: Workbook, sheet: SheetModel, rect: Rect, layerOf: (area: Workbook['areas'][number]) => ((wb: Workbook, sheet: SheetModel, rect: Rect) => Layer<T> | undefined | Promise<Layer<T> | undefined>) | undefined, laterWins: boolean): Promise<Layer<T> | undefined> {
  const parts: Layer<T>[] = [];
  for (const area of wb.areas) {
    const part = await layerOf(area)?.(wb, sheet, rect);
    if (part) parts.push(part);
  }
  if (parts.length <= 1) return parts[0];
  return (row, col) => {
    let out: T | undefined;
    for (const p of parts) {
      const o = p(row, col);
      if (o) out = laterWins ? { ...out, ...o } : { ...o, ...out };
    }
    return out;
  };
}

/** The overlays of the workbook's areas for a rect, merged into one (later areas win on the same field). */
export function collectOverlay(wb: Workbook, sheet: SheetModel, rect: Rect): Promise<CellOverlay | undefined> {
  return collect(wb, sheet, rect, (area) => area.overlay, true);
}

/** The underlays of the workbook's areas for a rect (table styles), merged as overlays are. */
export function collectUnderlay(wb: Workbook, sheet: SheetModel, rect: Rect): Promise<CellOverlay | undefined> {
  return collect(wb, sheet, rect, (area) => area.underlay, true);
}

/** A cell's own format over an underlay's (its table's): the underlay's fill shows only where the cell has none, and so on per field and border side. */
export function underCell(own: Style, under: Partial<Style> | undefined): Style {
  if (!under) return own;
  const out: Style = { ...own };
  const ownFill = own.fill_color || own.fill_pattern || own.fill_gradient;
  for (const [k, v] of Object.entries(under) as [keyof Style, never][]) {
    if (v === undefined || out[k] !== undefined) continue;
    if (k === 'fill_color' && ownFill) continue;
    out[k] = v;
  }
  return out;
}

/** The decorations of the workbook's areas for a rect (the first area's bar or icon wins). */
export function collectDecorations(wb: Workbook, sheet: SheetModel, rect: Rect): Promise<CellDecorations | undefined> {
  return collect(wb, sheet, rect, (area) => area.decorations, false);
}
