// The archive exceljs is given on import: the same entries, but each worksheet part inflated here
// (zlib, native) and stored back without its cells, so exceljs's JavaScript inflate and XML parser
// never see the bulk of the file. The worksheets' full XML is returned for the cell reader.
import { crc32, inflateRawSync } from 'node:zlib';
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

/** The worksheet parts exceljs reads as worksheets (its own test of the name). */
const WORKSHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;

/**
 * The archive with each worksheet's XML passed through `strip`, and that XML by part path. An
 * archive this cannot read plainly comes back as it is (exceljs then reads it whole).
 */
export function withSheetsStripped(zip: Buffer, strip: (xml: string) => string): { zip: Buffer; sheets: Map<string, string> } {
  const sheets = new Map<string, string>();
  const entries = entriesOf(zip);
  if (!entries) return { zip, sheets };
  const out: Entry[] = [];
  for (const e of entries) {
    const name = e.name.toString('utf8');
    if (!WORKSHEET.test(name) || (e.method !== 0 && e.method !== 8)) {
      out.push(e);
      continue;
    }
    let xml = (e.method === 0 ? e.compressed : inflateRawSync(e.compressed)).toString('utf8');
    if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
    sheets.set(name.replace(/^\//, ''), xml);
    const data = Buffer.from(strip(xml), 'utf8');
    out.push({ ...e, method: 0, crc: crc32(data), compressed: data, size: data.length });
  }
  return { zip: archive(out), sheets };
}
