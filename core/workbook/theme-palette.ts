// The file's theme colours: the twelve colours of an imported file's theme (xl/theme/theme1.xml),
// which its styles' theme references (Style.theme_colors) name. Kept as a mark in the meta of every
// sheet the import made (as the date system), and written as the exported theme's colour scheme,
// so those references show in Excel the colours they showed before.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { SheetModel } from './sheet.ts';

declare module './sheet-meta.ts' {
  interface SheetMeta {
    /** The imported theme's colours by Excel's theme index (lt1, dk1, lt2, dk2, accent1-6, hlink, folHlink), RRGGBB. */
    theme_palette?: string[];
  }
}

export function themePaletteOf(sheets: readonly SheetModel[]): string[] | undefined {
  return sheets.find((s) => s.meta.theme_palette)?.meta.theme_palette;
}

/** Theme index -> the element of <a:clrScheme> (Excel swaps dark and light), as in xlsx-colors.ts. */
const SCHEME = ['lt1', 'dk1', 'lt2', 'dk2', 'accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'hlink', 'folHlink'];

/** A theme part's XML with its colour scheme's colours replaced by the palette's. */
export function withPalette(xml: string, palette: readonly string[]): string {
  return xml.replace(/<a:clrScheme\b[\s\S]*?<\/a:clrScheme>/, (scheme) =>
    SCHEME.reduce((text, tag, i) => {
      const rgb = palette[i];
      if (!rgb || !/^[0-9A-Fa-f]{6}$/.test(rgb)) return text;
      return text.replace(new RegExp(`<a:${tag}>[\\s\\S]*?</a:${tag}>`), `<a:${tag}><a:srgbClr val="${rgb.toUpperCase()}"/></a:${tag}>`);
    }, scheme),
  );
}

/** An exported xlsx with its theme part's colour scheme replaced by the palette (the archive is written again). */
export function withThemePalette(xlsx: Buffer, palette: readonly string[] | undefined): Buffer {
  if (!palette) return xlsx;
  const files = unzipSync(new Uint8Array(xlsx));
  const part = 'xl/theme/theme1.xml';
  if (!files[part]) return xlsx;
  files[part] = strToU8(withPalette(strFromU8(files[part]!), palette));
  return Buffer.from(zipSync(files, { level: 6 }));
}
