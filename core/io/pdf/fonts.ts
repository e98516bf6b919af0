// Fonts for printed cells: DejaVu (shipped as an npm package, wide Unicode coverage) in three
// families chosen from the cell's font_family — serif names get DejaVu Serif, monospace names
// DejaVu Sans Mono, everything else DejaVu Sans — each in regular, bold, italic and bold italic.
// Files are read once per process; each document embeds only the glyphs it uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { patchFontLayout } from './fast-layout.ts';

const require = createRequire(import.meta.url);

type Family = 'sans' | 'serif' | 'mono';
type Variant = 'r' | 'b' | 'i' | 'bi';

const FILES: Record<Family, Record<Variant, string>> = {
  sans: { r: 'DejaVuSans', b: 'DejaVuSans-Bold', i: 'DejaVuSans-Oblique', bi: 'DejaVuSans-BoldOblique' },
  serif: { r: 'DejaVuSerif', b: 'DejaVuSerif-Bold', i: 'DejaVuSerif-Italic', bi: 'DejaVuSerif-BoldItalic' },
  mono: { r: 'DejaVuSansMono', b: 'DejaVuSansMono-Bold', i: 'DejaVuSansMono-Oblique', bi: 'DejaVuSansMono-BoldOblique' },
};

const bytes = new Map<string, Buffer>();
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

export function familyOf(fontFamily: string | undefined): Family {
  if (!fontFamily) return 'sans';
  if (/mono|courier|consol|menlo|code/i.test(fontFamily)) return 'mono';
  if (/sans/i.test(fontFamily)) return 'sans';
  if (/serif|times|georgia|cambria|garamond|palatino|book|roman/i.test(fontFamily)) return 'serif';
  return 'sans';
}

/** Selects the font on the document (registering it on first use) and returns its name. */
export function useFont(doc: PDFKit.PDFDocument, opts: { family?: string; bold?: boolean; italic?: boolean }): string {
  const variant: Variant = opts.bold ? (opts.italic ? 'bi' : 'b') : opts.italic ? 'i' : 'r';
  const name = FILES[familyOf(opts.family)][variant];
  let set = registered.get(doc);
  if (!set) registered.set(doc, (set = new Set()));
  if (!set.has(name)) {
    let data = bytes.get(name);
    if (!data) bytes.set(name, (data = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`))));
    doc.registerFont(name, data);
    set.add(name);
  }
  doc.font(name);
  patchFontLayout((doc as unknown as { _font?: unknown })._font);
  return name;
}
