// Data bars and icons of conditional formats on a page: bars over the cell's fill (fading to white
// when the rule says gradient, with their border), icons at the cell's left edge, drawn from the
// same 16 x 16 paths the viewer uses.
import { blockCells, rectBox, type Block } from './block.ts';
import { color } from './draw-grid.ts';

export function drawBars(doc: PDFKit.PDFDocument, b: Block): void {
  const { cells } = b.sheet.snapshot;
  for (const { key, r, c, merge } of blockCells(b)) {
    const bar = cells.get(key)?.decoration?.bar;
    if (!bar) continue;
    const box = rectBox(b, merge ?? { r0: r, c0: c, r1: r, c1: c });
    const m = 2 * b.k;
    const room = box.w - 2 * m;
    const x = box.x + m + room * bar.from, w = room * (bar.to - bar.from), y = box.y + m, h = box.h - 2 * m;
    if (w <= 0 || h <= 0) continue;
    doc.save();
    if (bar.gradient) {
      const g = doc.linearGradient(x, y, x + w, y);
      g.stop(0, color(bar.color)).stop(1, '#FFFFFF');
      doc.rect(x, y, w, h).fill(g);
    } else doc.rect(x, y, w, h).fill(color(bar.color));
    if (bar.border) doc.lineWidth(0.75 * b.k).rect(x, y, w, h).stroke(color(bar.border));
    doc.restore();
  }
}

export function drawIcons(doc: PDFKit.PDFDocument, b: Block): void {
  const { cells } = b.sheet.snapshot;
  for (const { key, r, c, merge } of blockCells(b)) {
    const icon = cells.get(key)?.decoration?.icon;
    if (!icon) continue;
    const box = rectBox(b, merge ?? { r0: r, c0: c, r1: r, c1: c });
    const size = Math.min(16 * b.k, box.h - 2 * b.k, box.w - 2 * b.k);
    if (size <= 0) continue;
    doc.save();
    doc.rect(box.x, box.y, box.w, box.h).clip();
    doc.translate(box.x + 2 * b.k, box.y + box.h - size - b.k).scale(size / 16);
    for (const p of icon) {
      doc.path(p.d);
      if (p.fill && p.stroke) doc.lineWidth(p.width ?? 1).fillAndStroke(color(p.fill), color(p.stroke));
      else if (p.fill) doc.fill(color(p.fill));
      else if (p.stroke) doc.lineWidth(p.width ?? 1).lineCap('round').lineJoin('round').stroke(color(p.stroke));
    }
    doc.restore();
  }
}
