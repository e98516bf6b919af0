// Poppler's command-line tools as the judge of exported PDFs: pdfinfo (pages, page size),
// pdftotext (texts per page), pdftoppm (a page rendered to PNG), pdffonts (embedded fonts).
// Missing tools make a test skip with the package to install, except under CI=true, where they
// must be there.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePng, type Decoded } from './png.ts';

export const POPPLER_PACKAGE = 'poppler-utils';

/** Why poppler cannot be used here (and, under CI, an error), or undefined when it can. */
export function popplerMissing(): string | undefined {
  for (const tool of ['pdfinfo', 'pdftotext', 'pdftoppm', 'pdffonts']) {
    const r = spawnSync(tool, ['-v'], { encoding: 'utf8' });
    if (r.error) {
      const why = `${tool} not found: install the Debian package ${POPPLER_PACKAGE}`;
      if (process.env.CI === 'true') throw new Error(why);
      return why;
    }
  }
  return undefined;
}

function withFile<T>(pdf: Buffer, fn: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-check-'));
  try {
    const path = join(dir, 'out.pdf');
    writeFileSync(path, pdf);
    return fn(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PdfInfo {
  pages: number;
  /** Page size in points of the first page (or the given page). */
  width: number;
  height: number;
  title?: string;
}

export function pdfInfo(pdf: Buffer, page = 1): PdfInfo {
  return withFile(pdf, (path) => {
    const out = execFileSync('pdfinfo', ['-f', String(page), '-l', String(page), path], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
    const size = /Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/.exec(out) ?? /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out);
    const title = /^Title:\s+(.*)$/m.exec(out)?.[1];
    return { pages, width: Number(size?.[1]), height: Number(size?.[2]), ...(title ? { title } : {}) };
  });
}

/** The text of one page (or all pages), in reading layout. */
export function pdfText(pdf: Buffer, page?: number): string {
  return withFile(pdf, (path) => {
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    return execFileSync('pdftotext', ['-layout', ...range, path, '-'], { encoding: 'utf8' });
  });
}

/** One page rendered to a PNG at the given resolution, decoded. */
export function renderPage(pdf: Buffer, page = 1, dpi = 50): Decoded {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', path, join(dir, 'page')]);
    return decodePng(readFileSync(join(dir, 'page.png')));
  });
}

/** Names of the fonts embedded in the PDF (subset prefixes removed). */
export function pdfFonts(pdf: Buffer): string[] {
  return withFile(pdf, (path) => {
    const out = execFileSync('pdffonts', [path], { encoding: 'utf8' });
    return out.split('\n').slice(2).map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')).filter(Boolean);
  });
}
