// Excel's icon sets as drawings: each icon is a few SVG paths in a 16 x 16 box, which the viewer
// puts in an <svg> and the PDF export draws with pdfkit's path(); sets list their icons from the
// lowest values to the highest, as Excel numbers them.
export interface IconPath {
  d: string;
  fill?: string;
  stroke?: string;
  width?: number;
}

const GREEN = '#00B050', YELLOW = '#FFC000', RED = '#FF0000', GREY = '#808080', BLACK = '#000000', PINK = '#FF9999', BLUE = '#4472C4', GOLD = '#FFC000';

/** An arrow pointing at `deg` (90 up, 0 right, -90 down). */
function arrow(deg: number, color: string): IconPath[] {
  const a = (-deg * Math.PI) / 180;
  const pt = (x: number, y: number) => {
    const [dx, dy] = [x - 8, y - 8];
    return `${(8 + dx * Math.cos(a) - dy * Math.sin(a)).toFixed(2)} ${(8 + dx * Math.sin(a) + dy * Math.cos(a)).toFixed(2)}`;
  };
  // Pointing right: shaft from x=2 to 9, head from 9 to 14.
  return [{ d: `M${pt(2, 6.5)} L${pt(9, 6.5)} L${pt(9, 3)} L${pt(14, 8)} L${pt(9, 13)} L${pt(9, 9.5)} L${pt(2, 9.5)} Z`, fill: color }];
}
const circle = (color: string, rim = false): IconPath[] => [{ d: 'M8 2 A6 6 0 1 1 7.99 2 Z', fill: color, ...(rim ? { stroke: BLACK, width: 1 } : {}) }];
const triangleUp = (color: string): IconPath[] => [{ d: 'M8 3 L14 13 L2 13 Z', fill: color }];
const triangleDown = (color: string): IconPath[] => [{ d: 'M2 3 L14 3 L8 13 Z', fill: color }];
const dash = (color: string): IconPath[] => [{ d: 'M3 6.5 L13 6.5 L13 9.5 L3 9.5 Z', fill: color }];
const diamond = (color: string): IconPath[] => [{ d: 'M8 2 L14 8 L8 14 L2 8 Z', fill: color }];
const flag = (color: string): IconPath[] => [{ d: 'M4 2 L5 2 L5 14 L4 14 Z', fill: BLACK }, { d: 'M5 2.5 L13 5 L5 8 Z', fill: color }];
const check = (color: string, ring: boolean): IconPath[] => [...(ring ? circle(color) : []), { d: 'M4 8.5 L7 11.5 L12.5 4.5', stroke: ring ? '#FFFFFF' : color, width: 2.2 }];
const cross = (color: string, ring: boolean): IconPath[] => [...(ring ? circle(color) : []), { d: 'M5 5 L11 11 M11 5 L5 11', stroke: ring ? '#FFFFFF' : color, width: 2.2 }];
const exclaim = (color: string, ring: boolean): IconPath[] => [...(ring ? circle(color) : []), { d: 'M7 3.5 L9 3.5 L8.6 9.5 L7.4 9.5 Z M7 11 L9 11 L9 13 L7 13 Z', fill: ring ? '#FFFFFF' : color }];
function star(fill: 0 | 0.5 | 1): IconPath[] {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 2.6 : 6.2, a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(8 + r * Math.cos(a)).toFixed(2)} ${(8.6 + r * Math.sin(a)).toFixed(2)}`);
  }
  const outline = `M${pts.join(' L')} Z`;
  if (fill === 1) return [{ d: outline, fill: GOLD, stroke: GOLD, width: 0.6 }];
  if (fill === 0) return [{ d: outline, fill: '#FFFFFF', stroke: GOLD, width: 0.8 }];
  return [{ d: outline, fill: '#FFFFFF', stroke: GOLD, width: 0.8 }, { d: `M8 1.8 L8 14.8 L${pts.slice(5).join(' L')} Z`, fill: GOLD }];
}
/** Signal bars, `n` of 4 filled. */
function bars(n: number): IconPath[] {
  return [0, 1, 2, 3].map((i) => ({ d: `M${2 + i * 3.2} ${13 - (i + 1) * 2.6} h2.4 V13 h-2.4 Z`, fill: i < n ? BLUE : '#D9D9D9' }));
}
/** A circle `n` quarters full. */
function quarters(n: number): IconPath[] {
  const ring: IconPath = { d: 'M8 2 A6 6 0 1 1 7.99 2 Z', fill: '#FFFFFF', stroke: BLACK, width: 1 };
  if (n === 0) return [ring];
  if (n === 4) return [{ ...ring, fill: BLACK }];
  const end = (Math.PI / 2) * n - Math.PI / 2;
  return [ring, { d: `M8 8 L8 2 A6 6 0 ${n > 2 ? 1 : 0} 1 ${(8 + 6 * Math.cos(end)).toFixed(2)} ${(8 + 6 * Math.sin(end)).toFixed(2)} Z`, fill: BLACK }];
}
/** A square of four boxes, `n` filled. */
function boxes(n: number): IconPath[] {
  const at = [[2, 8.5], [2, 2], [8.5, 2], [8.5, 8.5]];
  return at.map(([x, y], i) => ({ d: `M${x} ${y} h5.5 v5.5 h-5.5 Z`, fill: i < n ? BLUE : '#D9D9D9' }));
}

const SETS: Record<string, IconPath[][]> = {
  '3Arrows': [arrow(-90, RED), arrow(0, YELLOW), arrow(90, GREEN)],
  '3ArrowsGray': [arrow(-90, GREY), arrow(0, GREY), arrow(90, GREY)],
  '3Flags': [flag(RED), flag(YELLOW), flag(GREEN)],
  '3TrafficLights1': [circle(RED), circle(YELLOW), circle(GREEN)],
  '3TrafficLights2': [circle(RED, true), circle(YELLOW, true), circle(GREEN, true)],
  '3Signs': [diamond(RED), triangleUp(YELLOW), circle(GREEN)],
  '3Symbols': [cross(RED, true), exclaim(YELLOW, true), check(GREEN, true)],
  '3Symbols2': [cross(RED, false), exclaim(YELLOW, false), check(GREEN, false)],
  '3Stars': [star(0), star(0.5), star(1)],
  '3Triangles': [triangleDown(RED), dash(YELLOW), triangleUp(GREEN)],
  '4Arrows': [arrow(-90, RED), arrow(-45, YELLOW), arrow(45, YELLOW), arrow(90, GREEN)],
  '4ArrowsGray': [arrow(-90, GREY), arrow(-45, GREY), arrow(45, GREY), arrow(90, GREY)],
  '4RedToBlack': [circle(BLACK), circle(GREY), circle(PINK), circle(RED)],
  '4Rating': [bars(1), bars(2), bars(3), bars(4)],
  '4TrafficLights': [circle(BLACK), circle(RED), circle(YELLOW), circle(GREEN)],
  '5Arrows': [arrow(-90, RED), arrow(-45, YELLOW), arrow(0, YELLOW), arrow(45, YELLOW), arrow(90, GREEN)],
  '5ArrowsGray': [arrow(-90, GREY), arrow(-45, GREY), arrow(0, GREY), arrow(45, GREY), arrow(90, GREY)],
  '5Rating': [bars(0), bars(1), bars(2), bars(3), bars(4)],
  '5Quarters': [quarters(0), quarters(1), quarters(2), quarters(3), quarters(4)],
  '5Boxes': [boxes(0), boxes(1), boxes(2), boxes(3), boxes(4)],
};

/** Excel's names for icon sets; "3TrafficLights" is what a file without the attribute means. */
export const ICON_SETS = Object.keys(SETS);

export function iconSetSize(name: string): number | undefined {
  return SETS[canonicalSet(name)]?.length;
}

export function canonicalSet(name: string): string {
  return name === '3TrafficLights' ? '3TrafficLights1' : name;
}

/** The drawing of icon `index` (0 = lowest values) of a set. */
export function iconOf(name: string, index: number): IconPath[] | undefined {
  return SETS[canonicalSet(name)]?.[index];
}

/** An icon as an <svg> element (presentation attributes only: the viewer's CSP allows no style attributes). */
export function iconSvg(paths: IconPath[], size: number): string {
  const body = paths.map((p) => `<path d="${p.d}" fill="${p.fill ?? 'none'}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.width ?? 1}" stroke-linecap="round" stroke-linejoin="round"` : ''}/>`).join('');
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 16 16" aria-hidden="true">${body}</svg>`;
}
