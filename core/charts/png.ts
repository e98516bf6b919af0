// PNG back-end: the SVG drawing rasterised by resvg with the bundled font (no system fonts).
import { loadResvg } from '../libs.ts';
import { FONT_BOLD, FONT_FAMILY, FONT_REGULAR } from './fonts.ts';

export async function svgToPng(svg: string): Promise<Buffer> {
  const Resvg = await loadResvg();
  const r = new Resvg(svg, {
    font: { fontFiles: [FONT_REGULAR, FONT_BOLD], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
    background: '#FFFFFF',
  });
  return r.render().asPng();
}
