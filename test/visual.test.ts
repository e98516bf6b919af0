// Issue "Show it as a spreadsheet program does": the service's PDF of Excel-made workbooks next to
// LibreOffice's PDF of the same files, rasterised and compared page by page (the measure is in
// test/helpers/visual.ts, the files and their limits in test/visual-suite.ts). A page over its
// limit is written side by side (LibreOffice | service | difference) into test-results/visual/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sofficeMissing } from './helpers/libreoffice.ts';
import { popplerMissing } from './helpers/poppler.ts';
import { compareVisually, pageDifference, type Grey, type VisualResult } from './helpers/visual.ts';
import { VISUAL_SUITE } from './visual-suite.ts';

const missing = popplerMissing() ?? sofficeMissing();
if (missing && process.env.CI === 'true') throw new Error(missing);
if (missing) console.warn(`visual comparison skipped: ${missing}`);

const ARTIFACTS = 'test-results/visual';

describe.skipIf(!!missing)('PDF pages against LibreOffice', () => {
  let work: string;
  let results: Map<string, VisualResult>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'visual-'));
    const files = VISUAL_SUITE.map((c) => c.file);
    const limit = Math.min(...VISUAL_SUITE.map((c) => c.max));
    results = new Map((await compareVisually(files, work, ARTIFACTS, limit)).map((r) => [r.file, r]));
  }, 600_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('covers at least 10 workbooks Excel saved', () => {
    expect(VISUAL_SUITE.length).toBeGreaterThanOrEqual(10);
  });

  for (const c of VISUAL_SUITE) {
    const name = c.file.replace(/^.*\//, '').replace(/\.xlsx$/, '');
    it(`${name}: as many pages as LibreOffice${c.libreOfficePages ? ' (or the stated number)' : ''}, each within ${Math.round(c.max * 100)} %`, () => {
      const r = results.get(name)!;
      expect(r.pages.libreOffice, `LibreOffice printed ${name}`).toBeGreaterThan(0);
      expect(r.pages.libreOffice, c.why).toBe(c.libreOfficePages ?? r.pages.ours);
      const worst = Math.max(...r.differences);
      expect(worst, `pages over the limit are in ${ARTIFACTS}/${name}-p*.png; differences ${r.differences.map((d) => d.toFixed(3)).join(' ')}`).toBeLessThanOrEqual(c.max);
    });
  }
});

describe('the page difference', () => {
  const page = (draw: (x: number, y: number) => number): Grey => {
    const width = 340, height = 440, data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = draw(x, y);
    return { width, height, data };
  };
  // A block of "text": dark strokes in rows, as cell texts look at 40 dpi.
  const text = (dx: number, dy: number) => page((x, y) => (x - dx >= 30 && x - dx < 200 && (y - dy) % 8 < 3 && y - dy >= 30 && y - dy < 120 && (x - dx) % 5 < 3 ? 40 : 255));

  it('is 0 for the same page and small for the same page moved by two pixels', () => {
    expect(pageDifference(text(0, 0), text(0, 0)).difference).toBe(0);
    expect(pageDifference(text(0, 0), text(2, 1)).difference).toBeLessThan(0.05);
  });

  it('is 1 against a blank page, and large when half the content is missing or moved far', () => {
    expect(pageDifference(text(0, 0), page(() => 255)).difference).toBe(1);
    const whole = text(0, 0);
    const half = page((x, y) => (y < 75 ? whole.data[y * 340 + x]! : 255));
    expect(pageDifference(text(0, 0), half).difference).toBeGreaterThan(0.3);
    expect(pageDifference(text(0, 0), text(0, 200)).difference).toBeGreaterThan(0.9);
  });
});
