// Charts on a block: the picture given in chartImages when there is one, a frame with the
// chart's name when the picture is over the raster budget (or unreadable), and otherwise the chart
// drawn as vector graphics from its current data, with the same scene as the PNG image op.
// A chart that crosses a page edge is drawn whole and clipped, so its parts meet across pages.
import { drawScenePdf } from '../../charts/pdf.ts';
import { buildScene } from '../../charts/scene.ts';
import { blockBox, type Block, type Box } from './block.ts';
import type { PrintChart } from './collect.ts';
import { useFont } from './fonts.ts';

type OpenedImage = { width: number; height: number };
const opened = new WeakMap<PDFKit.PDFDocument, Map<Buffer, OpenedImage | null>>();

/** A picture's bytes opened once per document, so a picture printed on several pages is embedded once. */
function openOnce(doc: PDFKit.PDFDocument, bytes: Buffer): OpenedImage | null {
  let cache = opened.get(doc);
  if (!cache) opened.set(doc, (cache = new Map()));
  if (!cache.has(bytes)) {
    let img: OpenedImage | null;
    try {
      img = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    } catch {
      img = null; // a picture whose header was fine but whose data is not: printed as a frame
    }
    cache.set(bytes, img);
  }
  return cache.get(bytes)!;
}

function frame(doc: PDFKit.PDFDocument, box: Box, name: string): void {
  doc.save();
  doc.lineWidth(1).strokeColor('#808080').rect(box.x, box.y, box.w, box.h).stroke();
  useFont(doc, {});
  doc.fontSize(Math.max(6, Math.min(14, box.h / 6))).fillColor('#404040');
  const tw = doc.widthOfString(name);
  doc.text(name, box.x + Math.max(4, (box.w - tw) / 2), box.y + box.h / 2 - 7, { lineBreak: false });
  doc.restore();
}

/**
 * Draws each item placed on the sheet (charts, pictures) that reaches into the block, at its box
 * on the page and clipped to the block, so an item crossing a page edge meets its other parts.
 */
function drawPlaced<T extends { at: { x: number; y: number; width: number; height: number } }>(doc: PDFKit.PDFDocument, b: Block, items: T[], draw: (item: T, box: Box) => void): void {
  if (!items.length) return;
  const x0 = b.sheet.colOffset(b.c0), x1 = b.sheet.colOffset(b.c1 + 1);
  const y0 = b.sheet.rowOffset(b.r0), y1 = b.sheet.rowOffset(b.r1 + 1);
  const clip = blockBox(b);
  for (const item of items) {
    const at = item.at;
    if (at.x >= x1 || at.x + at.width <= x0 || at.y >= y1 || at.y + at.height <= y0) continue;
    doc.save();
    doc.rect(clip.x, clip.y, clip.w, clip.h).clip();
    draw(item, { x: b.x + (at.x - x0) * b.k, y: b.y + (at.y - y0) * b.k, w: at.width * b.k, h: at.height * b.k });
    doc.restore();
  }
}

export function drawCharts(doc: PDFKit.PDFDocument, b: Block): void {
  drawPlaced(doc, b, b.sheet.snapshot.charts, (pc, box) => drawOne(doc, pc, box));
}

function drawOne(doc: PDFKit.PDFDocument, pc: PrintChart, box: Box): void {
  if (pc.image === 'frame') return frame(doc, box, pc.name);
  if (pc.image) {
    const img = openOnce(doc, pc.image.png);
    if (!img) return frame(doc, box, pc.name);
    doc.image(img as unknown as Buffer, box.x, box.y, { width: box.w, height: box.h });
    return;
  }
  doc.rect(box.x, box.y, box.w, box.h).fill('#FFFFFF');
  drawScenePdf(doc, buildScene(pc.chart, pc.at.width, pc.at.height), { x: box.x, y: box.y, width: box.w, height: box.h });
}

/** Pictures on a block: drawn at their place and size; a frame when they cannot be. */
export function drawImages(doc: PDFKit.PDFDocument, b: Block): void {
  drawPlaced(doc, b, b.sheet.snapshot.images, (im, box) => {
    const img = im.bytes ? openOnce(doc, im.bytes) : null;
    if (img) doc.image(img as unknown as Buffer, box.x, box.y, { width: box.w, height: box.h });
    else frame(doc, box, im.name);
  });
}
