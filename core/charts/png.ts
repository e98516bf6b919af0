// PNG back-end: the SVG drawing rasterised by resvg with the bundled font (no system fonts).
import { Resvg } from '@resvg/resvg-js';
import { FONT_BOLD, FONT_FAMILY, FONT_REGULAR } from './fonts.ts';

export function svgToPng(svg: string): Buffer {
  const r = new Resvg(svg, {
    font: { fontFiles: [FONT_REGULAR, FONT_BOLD], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
    background: '#FFFFFF',
  });
  return r.render().asPng();
}
