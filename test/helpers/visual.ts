// The visual comparison of issue "Show it as a spreadsheet program does": a workbook Excel saved is
// printed to PDF by the service (imported as the service imports it, printed with no request body,
// so with the file's own page setup) and by LibreOffice headless from the original file; both are
// rasterised with pdftoppm and compared page by page.
//
// The measure (docs/pdf-export.md, "Visual comparison"): both pages are rendered in grey at
// VISUAL_DPI, blurred with a (2R+1)² box so that a glyph one or two pixels away, or a font drawn a
// little heavier, still overlaps itself; then
//
//   difference = Σ |a − b|  /  Σ max(ink(a), ink(b))        (ink = 255 − grey)
//
// the share of the ink on either page that the other page does not have at the same place. 0 is
// the same picture; 1 is two pictures with nothing in common; a blank page against a printed one
// is 1. It does not reward white space: a page that is mostly empty is judged on what is on it.
// A failing page writes LibreOffice | service | difference side by side into the artifact folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { loadConfig } from '../../core/config.ts';
import { planJob } from '../../core/io/pdf/plan.ts';
import { renderJob } from '../../core/io/pdf/render.ts';
import { importWithReport } from './excel-fidelity.ts';

export const VISUAL_DPI = 40;
const BLUR = 1;
/** Tiles of this many pixels are matched within SHIFT pixels (at 40 dpi: 0.4 and 0.2 inch). */
const TILE = 16;
const SHIFT = 8;

export interface Grey {
  width: number;
  height: number;
  /** One byte per pixel, 0 black .. 255 white. */
  data: Uint8Array;
}

/** The service's PDF of an Excel file: imported as an import does, printed with no request body. */
export async function servicePdf(path: string): Promise<Buffer> {
  const { wb } = await importWithReport(readFileSync(path));
  try {
    const ctx = { signal: undefined, progress: undefined };
    const job = await planJob(ctx, wb, {}, loadConfig({}));
    return await renderJob(ctx, job, { title: basename(path), fileName: basename(path), date: '2026-01-01', created: new Date(Date.UTC(2026, 0, 1)) });
  } finally {
    wb.destroy();
  }
}

/** LibreOffice's PDFs of the files, one soffice run, into `outDir` as <name>.pdf. */
export function libreOfficePdfs(files: string[], outDir: string): void {
  const profile = mkdtempSync(join(tmpdir(), 'lo-pdf-'));
  try {
    mkdirSync(outDir, { recursive: true });
    // Excel's default paper is the US one (Letter) when a file names none, and so is LibreOffice's
    // in a US English locale; the machine's may be A4.
    const env = { ...process.env, LANG: 'en_US.UTF-8', LC_PAPER: 'en_US.UTF-8' };
    const r = spawnSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, ...files], { encoding: 'utf8', timeout: 600_000, env });
    if (r.status !== 0) throw new Error(`soffice failed (${r.status}): ${r.stderr || r.error}`);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Every page of a PDF in grey at VISUAL_DPI. */
export function rasterise(pdf: Buffer, dpi = VISUAL_DPI): Grey[] {
  const dir = mkdtempSync(join(tmpdir(), 'visual-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), join(dir, 'in.pdf'), join(dir, 'p')], { timeout: 120_000 });
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]))
      .map((f) => decodePgm(readFileSync(join(dir, f))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function decodePgm(buf: Buffer): Grey {
  // "P5" whitespace width whitespace height whitespace maxval one-whitespace data
  const head = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.toString('latin1', 0, 64));
  if (!head || head[3] !== '255') throw new Error('not an 8-bit PGM');
  return { width: Number(head[1]), height: Number(head[2]), data: new Uint8Array(buf.subarray(head[0].length)) };
}

/** The picture at half the resolution (each pixel the mean of a 2 x 2 square). */
export function halve(g: Grey): Grey {
  const width = g.width >> 1, height = g.height >> 1, data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * g.width + 2 * x;
      data[y * width + x] = (g.data[i]! + g.data[i + 1]! + g.data[i + g.width]! + g.data[i + g.width + 1]! + 2) >> 2;
    }
  }
  return { width, height, data };
}

/** A box blur of radius r (separable, clamped at the edges). */
function blur(g: Grey, r: number): Float32Array {
  const { width: w, height: h } = g;
  const tmp = new Float32Array(w * h), out = new Float32Array(w * h);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let d = -r; d <= r; d++) s += g.data[y * w + Math.min(w - 1, Math.max(0, x + d))]!;
      tmp[y * w + x] = s / n;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let d = -r; d <= r; d++) s += tmp[Math.min(h - 1, Math.max(0, y + d)) * w + x]!;
      out[y * w + x] = s / n;
    }
  }
  return out;
}

/** The ink one page has that the other lacks nearby (see the top of this file), summed over tiles. */
function unmatched(fa: Float32Array, fb: Float32Array, width: number, height: number): number {
  // Ink of b summed over rectangles in O(1): a summed-area table.
  const sat = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0, row = 0; x < width; x++) {
      row += 255 - fb[y * width + x]!;
      sat[(y + 1) * (width + 1) + x + 1] = sat[y * (width + 1) + x + 1]! + row;
    }
  }
  const inkB = (x0: number, y0: number, x1: number, y1: number) => {
    [x0, y0, x1, y1] = [Math.max(0, x0), Math.max(0, y0), Math.min(width, x1), Math.min(height, y1)];
    return sat[y1 * (width + 1) + x1]! - sat[y0 * (width + 1) + x1]! - sat[y1 * (width + 1) + x0]! + sat[y0 * (width + 1) + x0]!;
  };
  let total = 0;
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      const x1 = Math.min(tx + TILE, width), y1 = Math.min(ty + TILE, height);
      let ink = 0;
      for (let y = ty; y < y1; y++) for (let x = tx; x < x1; x++) ink += 255 - fa[y * width + x]!;
      if (ink < 1) continue;
      // Nothing of b anywhere near: all of this ink is unmatched.
      if (inkB(tx - SHIFT, ty - SHIFT, x1 + SHIFT, y1 + SHIFT) < 1) {
        total += ink;
        continue;
      }
      let best = Infinity;
      for (let dy = -SHIFT; dy <= SHIFT && best > 0; dy++) {
        for (let dx = -SHIFT; dx <= SHIFT && best > 0; dx++) {
          let d = 0;
          for (let y = ty; y < y1 && d < best; y++) {
            const yb = y + dy;
            for (let x = tx; x < x1; x++) {
              const xb = x + dx;
              const vb = yb < 0 || yb >= height || xb < 0 || xb >= width ? 255 : fb[yb * width + xb]!;
              d += Math.abs(fa[y * width + x]! - vb);
            }
          }
          if (d < best) best = d;
        }
      }
      total += best;
    }
  }
  return total;
}

/** The difference of two pages (see the top of this file); pages of different sizes are compared over their common part. */
export function pageDifference(a: Grey, b: Grey): { difference: number; map: Uint8Array; width: number; height: number } {
  const width = Math.min(a.width, b.width), height = Math.min(a.height, b.height);
  const crop = (g: Grey): Grey => {
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) data.set(g.data.subarray(y * g.width, y * g.width + width), y * width);
    return { width, height, data };
  };
  const fa = blur(crop(a), BLUR), fb = blur(crop(b), BLUR);
  let inkA = 0, inkB = 0;
  const map = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    inkA += 255 - fa[i]!;
    inkB += 255 - fb[i]!;
    map[i] = 255 - Math.min(255, Math.round(Math.abs(fa[i]! - fb[i]!) * 2));
  }
  const ink = Math.max(inkA, inkB);
  if (ink === 0) return { difference: 0, map, width, height };
  const difference = Math.max(unmatched(fa, fb, width, height), unmatched(fb, fa, width, height)) / ink;
  return { difference: Math.min(1, difference), map, width, height };
}

/** LibreOffice's page | the service's page | the difference, as one grey PNG. */
export function sideBySide(a: Grey, b: Grey, diff: { map: Uint8Array; width: number; height: number }): Buffer {
  const gap = 8;
  const width = a.width + b.width + diff.width + 2 * gap, height = Math.max(a.height, b.height, diff.height);
  const raw = Buffer.alloc(height * (width + 1), 128);
  const put = (g: { width: number; height: number; data: Uint8Array }, x0: number) => {
    for (let y = 0; y < g.height; y++) {
      raw[y * (width + 1)] = 0;
      for (let x = 0; x < g.width; x++) raw[y * (width + 1) + 1 + x0 + x] = g.data[y * g.width + x]!;
    }
  };
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  put(a, 0);
  put(b, a.width + gap);
  put({ width: diff.width, height: diff.height, data: diff.map }, a.width + b.width + 2 * gap);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export interface VisualResult {
  file: string;
  pages: { ours: number; libreOffice: number };
  /** Difference per page, for the pages both PDFs have. */
  differences: number[];
}

/**
 * Compares the files; pages over `threshold` (and, with `always`, every page) are written as
 * side-by-side PNGs into `artifacts` (created when needed).
 */
export async function compareVisually(files: string[], work: string, artifacts: string, threshold: number, always = false): Promise<VisualResult[]> {
  const loDir = join(work, 'libreoffice');
  libreOfficePdfs(files.filter((f) => !existsSync(join(loDir, basename(f).replace(/\.xlsx$/i, '.pdf')))), loDir);
  const out: VisualResult[] = [];
  for (const file of files) {
    const name = basename(file).replace(/\.xlsx$/i, '');
    const ours = await servicePdf(file);
    writeFileSync(join(work, `${name}.service.pdf`), ours);
    const loPdf = join(loDir, `${name}.pdf`);
    const lo = existsSync(loPdf) ? rasterise(readFileSync(loPdf)) : [];
    const mine = rasterise(ours);
    const differences: number[] = [];
    for (let p = 0; p < Math.min(lo.length, mine.length); p++) {
      const d = pageDifference(lo[p]!, mine[p]!);
      differences.push(d.difference);
      if (always || d.difference > threshold) {
        mkdirSync(artifacts, { recursive: true });
        writeFileSync(join(artifacts, `${name}-p${p + 1}.png`), sideBySide(lo[p]!, mine[p]!, d));
      }
    }
    out.push({ file: name, pages: { ours: mine.length, libreOffice: lo.length }, differences });
  }
  return out;
}
