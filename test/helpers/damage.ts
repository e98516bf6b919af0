// Workbooks Excel wrote, damaged one part at a time in memory: the reader's tests of parts it
// cannot read (test/xlsx-damaged.test.ts) and the mangling fuzz (test/xlsx-fuzz.test.ts,
// scripts/fuzz.ts). Entries are rewritten as a plain zip by hand, so a damaged archive can hold
// what fflate's writer cannot: directories, one name twice, names with backslashes.
import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';

export const EXCEL_FIXTURES = new URL('../fixtures/excel/', import.meta.url).pathname;

export interface Entry {
  name: string;
  data: Buffer;
  /** Written as is (method 8 with data that does not inflate, for a damaged entry). */
  raw?: { method: number; compressed: Buffer };
}

/** The entries of a fixture (a path under test/fixtures/excel/, or an absolute path), in archive order. */
export function entriesOf(path: string): Entry[] {
  const bytes = readFileSync(path.startsWith('/') ? path : `${EXCEL_FIXTURES}${path}`);
  return Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => ({ name, data: Buffer.from(data) }));
}

/** A plain zip archive of the entries (deflated, no extra fields). */
export function zipOf(entries: readonly Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.raw?.method ?? (e.data.length ? 8 : 0);
    const compressed = e.raw?.compressed ?? (method === 8 ? deflateRawSync(e.data) : e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    local.copy(dir, 8, 6, 30);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    parts.push(local, name, compressed);
    offset += 30 + name.length + compressed.length;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/** The fixture with some parts' text rewritten (null: the part is taken out). */
export function withParts(path: string, edits: Record<string, ((xml: string) => string) | null>): Buffer {
  const out: Entry[] = [];
  for (const e of entriesOf(path)) {
    if (!(e.name in edits)) out.push(e);
    else if (edits[e.name]) out.push({ name: e.name, data: Buffer.from(edits[e.name]!(strFromU8(e.data)), 'utf8') });
  }
  return zipOf(out);
}
