// An .xlsx is a zip archive, and a few megabytes of zip can inflate to gigabytes (a zip bomb).
// Before exceljs inflates anything, every entry listed in the central directory is inflated here
// with a hard cap on the output (zlib's maxOutputLength), so the sizes the archive declares are
// not trusted: past the cap the import is refused with a 413 and nothing large is ever allocated.
import { inflateRawSync } from 'node:zlib';
import { OpError, invalidArg } from '../errors.ts';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** Where an archive's end-of-central-directory record starts (it may be followed by a comment); -1 when absent. */
export function endOfDirectory(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) if (zip.readUInt32LE(i) === EOCD) return i;
  return -1;
}
const LOCAL = 0x04034b50;

function tooBig(limit: number): OpError {
  return new OpError('payload_too_large', `file_data: the .xlsx inflates to more than ${limit} bytes; imports take at most ${limit} bytes of unzipped workbook (SHEETS_MAX_UNZIPPED_BYTES)`, { field: 'file_data', limit });
}

function corrupt(why: string): OpError {
  return invalidArg('file_data', `is not a readable .xlsx file: ${why}`);
}

/** Throws 413 when the archive's entries inflate to more than `limit` bytes in all; 400 when it is not a zip. */
export function checkUnzippedSize(zip: Buffer, limit: number): number {
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  const eocd = endOfDirectory(zip);
  if (eocd < 0) throw corrupt('no zip directory found');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw corrupt('Zip64 archives are not supported');
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw corrupt('damaged zip directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw corrupt('damaged zip entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, limit - total + 1) }).length;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig(limit);
        // A damaged entry is one part the reader leaves out and names (xlsx-read-zip.ts), not a refusal.
      }
    }
    if (total > limit) throw tooBig(limit);
  }
  return total;
}

/**
 * One entry of an archive that checkUnzippedSize accepted, inflated (undefined when absent): for
 * parts exceljs does not keep, such as the defined names in xl/workbook.xml.
 */
export function readZipEntry(zip: Buffer, path: string): Buffer | undefined {
  const eocd = endOfDirectory(zip);
  if (eocd < 0) return undefined;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count && at + 46 <= zip.length && zip.readUInt32LE(at) === CENTRAL; n++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (name !== path) continue;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return undefined;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) return data;
    try {
      return method === 8 ? inflateRawSync(data) : undefined;
    } catch {
      return undefined; // damaged data: the part is missing (xlsx-read-zip.ts names it)
    }
  }
  return undefined;
}
