// A small PNG decoder for tests (8-bit RGB/RGBA, non-interlaced: what resvg writes), so image
// tests can check size and count pixels without an image library.
import { inflateSync } from 'node:zlib';

export interface Decoded {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Uint8Array;
}

export function decodePng(buf: Buffer): Decoded {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, depth = 0, color = 0;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8]!;
      color = data[9]!;
      if (data[12] !== 0) throw new Error('interlaced PNG not supported');
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  if (depth !== 8 || (color !== 6 && color !== 2)) throw new Error(`unsupported PNG: depth ${depth}, colour type ${color}`);
  const bpp = color === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(width * height * 4);
  const prev = new Uint8Array(stride), line = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= bpp ? line[x - bpp]! : 0, b = prev[x]!, c = x >= bpp ? prev[x - bpp]! : 0;
      let p: number;
      if (filter === 0) p = v;
      else if (filter === 1) p = v + a;
      else if (filter === 2) p = v + b;
      else if (filter === 3) p = v + ((a + b) >> 1);
      else {
        const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
        p = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      line[x] = p & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = line[x * bpp]!;
      out[o + 1] = line[x * bpp + 1]!;
      out[o + 2] = line[x * bpp + 2]!;
      out[o + 3] = bpp === 4 ? line[x * bpp + 3]! : 255;
    }
    prev.set(line);
  }
  return { width, height, pixels: out };
}

/** Pixels that differ from the background colour (opaque white by default). */
export function countNonBackground(img: Decoded, bg: [number, number, number] = [255, 255, 255]): number {
  let n = 0;
  for (let i = 0; i < img.pixels.length; i += 4) {
    if (img.pixels[i + 3] === 0) continue;
    if (img.pixels[i] !== bg[0] || img.pixels[i + 1] !== bg[1] || img.pixels[i + 2] !== bg[2]) n++;
  }
  return n;
}

export function countColor(img: Decoded, rgb: [number, number, number], tolerance = 8): number {
  let n = 0;
  for (let i = 0; i < img.pixels.length; i += 4) {
    if (Math.abs(img.pixels[i]! - rgb[0]) <= tolerance && Math.abs(img.pixels[i + 1]! - rgb[1]) <= tolerance && Math.abs(img.pixels[i + 2]! - rgb[2]) <= tolerance) n++;
  }
  return n;
}
