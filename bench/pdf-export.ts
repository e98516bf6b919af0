// Target (issue "Show it as a spreadsheet program does"): a 10,000-row x 10-column sheet with
// number, currency, percent and date formats exported to PDF (Letter, defaults) through REST in
// under 5 s. Reference: bare pdfkit writing the same displayed texts at the same places with the
// same embedded font (Carlito, the cells' default), in this process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { faceBytes } from '../core/layout/fonts.ts';
import { median, startBenchServer, timeIt, type BenchRow } from './lib.ts';

const ROWS = 10_000;
const COLS = 10;

function grid(): string[][] {
  const head = Array.from({ length: COLS }, (_, c) => `Column ${c + 1}`);
  const body = Array.from({ length: ROWS }, (_, r) =>
    Array.from({ length: COLS }, (_, c) => {
      if (c === 0) return `item ${r + 1}`;
      if (c === 1) return `2026-${String((r % 12) + 1).padStart(2, '0')}-${String((r % 28) + 1).padStart(2, '0')}`;
      if (c === 9) return r % 5 === 0 ? 'a note long enough to overflow' : '';
      return String(((r * 7919 + c * 104729) % 100_000) / 100);
    }),
  );
  return [head, ...body];
}

/** The same texts at the same grid places, one font, no styles: what pdfkit alone costs. */
async function barePdfkit(values: string[][]): Promise<{ ms: number; pages: number }> {
  const t0 = performance.now();
  const doc = new PDFDocument({ autoFirstPage: false, size: 'LETTER', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => doc.on('end', r));
  const rowH = 21 * 0.75, colW = 100 * 0.75, perPage = Math.floor((792 - 108) / rowH), colsPerPage = Math.floor((612 - 100.8) / colW);
  let pages = 0;
  for (let c0 = 0; c0 < COLS; c0 += colsPerPage) {
    for (let r0 = 0; r0 < values.length; r0 += perPage) {
      doc.addPage();
      pages++;
      doc.font(faceBytes('carlito', 'r').data).fontSize(11);
      for (let r = r0; r < Math.min(values.length, r0 + perPage); r++) {
        for (let c = c0; c < Math.min(COLS, c0 + colsPerPage); c++) {
          const t = values[r]![c]!;
          if (t) doc.text(t, 50.4 + (c - c0) * colW + 2, 54 + (r - r0) * rowH + 3, { lineBreak: false });
        }
      }
    }
  }
  doc.end();
  await done;
  return { ms: performance.now() - t0, pages };
}

export async function benchPdf(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'sheets-bench-pdf-'));
  try {
    let s = await startBenchServer({ DATA_DIR: join(dir, 'data') });
    const file = (await s.call('POST', '/v1/files', { name: 'pdf-bench' })).body.uuid;
    await s.call('PUT', `/v1/files/${file}/cells`, { cell: 'A1', values: grid() });
    await s.call('PUT', `/v1/files/${file}/cells/formats`, { range: 'A1:J1', bold: true, fill_color: '#DDEBF7' });
    await s.call('PUT', `/v1/files/${file}/cells/formats`, { range: `C2:E${ROWS + 1}`, number_format: 'currency' });
    await s.call('PUT', `/v1/files/${file}/cells/formats`, { range: `F2:G${ROWS + 1}`, number_format: 'percent', decimals: 1 });
    await s.call('PUT', `/v1/files/${file}/cells/formats`, { range: `H2:I${ROWS + 1}`, number_format: 'number', decimals: 2, numeric_commas: true });
    // A fresh server process, so its peak RSS is the store plus the exports, not the writes.
    await s.stop();
    s = await startBenchServer({ DATA_DIR: join(dir, 'data') });
    await s.call('GET', `/v1/files/${file}`);
    const rssBefore = s.peakRssMiB();
    const times: number[] = [];
    let pdf = Buffer.alloc(0);
    for (let i = 0; i < 3; i++) {
      const { ms, value } = await timeIt(async () => {
        const res = await fetch(`${s.url}/v1/files/${file}/export/pdf`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` } });
        if (res.status !== 200) throw new Error(`export failed: ${res.status} ${await res.text()}`);
        return Buffer.from(await res.arrayBuffer());
      });
      times.push(ms);
      pdf = value;
    }
    const exportMs = median(times);
    let pages = NaN;
    try {
      writeFileSync(join(dir, 'out.pdf'), pdf);
      pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [join(dir, 'out.pdf')], { encoding: 'utf8' }))?.[1]);
    } catch {
      /* pdfinfo missing: the page count is left out */
    }
    rows.push({ name: `export 10k x ${COLS} rows to PDF (POST /export/pdf, median of 3)`, value: exportMs, unit: 'ms', target: '< 5000', ok: exportMs < 5_000, note: `${pages} pages, ${(pdf.length / 1024 / 1024).toFixed(1)} MiB` });
    const shown = (await s.call('GET', `/v1/files/${file}/data?range=A1:J${ROWS + 1}`)).body.values as string[][];
    const bare: number[] = [];
    let barePages = 0;
    for (let i = 0; i < 3; i++) {
      const b = await barePdfkit(shown);
      bare.push(b.ms);
      barePages = b.pages;
    }
    const bareMs = median(bare);
    rows.push({ name: 'bare pdfkit, same texts and font (in-process, median of 3)', value: bareMs, unit: 'ms', note: `${barePages} pages` });
    rows.push({ name: 'PDF export / bare pdfkit', value: exportMs / bareMs, unit: 'x' });
    const rss = s.peakRssMiB();
    rows.push({ name: 'peak RSS of a fresh server doing the exports', value: rss, unit: 'MiB', target: '< 1024', ok: rss < 1024, note: `${rssBefore.toFixed(0)} MiB after start-up` });
    rows.push({ name: 'peak RSS added by the exports', value: rss - rssBefore, unit: 'MiB', target: '< 256', ok: rss - rssBefore < 256 });
    await s.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
