// The fonts cells are measured and drawn with, in the PDF and in the viewer alike. Excel's fonts are
// not free, so each is replaced by a free font with the same advance widths (the replacements
// LibreOffice ships for the same reason): Calibri by Carlito, Arial and Helvetica by Arimo, Times
// New Roman by Tinos, Courier New by Cousine, Cambria by Caladea. Carlito is also the default (a
// cell with no font, and names we do not know), as Calibri is Excel's. All come as npm packages, so
// a fresh machine draws the same pages. Characters a face lacks (Greek in Cousine, arrows, box
// drawing) fall back to DejaVu Sans, which covers most of Unicode's alphabets and symbols; what no
// face has (CJK, emoji) is drawn as the font's missing-glyph box, never dropped silently.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type Variant = 'r' | 'b' | 'i' | 'bi';
export type Family = 'carlito' | 'arimo' | 'tinos' | 'cousine' | 'caladea' | 'dejavu';

const expo = (family: string, name: string) => `@expo-google-fonts/${family}/${name}/${family[0]!.toUpperCase()}${family.slice(1)}_${name}.ttf`;
const FOUR = (family: string): Record<Variant, string> => ({ r: expo(family, '400Regular'), b: expo(family, '700Bold'), i: expo(family, '400Regular_Italic'), bi: expo(family, '700Bold_Italic') });

/** Module paths of each face's TrueType file. */
export const FACE_FILES: Record<Family, Record<Variant, string>> = {
  carlito: FOUR('carlito'),
  arimo: FOUR('arimo'),
  tinos: FOUR('tinos'),
  cousine: FOUR('cousine'),
  caladea: FOUR('caladea'),
  dejavu: { r: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', b: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', i: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf', bi: 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf' },
};

/** The CSS family name the viewer declares for each face. */
export const CSS_FAMILY: Record<Family, string> = { carlito: 'Carlito', arimo: 'Arimo', tinos: 'Tinos', cousine: 'Cousine', caladea: 'Caladea', dejavu: 'DejaVu Sans' };

/** The face a cell's font name is drawn with. */
export function familyOf(fontFamily: string | undefined): Family {
  if (!fontFamily) return 'carlito';
  const f = fontFamily.toLowerCase();
  if (/calibri|carlito|aptos|segoe|candara|corbel/.test(f)) return 'carlito';
  if (/cambria|caladea/.test(f)) return 'caladea';
  if (/courier|mono|consol|menlo|code|lucida console/.test(f)) return 'cousine';
  if (/arial|helvetica|arimo|liberation sans|verdana|tahoma|geneva|century gothic|trebuchet|franklin/.test(f)) return 'arimo';
  if (/sans/.test(f)) return 'carlito';
  if (/times|tinos|serif|georgia|garamond|palatino|book|roman|baskerville/.test(f)) return 'tinos';
  return 'carlito';
}

export function variantOf(bold: boolean | undefined, italic: boolean | undefined): Variant {
  return bold ? (italic ? 'bi' : 'b') : italic ? 'i' : 'r';
}

interface Glyphs {
  unitsPerEm: number;
  hasGlyphForCodePoint(cp: number): boolean;
  glyphForCodePoint(cp: number): { advanceWidth: number };
}

const bytes = new Map<string, Buffer>();
const faces = new Map<string, { font: Glyphs; advance: Map<number, number> }>();

/** A face's file, read once per process. */
export function faceBytes(family: Family, variant: Variant): { name: string; data: Buffer } {
  const path = FACE_FILES[family][variant];
  let data = bytes.get(path);
  if (!data) bytes.set(path, (data = readFileSync(require.resolve(path))));
  return { name: `${family}-${variant}`, data };
}

function face(family: Family, variant: Variant) {
  const key = `${family}-${variant}`;
  let f = faces.get(key);
  if (!f) faces.set(key, (f = { font: fontkit.create(faceBytes(family, variant).data) as unknown as Glyphs, advance: new Map() }));
  return f;
}

/** A stretch of text drawn with one face. */
export interface Run {
  family: Family;
  text: string;
  /** Width in pixels at the given size. */
  width: number;
}

/**
 * The text split into runs of one face each (the cell's face, DejaVu Sans where it lacks a
 * character), with widths in pixels for a font of `pt` points at 96 dpi. Widths are sums of
 * advance widths, without kerning, as Excel lays out cell text.
 */
export function runsOf(text: string, family: Family, variant: Variant, pt: number): Run[] {
  const px = (pt * 96) / 72;
  const runs: Run[] = [];
  const main = face(family, variant), fallback = face('dejavu', variant);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let use = family, f = main;
    if (family !== 'dejavu' && !main.font.hasGlyphForCodePoint(cp) && fallback.font.hasGlyphForCodePoint(cp)) [use, f] = ['dejavu', fallback];
    let adv = f.advance.get(cp);
    if (adv === undefined) f.advance.set(cp, (adv = f.font.glyphForCodePoint(cp).advanceWidth / f.font.unitsPerEm));
    const last = runs[runs.length - 1];
    if (last && last.family === use) {
      last.text += ch;
      last.width += adv * px;
    } else runs.push({ family: use, text: ch, width: adv * px });
  }
  return runs;
}

/** The width in pixels of the text in this font. */
export function textWidth(text: string, family: Family, variant: Variant, pt: number): number {
  let w = 0;
  for (const r of runsOf(text, family, variant, pt)) w += r.width;
  return w;
}
