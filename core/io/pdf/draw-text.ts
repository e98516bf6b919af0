// Cell texts as a spreadsheet prints them: numbers right, text left, booleans and errors centred
// unless aligned; bottom by default; wrap inside the cell, clip at its edges, or (the default for
// text) overflow into empty neighbours; numbers never overflow. Font, size, bold, italic,
// underline, strikethrough and colour from the style; sizes scale with the page.
import { blockCells, colX, rectBox, type Block, type Box } from './block.ts';
import type { PrintCell } from './collect.ts';
import { color } from './draw-grid.ts';
import { useFont } from './fonts.ts';
import { cellKey } from './geometry.ts';

const PAD_PX = 3;
const DEFAULT_SIZE = 10;

function alignOf(pc: PrintCell): 'left' | 'center' | 'right' {
  const a = pc.style.align;
  if (a === 'left' || a === 'center' || a === 'right') return a;
  if (a === 'center_continuous') return 'center';
  if (a) return 'left'; // justify, fill, distributed: from the left edge
  return pc.kind === 'n' ? 'right' : pc.kind === 't' ? 'left' : 'center';
}

function isEmpty(b: Block, r: number, c: number): boolean {
  const key = cellKey(r, c);
  const { cells, merges } = b.sheet.snapshot;
  return !cells.get(key)?.text && !merges.covered.has(key) && !merges.anchors.has(key);
}

/** How far a text may run: the cell, widened over empty neighbours (within the block) until it fits. */
function overflowBox(b: Block, r: number, c: number, box: Box, need: number, align: 'left' | 'center' | 'right'): Box {
  let x0 = box.x, x1 = box.x + box.w;
  let lc = c, rc = c;
  const grow = () => x1 - x0 < need;
  while (grow()) {
    const canRight = align !== 'right' && rc < b.c1 && isEmpty(b, r, rc + 1);
    const canLeft = align !== 'left' && lc > b.c0 && isEmpty(b, r, lc - 1);
    if (!canRight && !canLeft) break;
    if (canRight) x1 = colX(b, ++rc + 1);
    if (canLeft && grow()) x0 = colX(b, --lc);
  }
  return { x: x0, y: box.y, w: x1 - x0, h: box.h };
}

export function drawTexts(doc: PDFKit.PDFDocument, b: Block, scale: number): void {
  const { cells } = b.sheet.snapshot;
  const pad = PAD_PX * b.k;
  let font = '', size = -1, fill = '';
  for (const { key, r, c, merge } of blockCells(b)) {
    const pc = cells.get(key);
    if (!pc || !pc.text) continue;
    const s = pc.style;
    const name = useFontCached(doc, s, font);
    font = name;
    const pt = (s.font_size ?? DEFAULT_SIZE) * scale;
    if (pt !== size) doc.fontSize((size = pt));
    const ink = color(s.text_color ?? pc.formatColor ?? '#000000');
    if (ink !== fill) doc.fillColor((fill = ink));
    const box = rectBox(b, merge ?? { r0: r, c0: c, r1: r, c1: c });
    const align = alignOf(pc);
    const deco = { underline: !!s.underline, strike: !!s.strikethrough, lineBreak: false } as const;
    if (s.wrap === 'wrap' || pc.text.includes('\n')) {
      const width = Math.max(box.w - 2 * pad, 1);
      const opts = { ...deco, width, align, lineBreak: s.wrap === 'wrap' };
      const h = doc.heightOfString(pc.text, opts);
      const y = s.vertical_align === 'top' ? box.y + pad / 2 : s.vertical_align === 'middle' ? box.y + (box.h - h) / 2 : box.y + box.h - h - pad / 2;
      const top = Math.max(y, box.y);
      doc.save().rect(box.x, box.y, box.w, box.h).clip();
      // A height keeps pdfkit from continuing a long text on a new page of its own.
      doc.text(pc.text, box.x + pad, top, { ...opts, height: Math.max(box.y + box.h - top, 1) + doc.currentLineHeight(true) });
      doc.restore();
      continue;
    }
    const tw = doc.widthOfString(pc.text);
    const lineH = doc.currentLineHeight(true);
    const y = s.vertical_align === 'top' ? box.y + pad / 2 : s.vertical_align === 'middle' ? box.y + (box.h - lineH) / 2 : box.y + box.h - lineH - pad / 4;
    let room = box;
    if (tw > box.w - 2 * pad && pc.kind === 't' && !merge && (s.wrap ?? 'overflow') === 'overflow') room = overflowBox(b, r, c, box, tw + 2 * pad, align);
    const x = align === 'left' ? box.x + pad : align === 'right' ? box.x + box.w - pad - tw : box.x + (box.w - tw) / 2;
    const clip = tw > room.w - 2 * pad || lineH > box.h;
    if (clip) doc.save().rect(room.x, room.y, room.w, room.h).clip();
    doc.text(pc.text, x, y, deco);
    if (clip) doc.restore();
  }
}

function useFontCached(doc: PDFKit.PDFDocument, s: PrintCell['style'], current: string): string {
  const want = `${s.font_family ?? ''}|${s.bold ? 1 : 0}|${s.italic ? 1 : 0}`;
  if (want === current) return current;
  useFont(doc, { family: s.font_family, bold: s.bold, italic: s.italic });
  return want;
}
