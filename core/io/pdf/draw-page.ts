// One printed page: the header and footer, the headings (column letters, row numbers) when asked,
// and up to four blocks of cells — the repeated title corner, title rows, title columns, and the
// page's band — each clipped to itself and drawn with its gridlines, fills, borders, texts, charts.
import { indexToCol } from '../../a1.ts';
import { makeBlock, type Block } from './block.ts';
import { drawCharts, drawImages } from './draw-graphics.ts';
import { drawBars, drawIcons } from './draw-decorations.ts';
import { drawBorders, drawFills, drawGridlines } from './draw-grid.ts';
import { drawTexts } from './draw-text.ts';
import { useFont } from './fonts.ts';
import { expandSection, type HeaderValues } from './header-footer.ts';
import { headingSize, type PageRef, type Span } from './paginate.ts';
import type { PrintSheet } from './plan.ts';

const HF_SIZE = 10;

function segments(band: PageRef['row']): Span[] {
  return band.prefix ? [band.prefix, [band.start, band.end]] : [[band.start, band.end]];
}

export function drawPage(doc: PDFKit.PDFDocument, sheet: PrintSheet, page: PageRef, hf: HeaderValues): void {
  const { format, setup } = sheet;
  const scale = sheet.pagination.scale;
  const k = 0.75 * scale;
  const rows = segments(page.row), cols = segments(page.col);
  const head = setup.printHeadings ? headingSize(sheet.layout) : { w: 0, h: 0 };
  let wPx = head.w, hPx = head.h;
  for (const [a, b] of cols) for (let c = a; c <= b; c++) wPx += sheet.layout.cols.size(c);
  for (const [a, b] of rows) for (let r = a; r <= b; r++) hPx += sheet.layout.rows.size(r);
  const m = format.margins;
  const roomW = format.width - m.left - m.right, roomH = format.height - m.top - m.bottom;
  const ox = m.left + (setup.centerHorizontally ? Math.max(0, (roomW - wPx * k) / 2) : 0);
  const oy = m.top + (setup.centerVertically ? Math.max(0, (roomH - hPx * k) / 2) : 0);

  const blocks: Block[] = [];
  let y = oy + head.h * k;
  for (const [r0, r1] of rows) {
    let x = ox + head.w * k;
    for (const [c0, c1] of cols) {
      const b = makeBlock(sheet, r0, r1, c0, c1, x, y, k);
      blocks.push(b);
      x = b.xs[b.xs.length - 1]!;
    }
    y = blocks[blocks.length - 1]!.ys.at(-1)!;
  }
  // The band is the last block; repeated titles repeat cells, not charts (as in Excel).
  const band = blocks[blocks.length - 1];
  for (const b of blocks) {
    doc.save();
    doc.rect(b.x, b.y, b.xs.at(-1)! - b.x, b.ys.at(-1)! - b.y).clip();
    if (setup.printGridlines) drawGridlines(doc, b);
    drawFills(doc, b);
    drawBars(doc, b);
    drawBorders(doc, b);
    drawIcons(doc, b);
    drawTexts(doc, b);
    if (b === band) {
      drawImages(doc, b);
      drawCharts(doc, b);
    }
    doc.restore();
  }
  if (setup.printHeadings) drawHeadings(doc, blocks, ox, oy, head, k, scale);
  drawHeaderFooter(doc, sheet, hf, sheet.pages.indexOf(page));
}

function drawHeadings(doc: PDFKit.PDFDocument, blocks: Block[], ox: number, oy: number, head: { w: number; h: number }, k: number, scale: number): void {
  const hw = head.w * k, hh = head.h * k;
  doc.save();
  useFont(doc, {});
  doc.fontSize(9 * scale).lineWidth(Math.max(0.25, 0.5 * k));
  const cell = (x: number, y: number, w: number, h: number, label: string) => {
    doc.rect(x, y, w, h).fillAndStroke('#EFEFEF', '#A0A0A0');
    doc.fillColor('#404040');
    const tw = doc.widthOfString(label);
    doc.text(label, x + (w - tw) / 2, y + (h - doc.currentLineHeight(true)) / 2, { lineBreak: false });
  };
  cell(ox, oy, hw, hh, '');
  const colsDone = new Set<number>(), rowsDone = new Set<number>();
  for (const b of blocks) {
    if (!colsDone.has(b.xs[0]!)) {
      colsDone.add(b.xs[0]!);
      for (let c = b.c0; c <= b.c1; c++) cell(b.xs[c - b.c0]!, oy, b.xs[c - b.c0 + 1]! - b.xs[c - b.c0]!, hh, indexToCol(c));
    }
    if (!rowsDone.has(b.ys[0]!)) {
      rowsDone.add(b.ys[0]!);
      for (let r = b.r0; r <= b.r1; r++) cell(ox, b.ys[r - b.r0]!, hw, b.ys[r - b.r0 + 1]! - b.ys[r - b.r0]!, String(r + 1));
    }
  }
  doc.restore();
}

/** `nth`: the page's place in its sheet (the file's first-page header prints on the first). */
function drawHeaderFooter(doc: PDFKit.PDFDocument, sheet: PrintSheet, v: HeaderValues, nth: number): void {
  const { format } = sheet;
  const other = sheet.otherPages;
  const setup = (nth === 0 && other?.first) || (v.page % 2 === 0 && other?.even) || sheet.setup;
  const lineH = HF_SIZE * 1.2;
  for (const [which, spec] of [['header', setup.header], ['footer', setup.footer]] as const) {
    if (!spec) continue;
    for (const pos of ['left', 'center', 'right'] as const) {
      const text = spec[pos];
      if (!text) continue;
      const lines = expandSection(text, v);
      let y = which === 'header' ? format.margins.header : format.height - format.margins.footer - lines.length * lineH;
      for (const runs of lines) {
        const widths = runs.map((run) => {
          useFont(doc, { bold: run.bold, italic: !!run.italic });
          return doc.fontSize(run.size ?? HF_SIZE).widthOfString(run.text);
        });
        const total = widths.reduce((a, b) => a + b, 0);
        let x = pos === 'left' ? format.margins.left : pos === 'right' ? format.width - format.margins.right - total : (format.width - total) / 2;
        runs.forEach((run, i) => {
          useFont(doc, { bold: run.bold, italic: !!run.italic });
          doc
            .fontSize(run.size ?? HF_SIZE)
            .fillColor(run.color ?? '#000000')
            .text(run.text, x, y, { lineBreak: false, underline: !!run.underline, strike: !!run.strike });
          x += widths[i]!;
        });
        y += lineH;
      }
    }
  }
}
