// Pictures given as base64 PNG (chartImages): checked before anything is drawn, and counted
// against a budget of bytes they expand to in memory (width x height x 4). Past the budget a
// picture is printed as a frame, as the spec says, so one export cannot exhaust the server.
import { inflateSync } from 'node:zlib';
import { invalidArg } from '../../errors.ts';

export interface Raster {
  png: Buffer;
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64_RE = /^[A-Za-z0-9+/\r\n]*={0,2}$/;

/** Decodes and checks one base64 PNG; a 400 naming the field when it is not one. */
export function decodePngRaster(field: string, base64: string): Raster {
  const data = base64.replace(/^data:image\/png;base64,/, '');
  if (!BASE64_RE.test(data)) throw invalidArg(field, 'must be a base64-encoded PNG (characters A-Z a-z 0-9 + / =)');
  const png = Buffer.from(data, 'base64');
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw invalidArg(field, 'is not a PNG image (its bytes do not start with the PNG signature and header); only PNG is accepted');
  }
  const width = png.readUInt32BE(16), height = png.readUInt32BE(20);
  if (width < 1 || height < 1 || width > 100_000 || height > 100_000) throw invalidArg(field, `has an impossible size ${width} x ${height}`);
  const depth = png[24]!, colorType = png[25]!, interlace = png[28]!;
  if (!DEPTHS[colorType]?.includes(depth)) throw invalidArg(field, `is a PNG with colour type ${colorType} and bit depth ${depth}, which the PNG format does not allow`);
  if (interlace !== 0) throw invalidArg(field, 'is an interlaced PNG; save it without interlacing');
  return { png, width, height, depth, colorType, interlace };
}

/** Bit depths the PNG format allows per colour type (grey, RGB, palette, grey+alpha, RGBA). */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Decompresses the picture once to prove its data is whole: pdfkit's PNG reader inflates and
 * unfilters pictures with alpha in a callback, where a corrupt stream would be an uncaught
 * exception that ends the process. Called only for pictures within the budget.
 */
export function checkPngData(field: string, r: Raster): void {
  const idat: Buffer[] = [];
  let pos = 8, palette = false;
  while (pos + 8 <= r.png.length) {
    const len = r.png.readUInt32BE(pos);
    const type = r.png.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + len > r.png.length) throw invalidArg(field, `is a truncated PNG (chunk ${type} runs past the end)`);
    if (type === 'IDAT') idat.push(r.png.subarray(pos + 8, pos + 8 + len));
    if (type === 'PLTE') palette = true;
    if (type === 'IEND') break;
    pos += 12 + len;
  }
  if (r.colorType === 3 && !palette) throw invalidArg(field, 'is a palette PNG without a palette (PLTE chunk)');
  const rowBytes = Math.ceil((r.width * CHANNELS[r.colorType]! * r.depth) / 8);
  const expected = r.height * (rowBytes + 1);
  let data: Buffer;
  try {
    data = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    throw invalidArg(field, 'is a PNG whose image data is corrupt or larger than its header says');
  }
  if (data.length !== expected) throw invalidArg(field, `is a PNG with ${data.length} bytes of image data where its header needs ${expected}`);
  for (let y = 0; y < r.height; y++) {
    if (data[y * (rowBytes + 1)]! > 4) throw invalidArg(field, `is a PNG with an invalid filter on row ${y}`);
  }
}

/** Hands out expanded-memory budget to rasters in print order; false = print a frame instead. */
export class RasterBudget {
  private left: number;
  constructor(bytes: number) {
    this.left = bytes;
  }

  take(r: Raster): boolean {
    const cost = r.width * r.height * 4;
    if (cost > this.left) return false;
    this.left -= cost;
    return true;
  }
}

/** Width and height of a baseline or progressive JPEG, from its frame header; undefined when none is found. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let pos = 2;
  while (pos + 9 < bytes.length) {
    if (bytes[pos] !== 0xff) return undefined;
    const marker = bytes[pos + 1]!;
    const len = bytes.readUInt16BE(pos + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7) };
    pos += 2 + len;
  }
  return undefined;
}
