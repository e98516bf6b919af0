// PDF back-end: draws a chart as vector graphics into a pdfkit document, inside a box. The PDF
// export calls drawChartPdf for every chart on a printed sheet (through its chart-renderer seam).
import type {} from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from './fonts.ts';
import type { ResolvedChart } from './resolve.ts';
import { buildScene, type Scene } from './scene.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const REGULAR = 'ChartSans';
const BOLD = 'ChartSans-Bold';

/** Draws the scene scaled into the box (scene pixels = box points unless the box is smaller). */
export function drawScenePdf(doc: PDFKit.PDFDocument, scene: Scene, box: Box): void {
  doc.registerFont(REGULAR, FONT_REGULAR);
  doc.registerFont(BOLD, FONT_BOLD);
  doc.save();
  doc.translate(box.x, box.y);
  doc.scale(box.width / scene.width, box.height / scene.height);
  for (const p of scene.items) {
    switch (p.t) {
      case 'rect':
        doc.rect(p.x, p.y, p.w, p.h);
        paint(doc, p.fill, p.stroke, p.sw);
        break;
      case 'path':
        doc.save();
        if (p.opacity !== undefined) doc.fillOpacity(p.opacity);
        if (p.dash) doc.dash(p.dash[0]!, { space: p.dash[1] ?? p.dash[0]! });
        doc.path(p.d);
        paint(doc, p.fill, p.stroke, p.sw);
        doc.restore();
        break;
      case 'circle':
        doc.circle(p.cx, p.cy, p.r);
        paint(doc, p.fill, p.stroke, 1);
        break;
      case 'text': {
        doc.font(p.bold ? BOLD : REGULAR).fontSize(p.size).fillColor(p.color);
        const w = doc.widthOfString(p.text);
        const x = p.anchor === 'middle' ? p.x - w / 2 : p.anchor === 'end' ? p.x - w : p.x;
        // pdfkit places text by the top of its line box; this puts the x-height centre on y.
        doc.text(p.text, x, p.y - p.size * 0.6, { lineBreak: false });
        break;
      }
    }
  }
  doc.restore();
}

function paint(doc: PDFKit.PDFDocument, fill: string | undefined, stroke: string | undefined, sw = 1): void {
  if (fill && stroke) doc.lineWidth(sw).fillAndStroke(fill, stroke);
  else if (fill) doc.fill(fill);
  else if (stroke) doc.lineWidth(sw).stroke(stroke);
}

/** The chart (with its current series, see resolveCharts) drawn into `box` on the current page. */
export function drawChartPdf(doc: PDFKit.PDFDocument, chart: ResolvedChart, box: Box): void {
  drawScenePdf(doc, buildScene(chart, box.width, box.height), box);
}

