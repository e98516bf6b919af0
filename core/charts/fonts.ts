// The chart font: DejaVu Sans, shipped as an npm package (dejavu-fonts-ttf) so PNG and PDF
// drawings look the same on every machine and draw non-Latin text, with no system fonts needed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const FONT_FAMILY = 'DejaVu Sans';
export const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
