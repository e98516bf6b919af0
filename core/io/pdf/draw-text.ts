// Cell texts on a page, placed by the layout model the viewer uses too (core/layout/cells.ts):
// overflow into empty neighbours, `####` for numbers that do not fit, wrap, indent, fill;
// vertical alignment (bottom unless set) and rotation here. Font, size, bold, italic, underline,
// strikethrough and colour from the style; sizes scale with the page.
import { fontOf, lineHeightPx, measure, placeText, PAD, type Placed, type RowContext } from '../../layout/cells.ts';
import { colX, rectBox, blockCells, type Block, type Box } from './block.ts';
import type { PrintCell } from './collect.ts';
import { color } from './draw-grid.ts';
import { drawRuns } from './fonts.ts';
import { cellKey } from './geometry.ts';


function rowContext(b: Block, r: number): RowContext {
  const { cells, merges } = b.sheet.snapshot;
  return {
    width: (c) => b.sheet.layout.cols.size(c),
    blocked: (c) => {
      const key = cellKey(r, c);
      const pc = cells.get(key);
      return (!!pc && !pc.blank) || merges.covered.has(key) || merges.anchors.has(key);
    },
    first: b.c0,
    last: b.c1,
  };
}

export function drawTexts(doc: PDFKit.PDFDocument, b: Block): void {
  const { cells } = b.sheet.snapshot;
  let fill = '';
  let row: { r: number; ctx: RowContext } | undefined;
  for (const { key, r, c, merge } of blockCells(b)) {
    const pc = cells.get(key);
    if (!pc || !pc.text) continue;
    if (row?.r !== r) row = { r, ctx: rowContext(b, r) };
    const ink = color(pc.style.text_color ?? pc.formatColor ?? '#000000');
    if (ink !== fill) doc.fillColor((fill = ink));
    const placed = placeText(pc, c, row.ctx, merge ? { c1: merge.c1 } : undefined);
    const box = rectBox(b, merge ?? { r0: r, c0: c, r1: r, c1: c });
    drawPlaced(doc, b, pc, placed, box);
  }
}

function drawPlaced(doc: PDFKit.PDFDocument, b: Block, pc: PrintCell, placed: Placed, box: Box): void {
  const s = pc.style;
  const k = b.k;
  const font = fontOf(s);
  const lineH = lineHeightPx(font.pt) * k;
  const deco = { underline: s.underline, strike: s.strikethrough };
  const vTop = (h: number) => (s.vertical_align === 'top' ? box.y + k : s.vertical_align === 'middle' || s.vertical_align === 'justify' || s.vertical_align === 'distributed' ? box.y + (box.h - h) / 2 : box.y + box.h - h - k);
  // pdfkit places text by the top of its line box; the glyphs sit a little below the em box.
  const rotation = s.text_rotation ?? 0;
  if (rotation) {
    doc.save().rect(box.x, box.y, box.w, box.h).clip();
    const width = placed.width * k;
    const angle = rotation === 255 ? 0 : rotation <= 90 ? rotation : 90 - rotation;
    if (rotation === 255) {
      // Letters stacked top to bottom.
      let y = box.y + k;
      for (const ch of pc.text) {
        drawRuns(doc, ch, box.x + box.w / 2 - (font.pt * k) / 3, y, font, k, deco);
        y += lineH;
      }
    } else {
      const cx = box.x + box.w / 2, cy = box.y + box.h / 2;
      doc.rotate(-angle, { origin: [cx, cy] });
      drawRuns(doc, placed.text, cx - width / 2, cy - lineH / 2, font, k, deco);
    }
    doc.restore();
    return;
  }
  if (placed.lines) {
    const top = Math.max(vTop(placed.lines.length * lineH), box.y);
    doc.save().rect(box.x, box.y, box.w, box.h).clip();
    let y = top;
    for (const line of placed.lines) {
      if (y > box.y + box.h) break;
      const w = measure(line, s) * k;
      const x = placed.align === 'left' ? box.x + placed.x * k : placed.align === 'right' ? box.x + box.w - PAD * k - w : box.x + (box.w - w) / 2;
      drawRuns(doc, line, x, y, font, k, deco);
      y += lineH;
    }
    doc.restore();
    return;
  }
  const x0 = colX(b, placed.c0);
  const room: Box = { x: x0, y: box.y, w: colX(b, placed.c1 + 1) - x0, h: box.h };
  const clip = placed.clip || lineH > box.h;
  if (clip) doc.save().rect(room.x, room.y, room.w, room.h).clip();
  drawRuns(doc, placed.text, x0 + placed.x * k, vTop(lineH), font, k, deco);
  if (clip) doc.restore();
}
