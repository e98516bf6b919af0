// Gridlines, fills and borders of a block. Order matters as on screen: gridlines first, fills
// over them (a filled cell hides its gridlines), borders over fills, texts last (draw-text.ts).
import { shownFill, type Style, type Border } from '../../workbook/style.ts';
import { blockCells, rectBox, type Block, type Box } from './block.ts';
import { cellKey } from './geometry.ts';

const GRID_COLOR = '#C8C8C8';

function sameMerge(b: Block, r1: number, c1: number, r2: number, c2: number): boolean {
  const { anchors, covered } = b.sheet.snapshot.merges;
  const a1 = covered.get(cellKey(r1, c1)) ?? (anchors.has(cellKey(r1, c1)) ? cellKey(r1, c1) : undefined);
  if (a1 === undefined) return false;
  const a2 = covered.get(cellKey(r2, c2)) ?? (anchors.has(cellKey(r2, c2)) ? cellKey(r2, c2) : undefined);
  return a1 === a2;
}

/** Gridlines around every cell of the block, not through merged cells; one path, one stroke. */
export function drawGridlines(doc: PDFKit.PDFDocument, b: Block): void {
  const hasMerges = b.sheet.snapshot.merges.anchors.size > 0;
  const left = b.xs[0]!, right = b.xs[b.xs.length - 1]!, top = b.ys[0]!, bottom = b.ys[b.ys.length - 1]!;
  for (let i = 0; i < b.ys.length; i++) {
    const y = b.ys[i]!, r = b.r0 + i;
    if (!hasMerges || i === 0 || i === b.ys.length - 1) {
      doc.moveTo(left, y).lineTo(right, y);
      continue;
    }
    let start: number | undefined;
    for (let j = 0; j <= b.c1 - b.c0; j++) {
      const inside = sameMerge(b, r - 1, b.c0 + j, r, b.c0 + j);
      if (!inside && start === undefined) start = b.xs[j]!;
      if (inside && start !== undefined) {
        doc.moveTo(start, y).lineTo(b.xs[j]!, y);
        start = undefined;
      }
    }
    if (start !== undefined) doc.moveTo(start, y).lineTo(right, y);
  }
  for (let j = 0; j < b.xs.length; j++) {
    const x = b.xs[j]!, c = b.c0 + j;
    if (!hasMerges || j === 0 || j === b.xs.length - 1) {
      doc.moveTo(x, top).lineTo(x, bottom);
      continue;
    }
    let start: number | undefined;
    for (let i = 0; i <= b.r1 - b.r0; i++) {
      const inside = sameMerge(b, b.r0 + i, c - 1, b.r0 + i, c);
      if (!inside && start === undefined) start = b.ys[i]!;
      if (inside && start !== undefined) {
        doc.moveTo(x, start).lineTo(x, b.ys[i]!);
        start = undefined;
      }
    }
    if (start !== undefined) doc.moveTo(x, start).lineTo(x, bottom);
  }
  doc.lineWidth(Math.max(0.25, 0.5 * b.k)).strokeColor(GRID_COLOR).stroke();
}

export function drawFills(doc: PDFKit.PDFDocument, b: Block): void {
  const { cells } = b.sheet.snapshot;
  for (const { key, r, c, merge } of blockCells(b)) {
    const style = cells.get(key)?.style;
    const fill = style ? shownFill(style) : undefined;
    if (!fill) continue;
    const box = rectBox(b, merge ?? { r0: r, c0: c, r1: r, c1: c });
    doc.rect(box.x, box.y, box.w, box.h).fill(color(fill));
  }
}

/** #RRGGBB of a #RRGGBB or #RRGGBBAA colour (pdfkit takes six digits). */
export function color(c: string): string {
  return c.length > 7 ? c.slice(0, 7) : c;
}

/**
 * Width and dash pattern (on, off, ...) of each line in sheet pixels, as Excel draws them at 100 %
 * (thin 1 px, medium 2, thick 3; dots and dashes of its own lengths); scaled with the page.
 */
const LINES: Record<Border['line'], { width: number; dash?: number[] }> = {
  line1: { width: 1 }, line2: { width: 2 }, line3: { width: 3 }, double: { width: 1 },
  dotted: { width: 1, dash: [1, 1] }, dashed: { width: 1, dash: [3, 1] }, hair: { width: 0.5, dash: [1, 1] },
  medium_dashed: { width: 2, dash: [9, 3] }, dash_dot: { width: 1, dash: [9, 3, 3, 3] }, medium_dash_dot: { width: 2, dash: [9, 3, 3, 3] },
  dash_dot_dot: { width: 1, dash: [9, 3, 3, 3, 3, 3] }, medium_dash_dot_dot: { width: 2, dash: [9, 3, 3, 3, 3, 3] }, slant_dash_dot: { width: 2, dash: [11, 1, 5, 1] },
};

function line(doc: PDFKit.PDFDocument, border: Border, x1: number, y1: number, x2: number, y2: number, horizontal: boolean, k: number): void {
  const kind = LINES[border.line] ?? LINES.line1;
  doc.save();
  doc.lineWidth(kind.width * k).strokeColor(color(border.color));
  if (kind.dash) doc.dash(kind.dash[0]! * k, { space: kind.dash[1]! * k });
  if (border.line === 'double') {
    const dx = horizontal ? 0 : k, dy = horizontal ? k : 0;
    doc.moveTo(x1 - dx, y1 - dy).lineTo(x2 - dx, y2 - dy).moveTo(x1 + dx, y1 + dy).lineTo(x2 + dx, y2 + dy).stroke();
  } else doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
  doc.restore();
}

export function drawBorders(doc: PDFKit.PDFDocument, b: Block): void {
  const { cells } = b.sheet.snapshot;
  for (const { key, r, c, merge } of blockCells(b)) {
    const s: Style | undefined = cells.get(key)?.style;
    if (!s || !(s.border_top || s.border_bottom || s.border_left || s.border_right || s.border_diagonal_up || s.border_diagonal_down)) continue;
    const box: Box = rectBox(b, merge ?? { r0: r, c0: c, r1: r, c1: c });
    const x2 = box.x + box.w, y2 = box.y + box.h;
    if (s.border_top) line(doc, s.border_top, box.x, box.y, x2, box.y, true, b.k);
    if (s.border_bottom) line(doc, s.border_bottom, box.x, y2, x2, y2, true, b.k);
    if (s.border_left) line(doc, s.border_left, box.x, box.y, box.x, y2, false, b.k);
    if (s.border_right) line(doc, s.border_right, x2, box.y, x2, y2, false, b.k);
    if (s.border_diagonal_up) line(doc, s.border_diagonal_up, box.x, y2, x2, box.y, false, b.k);
    if (s.border_diagonal_down) line(doc, s.border_diagonal_down, box.x, box.y, x2, y2, false, b.k);
  }
}
