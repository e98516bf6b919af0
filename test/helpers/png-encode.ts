// A small PNG writer for tests: any colour type and bit depth, optional palette and tRNS, and a
// way to corrupt the data, so the PDF export can be fed every kind of picture a client may send.
import { crc32, deflateSync } from 'node:zlib';

export interface PngSpec {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  /** Filtered scanlines (filter byte + row bytes); default: filter 0 and a pattern. */
  raw?: Buffer;
  plte?: Buffer;
  trns?: Buffer;
  /** Replace the deflated data with these bytes. */
  idat?: Buffer;
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function encodePng(s: PngSpec): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(s.width, 0);
  ihdr.writeUInt32BE(s.height, 4);
  ihdr[8] = s.depth;
  ihdr[9] = s.colorType;
  const rowBytes = Math.ceil((s.width * CHANNELS[s.colorType] * s.depth) / 8);
  let raw = s.raw;
  if (!raw) {
    raw = Buffer.alloc(s.height * (rowBytes + 1));
    for (let y = 0; y < s.height; y++) for (let x = 0; x < rowBytes; x++) raw[y * (rowBytes + 1) + 1 + x] = (x * 37 + y * 11) & (s.colorType === 3 ? 0 : 255);
  }
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (s.plte) parts.push(chunk('PLTE', s.plte));
  if (s.trns) parts.push(chunk('tRNS', s.trns));
  parts.push(chunk('IDAT', s.idat ?? deflateSync(raw)), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
