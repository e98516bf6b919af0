// SVG back-end of the chart drawing (scene.ts): one self-contained <svg> string.
import type { Prim, Scene } from './scene.ts';
import { FONT_FAMILY } from './fonts.ts';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function prim(p: Prim): string {
  switch (p.t) {
    case 'rect':
      return `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="${p.fill ?? 'none'}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.sw ?? 1}"` : ''}/>`;
    case 'path':
      return `<path d="${p.d}" fill="${p.fill ?? 'none'}"${p.opacity !== undefined ? ` fill-opacity="${p.opacity}"` : ''}${p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.sw ?? 1}" stroke-linejoin="round"` : ''}${p.dash ? ` stroke-dasharray="${p.dash.join(' ')}"` : ''}/>`;
    case 'circle':
      return `<circle cx="${p.cx}" cy="${p.cy}" r="${p.r}" fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}"` : ''}/>`;
    case 'text': {
      // y is the middle of the text; the baseline sits about a third of the size below it.
      const y = Number((p.y + p.size * 0.35).toFixed(2));
      return `<text x="${Number(p.x.toFixed(2))}" y="${y}" font-size="${p.size}" fill="${p.color}" text-anchor="${p.anchor}"${p.bold ? ' font-weight="bold"' : ''}>${esc(p.text)}</text>`;
    }
  }
}

export function sceneToSvg(scene: Scene): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}" font-family="${FONT_FAMILY}, Arial, sans-serif">`,
    ...scene.items.map(prim),
    '</svg>',
  ].join('\n');
}
