// Pictures of an xlsx sheet, read from its drawing part: each <pic> anchored at a cell (two-cell,
// one-cell or absolute anchors), its size from the picture's own extent (else from its anchor's
// far corner), its bytes from the media part it embeds. PNG, JPEG and GIF are kept; other formats
// (EMF, WMF, SVG) and pictures over the size limits are named in the import's report. Writing
// them back goes through exceljs (xlsx-export.ts).
import { IMAGE_BYTES, SHEET_IMAGE_BYTES, imageTypeOf, type ImageType } from '../images/model.ts';
import { drawingAnchors, unescapeXml, xmlNumber } from './xlsx-tables.ts';
import { readZipEntry } from './zip-guard.ts';

export interface BookImage {
  row: number;
  col: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
  type: ImageType;
  data: Buffer;
  name?: string;
}

const EMU_PER_PX = 9525;

/** Does the picture's data run to its format's end marker (a cut-short file would draw half a picture)? */
function whole(data: Buffer, type: string): boolean {
  const tail = data.subarray(Math.max(0, data.length - 64));
  if (type === 'png') return tail.includes('IEND');
  if (type === 'jpeg') return tail.includes(Buffer.from([0xff, 0xd9]));
  if (type === 'gif') return tail.includes(0x3b);
  return true;
}

/** Pictures of the sheet part at `sheetPath`; `size` gives column widths and row heights in pixels, for pictures sized by their anchor. */
export function picturesOf(bytes: Buffer, sheetPath: string, size: { col(c: number): number; row(r: number): number }, notKept: (why: string) => void): BookImage[] {
  const out: BookImage[] = [];
  let total = 0;
  for (const { body, rels: media } of drawingAnchors(bytes, sheetPath)) {
    if (!/<(?:\w+:)?pic[\s>]/.test(body)) continue;
    const embed = /<(?:\w+:)?blip\b[^>]*\br:embed="([^"]+)"/.exec(body)?.[1];
    const target = embed ? media.get(embed)?.target : undefined;
    const data = target ? readZipEntry(bytes, target) : undefined;
    const type = data ? imageTypeOf(data) : undefined;
    if (!data) {
      notKept('pictures whose data is missing from the file');
      continue;
    }
    if (type && !whole(data, type)) {
      notKept('pictures whose data is cut short');
      continue;
    }
    if (!type) {
      notKept(`pictures in formats other than PNG, JPEG and GIF (${(target ?? '').replace(/^.*\./, '').toUpperCase() || 'unknown'})`);
      continue;
    }
    if (data.length > IMAGE_BYTES || total + data.length > SHEET_IMAGE_BYTES) {
      notKept(`pictures over ${IMAGE_BYTES / 1024 / 1024} MiB each or ${SHEET_IMAGE_BYTES / 1024 / 1024} MiB a sheet`);
      continue;
    }
    total += data.length;
    // Where its top-left corner is: a cell and an offset in it (absolute anchors: from A1).
    const from = /<(?:\w+:)?from(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?from>/.exec(body)?.[1];
    const pos = from ? undefined : /<(?:\w+:)?pos\b[^>]*\bx="(\d+)"[^>]*\by="(\d+)"/.exec(body);
    const [col, dx, row, dy] = from
      ? [xmlNumber(from, 'col'), xmlNumber(from, 'colOff') / EMU_PER_PX, xmlNumber(from, 'row'), xmlNumber(from, 'rowOff') / EMU_PER_PX]
      : [0, Number(pos?.[1] ?? 0) / EMU_PER_PX, 0, Number(pos?.[2] ?? 0) / EMU_PER_PX];
    // Its size: the picture's own extent, else the anchor's, else the far corner's cell.
    const ext = [...body.matchAll(/<(?:\w+:)?ext\b[^>]*\bcx="(\d+)"[^>]*\bcy="(\d+)"/g)].find((e) => Number(e[1]) > 0 && Number(e[2]) > 0);
    let width = ext ? Number(ext[1]) / EMU_PER_PX : 0, height = ext ? Number(ext[2]) / EMU_PER_PX : 0;
    const to = /<(?:\w+:)?to(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?to>/.exec(body)?.[1];
    if ((!width || !height) && to) {
      const [c1, r1] = [xmlNumber(to, 'col'), xmlNumber(to, 'row')];
      width = -dx + xmlNumber(to, 'colOff') / EMU_PER_PX;
      for (let c = col; c < c1; c++) width += size.col(c);
      height = -dy + xmlNumber(to, 'rowOff') / EMU_PER_PX;
      for (let r = row; r < r1; r++) height += size.row(r);
    }
    if (width <= 0 || height <= 0) continue;
    const name = /<(?:\w+:)?cNvPr\b[^>]*\bdescr="([^"]*)"/.exec(body)?.[1] ?? /<(?:\w+:)?cNvPr\b[^>]*\bname="([^"]*)"/.exec(body)?.[1];
    out.push({ row, col, dx: Math.round(dx), dy: Math.round(dy), width: Math.round(width), height: Math.round(height), type, data, ...(name ? { name: unescapeXml(name).slice(0, 255) } : {}) });
  }
  return out;
}
