// The archive an .xlsx is, made plain before anything reads it: names written with backslashes or
// a leading slash become part names, directories and a second entry of one name are left out,
// an entry whose compressed data does not inflate is left out, and so is an XML part the import
// reads by pattern (drawings, charts, notes, tables, threaded comments, theme) that is not
// well-formed: each left-out part is named with the reason (xlsx-read-report.ts words it).
import { crc32, inflateRawSync } from 'node:zlib';
import { xmlDamage } from './xml-check.ts';
import { endOfDirectory } from './zip-guard.ts';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: Buffer;
  method: number;
  crc: number;
  compressed: Buffer;
  size: number;
  time: number;
  date: number;
}

/** The entries of the central directory, data included; undefined when it cannot be read plainly. */
function entriesOf(zip: Buffer): Entry[] | undefined {
  const eocd = endOfDirectory(zip);
  if (eocd < 0) return undefined;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) return undefined;
  const out: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const compressedSize = zip.readUInt32LE(at + 20);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) return undefined;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) return undefined;
    out.push({
      name: zip.subarray(at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.subarray(start, start + compressedSize),
      size: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/** Writes entries as a plain archive (no extra fields, no data descriptors). */
function archive(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(e.time, 10);
    local.writeUInt16LE(e.date, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(e.name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(CENTRAL, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    local.copy(dir, 8, 6, 30);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, e.name);
    parts.push(local, e.name, e.compressed);
    offset += 30 + e.name.length + e.compressed.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/** XML parts read by pattern, whose half-read would go unnoticed: dropped when not well-formed. */
const CHECKED = /^xl\/(?:drawings\/[^/]+\.xml|charts\/[^/]+\.xml|comments[^/]*\.xml|tables\/[^/]+\.xml|threadedComments\/[^/]+\.xml|theme\/[^/]+\.xml)$/i;

/** Entries kept inflated (stored) in the plain archive, so later reads do not inflate them again. */
const STORE_BELOW = 1 << 20;

export interface PackageProblem {
  part: string;
  why: string;
}

export interface PlainPackage {
  bytes: Buffer;
  /** Part names the archive holds (after the fixes). */
  names: Set<string>;
  problems: PackageProblem[];
}

/** The archive with its entries made plain; an archive whose directory cannot be read comes back as it is. */
export function plainPackage(zip: Buffer): PlainPackage {
  const entries = entriesOf(zip);
  if (!entries) return { bytes: zip, names: new Set(), problems: [] };
  const out: Entry[] = [];
  const names = new Set<string>();
  const problems: PackageProblem[] = [];
  for (const e of entries) {
    const name = e.name.toString('utf8').replace(/\\/g, '/').replace(/^\/+/, '');
    if (!name || name.endsWith('/')) continue;
    if (names.has(name)) {
      problems.push({ part: name, why: 'the archive holds a second entry of this name, which is left out (the first is read)' });
      continue;
    }
    let data: Buffer;
    try {
      if (e.method === 0) data = e.compressed;
      else if (e.method === 8) data = inflateRawSync(e.compressed);
      else throw new Error(`compression method ${e.method}`);
    } catch {
      problems.push({ part: name, why: e.method === 0 || e.method === 8 ? 'its compressed data is damaged' : `it is compressed in a way this reader does not know (method ${e.method})` });
      continue;
    }
    if (CHECKED.test(name)) {
      const damage = xmlDamage(data.toString('utf8'));
      if (damage) {
        problems.push({ part: name, why: `its XML is damaged (${damage})` });
        continue;
      }
    }
    names.add(name);
    const plainName = Buffer.from(name, 'utf8');
    out.push(data.length < STORE_BELOW || e.method === 0 ? { ...e, name: plainName, method: 0, crc: crc32(data), compressed: data, size: data.length } : { ...e, name: plainName });
  }
  return { bytes: archive(out), names, problems };
}

/** Builds an archive of whole parts (stored, not compressed): what exceljs is given (xlsx-skeleton.ts). */
export function storedArchive(parts: Map<string, string>): Buffer {
  return archive([...parts].map(([name, text]) => {
    const data = Buffer.from(text, 'utf8');
    return { name: Buffer.from(name, 'utf8'), method: 0, time: 0, date: 0x21, crc: crc32(data), compressed: data, size: data.length };
  }));
}
