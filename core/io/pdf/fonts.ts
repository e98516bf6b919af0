// Fonts on a PDF page: the faces of core/layout/fonts.ts (Carlito for Calibri and by default, Arimo
// for Arial, ...), registered on a document at first use; each document embeds only the glyphs it
// uses.
import { faceBytes, familyOf, runsOf, variantOf, type Family, type Variant } from '../../layout/fonts.ts';
import { patchFontLayout } from './fast-layout.ts';

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Selects a face on the document (registering it on first use). */
export function useFace(doc: PDFKit.PDFDocument, family: Family, variant: Variant): void {
  const { name, data } = faceBytes(family, variant);
  let set = registered.get(doc);
  if (!set) registered.set(doc, (set = new Set()));
  if (!set.has(name)) {
    doc.registerFont(name, data);
    set.add(name);
  }
  doc.font(name);
  patchFontLayout((doc as unknown as { _font?: unknown })._font);
}

/** Selects the face for a cell font (family name, bold, italic). */
export function useFont(doc: PDFKit.PDFDocument, opts: { family?: string; bold?: boolean; italic?: boolean }): void {
  useFace(doc, familyOf(opts.family), variantOf(opts.bold, opts.italic));
}

/**
 * Draws one line of text at (x, y) in points, at `pt` points, switching to the fallback face
 * where the cell's face lacks a character; returns the width drawn. Sizes are set here.
 */
export function drawRuns(doc: PDFKit.PDFDocument, text: string, x: number, y: number, font: { family: Family; variant: Variant; pt: number }, k: number, deco: { underline?: boolean; strike?: boolean }): number {
  const runs = runsOf(text, font.family, font.variant, font.pt);
  let at = x;
  for (const run of runs) {
    useFace(doc, run.family, font.variant);
    doc.fontSize(font.pt * k * (96 / 72));
    doc.text(run.text, at, y, { lineBreak: false, underline: !!deco.underline, strike: !!deco.strike });
    at += run.width * k;
  }
  return at - x;
}
