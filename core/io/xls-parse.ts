// SheetJS's parse of an .xls file, in a child process with a heap limit of its own: a 25 KB file
// (ExcelDataReader's issue 382) makes SheetJS allocate until V8 aborts the whole process, which no
// try/catch survives, and a worker thread's heap limit did not hold it either (V8 still aborted
// the process). In a child the abort ends the child alone and the import is a 400.
// The workbook comes back whole when SheetJS reads it so; when it cannot, each sheet is read
// alone (SheetJS parses the globals, then the sheets it is asked for), so a damaged sheet costs
// that sheet.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { deserialize } from 'node:v8';
import type * as XLSX from '@e965/xlsx';
import { invalidArg } from '../errors.ts';

/** Heap the parse may use; an .xls is at most SHEETS_MAX_IMPORT_BYTES, its cells a few times that. */
const HEAP_MB = 1024;
/** A parse that takes longer is stopped. */
const PARSE_MS = 120_000;

/**
 * Run in the child before SheetJS reads the file (reading the container can exhaust memory too):
 * a shared string table that says it holds no strings while it does (ExcelDataReader's issue 477;
 * some writers leave the counts at 0) gets the count of the strings its record holds. SheetJS
 * reads as many strings as the count says, so every sheet with a text cell failed. A table split
 * across CONTINUE records is left as it is.
 */
const MEND = `function mend(bytes) {
  const cfb = xlsx.CFB.read(bytes, { type: 'buffer' });
  const stream = xlsx.CFB.find(cfb, 'Workbook') || xlsx.CFB.find(cfb, 'Book');
  if (!stream || !stream.content) return bytes;
  const d = Buffer.from(stream.content);
  for (let p = 0; p + 4 <= d.length; ) {
    const type = d.readUInt16LE(p), len = d.readUInt16LE(p + 2), next = p + 4 + len;
    if (type !== 0xfc) { p = next; continue; }
    if (len <= 8 || next > d.length || d.readUInt32LE(p + 8) !== 0) return bytes;
    if (next + 4 <= d.length && d.readUInt16LE(next) === 0x3c) return bytes;
    let q = p + 12, n = 0;
    while (q + 3 <= next) {
      const cch = d.readUInt16LE(q), flags = d[q + 2];
      q += 3;
      let runs = 0, ext = 0;
      if (flags & 8) { runs = d.readUInt16LE(q); q += 2; }
      if (flags & 4) { ext = d.readUInt32LE(q); q += 4; }
      q += cch * (flags & 1 ? 2 : 1) + runs * 4 + ext;
      n++;
    }
    if (q !== next || !n) return bytes;
    if (d.readUInt32LE(p + 4) < n) d.writeUInt32LE(n, p + 4);
    d.writeUInt32LE(n, p + 8);
    stream.content = d;
    return Buffer.from(xlsx.CFB.write(cfb, { type: 'buffer' }));
  }
  return bytes;
}`;

const CHILD = `(async () => {
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
let bytes = Buffer.concat(chunks);
const xlsx = require(process.argv[1]);
const reply = (v) => process.stdout.write(require('node:v8').serialize(v));
const OPTIONS = { type: 'buffer', cellFormula: true, cellNF: true, cellDates: false, cellStyles: true, dense: true };
${MEND}
try { bytes = mend(bytes); } catch {}
let wb;
try { wb = xlsx.read(bytes, OPTIONS); } catch {}
const broken = [];
if (!wb || !wb.SheetNames.every((n) => wb.Sheets[n])) {
  let names;
  try { names = wb ? wb.SheetNames : xlsx.read(bytes, { type: 'buffer', bookSheets: true }).SheetNames; }
  catch { reply({ unreadable: true }); return; }
  const out = wb || { SheetNames: names, Sheets: {} };
  out.SheetNames = names;
  names.forEach((name, i) => {
    if (out.Sheets[name]) return;
    try {
      const one = xlsx.read(bytes, { ...OPTIONS, sheets: i });
      if (one.Sheets[name]) { out.Sheets[name] = one.Sheets[name]; out.Workbook = out.Workbook || one.Workbook; return; }
    } catch {}
    broken.push(name);
  });
  wb = out;
}
reply({ wb, broken });
})();
`;

export async function parseXls(bytes: Buffer, report: string[]): Promise<XLSX.WorkBook> {
  const lib = createRequire(import.meta.url).resolve('@e965/xlsx');
  // Plain node: the child needs neither the TypeScript loader nor the parent's flags.
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '-e', CHILD, lib], { env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['pipe', 'pipe', 'ignore'] });
  const out: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stdin.on('error', () => undefined);
  child.stdin.end(bytes);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, PARSE_MS);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (timedOut) throw invalidArg('file_data', `is not a readable .xls file: reading it took longer than ${PARSE_MS / 1000} s`);
  if (code !== 0) throw invalidArg('file_data', `is not a readable .xls file: reading it took more than ${HEAP_MB} MB of memory (a damaged file can claim more rows or cells than it holds)`);
  const reply = deserialize(Buffer.concat(out)) as { wb?: XLSX.WorkBook; broken?: string[]; unreadable?: boolean };
  if (reply.unreadable || !reply.wb) throw invalidArg('file_data', 'is not a readable .xls file: its workbook stream, which lists the sheets, could not be read (the file is damaged, or not an Excel 97-2003 workbook)');
  for (const name of reply.broken ?? []) report.push(`not read: sheet ${name}: its records in the file are damaged; the sheet is not imported`);
  return reply.wb;
}
