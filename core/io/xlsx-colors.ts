// Colours as an xlsx stores them -> the #RRGGBB a reader sees: explicit ARGB, the 64 indexed
// colours of the legacy palette, and theme colours resolved through the file's own theme
// (xl/theme/theme1.xml), each with Excel's tint (ECMA-376 §18.8.19: the luminance moves toward
// black for a negative tint and toward white for a positive one, in HLS).

/** The default palette of indexed colours 0-63 (64 and 65 are the automatic colours). */
const INDEXED = [
  '000000', 'FFFFFF', 'FF0000', '00FF00', '0000FF', 'FFFF00', 'FF00FF', '00FFFF', '000000', 'FFFFFF', 'FF0000', '00FF00', '0000FF', 'FFFF00', 'FF00FF', '00FFFF',
  '800000', '008000', '000080', '808000', '800080', '008080', 'C0C0C0', '808080', '9999FF', '993366', 'FFFFCC', 'CCFFFF', '660066', 'FF8080', '0066CC', 'CCCCFF',
  '000080', 'FF00FF', 'FFFF00', '00FFFF', '800080', '800000', '008080', '0000FF', '00CCFF', 'CCFFFF', 'CCFFCC', 'FFFF99', '99CCFF', 'FF99CC', 'CC99FF', 'FFCC99',
  '3366FF', '33CCCC', '99CC00', 'FFCC00', 'FF9900', 'FF6600', '666699', '969696', '003366', '339966', '003300', '333300', '993300', '993366', '333399', '333333',
];

/** Office's default theme, for files that carry none. Order: the theme attribute's index. */
export const OFFICE_THEME = ['FFFFFF', '000000', 'E7E6E6', '44546A', '4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47', '0563C1', '954F72'];

/** Index of a theme colour -> its element in <a:clrScheme> (Excel swaps dark and light). */
const SCHEME = ['lt1', 'dk1', 'lt2', 'dk2', 'accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'hlink', 'folHlink'];

/** The theme's colours by index, read from the theme part's XML (the default theme where missing). */
export function themeColors(xml: string | undefined): string[] {
  if (!xml) return OFFICE_THEME;
  const scheme = /<(?:\w+:)?clrScheme\b[\s\S]*?<\/(?:\w+:)?clrScheme>/.exec(xml)?.[0];
  if (!scheme) return OFFICE_THEME;
  return SCHEME.map((tag, i) => {
    const el = new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${tag}>`).exec(scheme)?.[1] ?? '';
    const rgb = /\blastClr="([0-9A-Fa-f]{6})"/.exec(el)?.[1] ?? /<(?:\w+:)?srgbClr\b[^>]*\bval="([0-9A-Fa-f]{6})"/.exec(el)?.[1];
    return rgb ? rgb.toUpperCase() : OFFICE_THEME[i]!;
  });
}

function toHls(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2;
  if (max === min) return [0, l, 0];
  const d = max - min;
  const s = l <= 0.5 ? d / (max + min) : d / (2 - max - min);
  const h = max === r ? (g - b) / d / 6 : max === g ? (2 + (b - r) / d) / 6 : (4 + (r - g) / d) / 6;
  return [(h + 1) % 1, l, s];
}

function fromHls(h: number, l: number, s: number): [number, number, number] {
  if (s === 0) return [l, l, l];
  const m2 = l <= 0.5 ? l * (1 + s) : l + s - l * s, m1 = 2 * l - m2;
  const v = (hue: number) => {
    hue = ((hue % 1) + 1) % 1;
    if (hue < 1 / 6) return m1 + (m2 - m1) * hue * 6;
    if (hue < 0.5) return m2;
    if (hue < 2 / 3) return m1 + (m2 - m1) * (2 / 3 - hue) * 6;
    return m1;
  };
  return [v(h + 1 / 3), v(h), v(h - 1 / 3)];
}

/** RRGGBB with a tint in [-1, 1] applied. */
export function tinted(rgb: string, tint: number | undefined): string {
  if (!tint) return rgb.toUpperCase();
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(rgb.slice(i, i + 2), 16) / 255) as [number, number, number];
  const [h, l, s] = toHls(r, g, b);
  const l2 = tint < 0 ? l * (1 + tint) : l * (1 - tint) + tint;
  return fromHls(h, l2, s)
    .map((x) => Math.round(Math.min(1, Math.max(0, x)) * 255).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

export interface XlsxColor {
  argb?: string;
  theme?: number;
  indexed?: number;
  tint?: number;
}

/** #RRGGBB (#RRGGBBAA when not opaque), or undefined for an automatic or unreadable colour. */
export function resolveColor(c: XlsxColor | undefined, theme: string[]): string | undefined {
  if (!c) return undefined;
  if (typeof c.argb === 'string' && /^[0-9A-Fa-f]{8}$/.test(c.argb)) {
    const alpha = c.argb.slice(0, 2).toUpperCase();
    const rgb = tinted(c.argb.slice(2), c.tint);
    return alpha === 'FF' || alpha === '00' ? `#${rgb}` : `#${rgb}${alpha}`;
  }
  if (typeof c.argb === 'string' && /^[0-9A-Fa-f]{6}$/.test(c.argb)) return `#${tinted(c.argb, c.tint)}`;
  if (typeof c.theme === 'number' && theme[c.theme]) return `#${tinted(theme[c.theme]!, c.tint)}`;
  if (typeof c.indexed === 'number' && INDEXED[c.indexed]) return `#${tinted(INDEXED[c.indexed]!, c.tint)}`;
  return undefined;
}
