// Pictures given as base64 PNG (chartImages): checked before anything is drawn, and counted
// against a budget of bytes they expand to in memory (width x height x 4). Past the budget a
// picture is printed as a frame, as the spec says, so one export cannot exhaust the server.
import { invalidArg } from '../../errors.ts';

export interface Raster {
  png: Buffer;
  width: number;
  height: number;
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
  return { png, width, height };
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
