// A sheet's <headerFooter> as the file wrote it (odd, even and first headers and footers, codes and
// all, and its four flags), read from the sheet's XML and written back verbatim while the print
// setup's own header and footer still say what the file said (xlsx-print.ts).
import type ExcelJS from 'exceljs';

const PARTS = ['oddHeader', 'oddFooter', 'evenHeader', 'evenFooter', 'firstHeader', 'firstFooter'] as const;
const FLAGS = ['differentOddEven', 'differentFirst', 'scaleWithDoc', 'alignWithMargins'] as const;
type Part = (typeof PARTS)[number];
type Flag = (typeof FLAGS)[number];

/** The element's texts and the flags it sets (a flag left out takes Excel's default). */
export type XlHeaderFooter = Partial<Record<Part, string> & Record<Flag, boolean>>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e]!));

/** The <headerFooter> of a sheet's XML after its cells, or undefined when it has none (or an empty one). */
export function headerFooterFromXml(tail: string): XlHeaderFooter | undefined {
  const m = /<(?:\w+:)?headerFooter\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?headerFooter>)/.exec(tail);
  if (!m) return undefined;
  const out: XlHeaderFooter = {};
  for (const flag of FLAGS) {
    const v = new RegExp(`\\b${flag}\\s*=\\s*["']([^"']*)["']`).exec(m[1]!)?.[1];
    if (v !== undefined) out[flag] = v === '1' || v === 'true';
  }
  for (const part of PARTS) {
    const t = new RegExp(`<(?:\\w+:)?${part}\\b[^>]*?(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${part}>)`).exec(m[2] ?? '')?.[1];
    if (t) out[part] = unescape(t);
  }
  return PARTS.some((p) => out[p]) ? out : undefined;
}

/** Whether the sheet's header pictures (&G, drawn from a VML part) are referenced. */
export const hasHeaderPictures = (tail: string): boolean => /<(?:\w+:)?legacyDrawingHF\b/.test(tail);

/** The element as exceljs writes it; scaleWithDoc and alignWithMargins ride along for the patched writer. */
export function headerFooterToExcel(hf: XlHeaderFooter): ExcelJS.HeaderFooter {
  const out: Record<string, unknown> = {};
  for (const part of PARTS) if (hf[part]) out[part] = hf[part];
  for (const flag of FLAGS) if (hf[flag] !== undefined) out[flag] = hf[flag];
  return out as unknown as ExcelJS.HeaderFooter;
}

interface XmlStream {
  addAttribute(name: string, value: string): void;
}

/**
 * exceljs writes differentFirst and differentOddEven only, and only when set; this writes the
 * other two flags the file gave (Excel's default for both is on, so only an off one matters).
 */
export function patchHeaderFooterXform(proto: { render(xml: XmlStream, model: unknown): void; __flags?: boolean }): void {
  if (proto.__flags) return;
  const render = proto.render;
  proto.render = function (this: unknown, xml: XmlStream, model: unknown) {
    const m = model as XlHeaderFooter | undefined;
    if (!m || (m.scaleWithDoc !== false && m.alignWithMargins !== false)) return render.call(this, xml, model);
    let opened = false;
    // exceljs opens the node, then adds its own attributes; ours go right after the open.
    const x = xml as XmlStream & { openNode(name: string): void };
    const open = x.openNode;
    x.openNode = function (this: XmlStream, name: string) {
      open.call(this, name);
      if (!opened && name === 'headerFooter') {
        opened = true;
        if (m.scaleWithDoc === false) this.addAttribute('scaleWithDoc', '0');
        if (m.alignWithMargins === false) this.addAttribute('alignWithMargins', '0');
      }
    };
    try {
      render.call(this, xml, model);
    } finally {
      x.openNode = open;
    }
  };
  proto.__flags = true;
}
