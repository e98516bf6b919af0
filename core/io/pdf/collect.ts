// A snapshot of what one sheet prints, taken while the file is open (its lock held), so drawing
// the pages can run after the lock is released: displayed texts with the style a person sees
// (table style under own, row or column style, conditional-format overlay), merges, and charts with their series.
import type { Rect } from '../../a1.ts';
import type { OpContext } from '../../context.ts';
import { throwIfCancelled, yieldToEventLoop } from '../../progress.ts';
import { resolveCharts } from '../../charts/layout.ts';
import type { ChartPlacement } from '../../charts/layout.ts';
import type { ResolvedChart } from '../../charts/resolve.ts';
import { formatTextColor } from '../../workbook/display.ts';
import { hasContent } from '../../workbook/cell.ts';
import { collectDecorations, collectOverlay, collectUnderlay, underCell, type CellDecoration } from '../../workbook/overlays.ts';
import { mergeRects } from '../../workbook/merges.ts';
import { effectiveStyle } from '../../workbook/read.ts';
import type { SheetModel } from '../../workbook/sheet.ts';
import { textCell, type TextCell } from '../../layout/cells.ts';
import type { Workbook } from '../../workbook/workbook.ts';
import { cellKey } from './geometry.ts';
import { checkPngData, decodePngRaster, jpegSize, type Raster, type RasterBudget } from './rasters.ts';

export interface PrintCell extends TextCell {
  /** An empty cell drawn for its fill or borders: text flows over it. */
  blank?: true;
  /** A data bar or icon (conditional formats); its value may be hidden. */
  decoration?: CellDecoration;
  /** Colour from the number format (a red negative), below an explicit text colour. */
  formatColor?: string;
}

export interface PrintChart {
  name: string;
  at: ChartPlacement;
  chart: ResolvedChart;
  /** A picture that replaces the drawing (chartImages), or 'frame' when over the raster budget. */
  image?: Raster | 'frame';
}

/** A picture placed on the sheet (core/images), ready to draw: PNG or JPEG bytes proven whole, or a frame. */
export interface PrintImage {
  name: string;
  at: { x: number; y: number; width: number; height: number };
  /** The bytes pdfkit reads; none: a frame with the name (GIF, over the raster budget, or corrupt). */
  bytes?: Buffer;
}

export interface Merges {
  /** Anchor cell key -> merged rectangle. */
  anchors: Map<number, Rect>;
  /** Every covered cell key (not the anchor) -> its merge's anchor key. */
  covered: Map<number, number>;
}

export interface Snapshot {
  cells: Map<number, PrintCell>;
  merges: Merges;
  charts: PrintChart[];
  images: PrintImage[];
}

/** The sheet's pictures in sheet pixels, each checked and counted against the raster budget. */
export function snapshotImages(sheet: SheetModel, colOffset: (c: number) => number, rowOffset: (r: number) => number, budget: RasterBudget): PrintImage[] {
  return (sheet.meta.images ?? []).map((im) => {
    const at = { x: colOffset(im.anchor.col) + im.dx, y: rowOffset(im.anchor.row) + im.dy, width: im.width, height: im.height };
    const name = im.name ?? 'picture';
    try {
      if (im.type === 'png') {
        const raster = decodePngRaster('image', im.data);
        if (!budget.take(raster)) return { name, at };
        checkPngData('image', raster);
        return { name, at, bytes: raster.png };
      }
      if (im.type === 'jpeg') {
        const bytes = Buffer.from(im.data, 'base64');
        const size = jpegSize(bytes);
        if (!size || !budget.take({ ...size, png: bytes, depth: 8, colorType: 2, interlace: 0 })) return { name, at };
        return { name, at, bytes };
      }
    } catch {
      // A picture whose data is broken prints as a frame, as one over the budget does.
    }
    return { name, at };
  });
}

export function mergesOf(sheet: SheetModel): Merges {
  const anchors = new Map<number, Rect>();
  const covered = new Map<number, number>();
  for (const r of mergeRects(sheet)) {
    const anchor = cellKey(r.r0, r.c0);
    anchors.set(anchor, r);
    for (let i = r.r0; i <= r.r1; i++) for (let j = r.c0; j <= r.c1; j++) if (i !== r.r0 || j !== r.c0) covered.set(cellKey(i, j), anchor);
  }
  return { anchors, covered };
}

/** Cells of the given rectangles (print area and repeated titles); empty unstyled cells are left out. */
export async function snapshotCells(ctx: Pick<OpContext, 'signal'>, wb: Workbook, sheet: SheetModel, rects: Rect[]): Promise<Map<number, PrintCell>> {
  const out = new Map<number, PrintCell>();
  let lastYield = performance.now();
  for (const rect of rects) {
    await wb.load(sheet, rect);
    const underlay = await collectUnderlay(wb, sheet, rect);
    const overlay = await collectOverlay(wb, sheet, rect);
    const decorations = await collectDecorations(wb, sheet, rect);
    for (let r = rect.r0; r <= rect.r1; r++) {
      // A big area takes seconds: let other requests (and a cancellation) through meanwhile.
      if ((r & 63) === 0 && performance.now() - lastYield > 10) {
        await yieldToEventLoop();
        throwIfCancelled(ctx);
        lastYield = performance.now();
      }
      for (let c = rect.c0; c <= rect.c1; c++) {
        const key = cellKey(r, c);
        if (out.has(key)) continue;
        const cell = sheet.get(r, c);
        let style = underCell(effectiveStyle(sheet, wb.styles, r, c, cell), underlay?.(r, c));
        const patch = overlay?.(r, c);
        if (patch) style = { ...style, ...patch };
        const empty = !hasContent(cell);
        if (empty && !style.fill_color && !style.fill_pattern && !style.fill_gradient && !style.border_top && !style.border_bottom && !style.border_left && !style.border_right && !style.border_diagonal_up && !style.border_diagonal_down) continue;
        const pc: PrintCell = empty ? { text: '', kind: 't', style, blank: true } : textCell(cell, style, sheet.meta);
        const decoration = empty ? undefined : decorations?.(r, c);
        if (decoration) {
          pc.decoration = decoration;
          if (decoration.hideValue) pc.text = '';
        }
        const color = empty ? undefined : formatTextColor(cell, style);
        if (color) pc.formatColor = color;
        out.set(key, pc);
      }
    }
  }
  return out;
}

/** Charts anchored on the sheet, with the pictures given for them (key: sheet id, row, col). */
export async function snapshotCharts(wb: Workbook, sheet: SheetModel, images: Map<string, Raster | 'frame'>): Promise<PrintChart[]> {
  const out: PrintChart[] = [];
  for (const { chart, at } of await resolveCharts(wb, sheet)) {
    const image = images.get(`${sheet.id}!${chart.spec.anchor.row},${chart.spec.anchor.col}`);
    out.push({ name: chart.spec.name, at, chart, ...(image ? { image } : {}) });
  }
  return out;
}
