// What every chart scene is made of: the primitives (rects, paths, circles, text) in pixel
// coordinates, the palette, text measuring and the frame (title, legend, plot area).
import type { ResolvedChart } from './resolve.ts';

export type Prim =
  | { t: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; sw?: number }
  /** SVG path data (M, L, A, Z); both back-ends draw it as is. */
  | { t: 'path'; d: string; fill?: string; stroke?: string; sw?: number; dash?: number[]; opacity?: number }
  | { t: 'circle'; cx: number; cy: number; r: number; fill: string; stroke?: string }
  /** y is the vertical middle of the text. */
  | { t: 'text'; x: number; y: number; text: string; size: number; color: string; anchor: 'start' | 'middle' | 'end'; bold?: boolean };

export interface Scene {
  width: number;
  height: number;
  items: Prim[];
}

/** Google Sheets' default series colours. */
export const PALETTE = ['#4285F4', '#EA4335', '#FBBC04', '#34A853', '#FF6D01', '#46BDC6', '#7BAAF7', '#F07B72', '#FCD04F', '#71C287'];
export const TEXT = '#222222';
export const MUTED = '#5F6368';
export const GRID = '#E0E0E0';
export const FONT_SIZE = 11;

export function colorOf(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

/** Width of text in pixels, estimated from DejaVu Sans' average advance (the font the PNG uses). */
export function textWidth(text: string, size: number, bold = false): number {
  return text.length * size * (bold ? 0.64 : 0.58);
}

/** Cuts text to fit a width, with an ellipsis. */
export function fit(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  const n = Math.max(1, Math.floor(width / (size * 0.58)) - 1);
  return `${text.slice(0, n)}…`;
}

export interface Frame {
  items: Prim[];
  /** The area left for the plot after title and legend. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Background, border, title and a legend along the bottom; returns the free area. */
export function frame(chart: ResolvedChart, width: number, height: number, legend: { label: string; color: string; line?: boolean }[]): Frame {
  const items: Prim[] = [{ t: 'rect', x: 0, y: 0, w: width, h: height, fill: '#FFFFFF', stroke: '#DADCE0', sw: 1 }];
  let top = 10;
  if (chart.spec.title) {
    items.push({ t: 'text', x: width / 2, y: top + 10, text: fit(chart.spec.title, width - 20, 15), size: 15, color: TEXT, anchor: 'middle', bold: true });
    top += 28;
  }
  let bottom = height - 8;
  if (legend.length) {
    const rows: { label: string; color: string; line?: boolean; w: number }[][] = [[]];
    let used = 0;
    for (const l of legend) {
      const label = fit(l.label, width / 2, FONT_SIZE);
      const w = textWidth(label, FONT_SIZE) + 26;
      if (used + w > width - 20 && rows[rows.length - 1]!.length) {
        rows.push([]);
        used = 0;
      }
      rows[rows.length - 1]!.push({ ...l, label, w });
      used += w;
    }
    const shown = rows.slice(0, 3);
    bottom -= shown.length * 18;
    shown.forEach((row, i) => {
      const total = row.reduce((s, l) => s + l.w, 0);
      let x = (width - total) / 2;
      const y = bottom + 9 + i * 18;
      for (const l of row) {
        if (l.line) items.push({ t: 'path', d: `M${x} ${y}L${x + 14} ${y}`, stroke: l.color, sw: 2 });
        else items.push({ t: 'rect', x, y: y - 5, w: 10, h: 10, fill: l.color });
        items.push({ t: 'text', x: x + 16, y, text: l.label, size: FONT_SIZE, color: TEXT, anchor: 'start' });
        x += l.w;
      }
    });
    bottom -= 4;
  }
  return { items, x: 10, y: top, w: width - 20, h: Math.max(10, bottom - top) };
}

export function noData(f: Frame): Prim {
  return { t: 'text', x: f.x + f.w / 2, y: f.y + f.h / 2, text: 'No data', size: 13, color: MUTED, anchor: 'middle' };
}
