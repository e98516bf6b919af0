// The round trip of issue "Real workbooks survive": every Excel-written fixture imported as the
// service imports it, exported as it exports it, and both files read by openpyxl
// (py/roundtrip_compare.py), which counts per category what the original has and what the export
// kept. Used by test/roundtrip.test.ts and `npm run roundtrip` (scripts/roundtrip.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { basename, join, relative } from 'node:path';
import { recalcWithLibreOffice } from './libreoffice.ts';
import { workbookToXlsx } from '../../core/io/xlsx-export.ts';
import { FIXTURES, cachedValues, fixtureFiles, importWithReport, volatileDependents } from './excel-fidelity.ts';
import { PYTHON } from './io-files.ts';

const COMPARE = new URL('./py/roundtrip_compare.py', import.meta.url).pathname;
/** Files per run of the comparer. */
const COMPARE_BATCH = 100;

export interface FileResult {
  file: string;
  counts: Record<string, [number, number]>;
  diffs: Record<string, string[]>;
  /** The import's warnings: its fidelity report. */
  warnings?: string[];
  error?: string;
}

/**
 * Categories the service does not keep yet, and the words the import's report must use for them
 * when a file has one: what is not kept is said, never dropped silently.
 */
export const REPORTED: Record<string, RegExp> = {
  'conditional formats': /not kept: conditional formats/,
  'data validations': /not kept: data validations/,
  tables: /not kept: tables/,
  charts: /not kept: (charts|chart sheets)/,
  images: /not kept: images/,
  comments: /not kept: (threaded )?comments/,
  hyperlinks: /not kept: hyperlinks/,
  autofilters: /not kept: autofilters/,
  'print setup': /not kept: print setup/,
  'print margins': /not kept: print margins/,
  'headers and footers': /not kept: headers and footers/,
  protection: /not kept: sheet protection/,
  sheets: /not kept: chart sheets/,
  names: /defined name\(s\) were not kept|not kept: tables/,
};

/** Per file, the categories that lost something without the import's report saying so. */
export function unreported(results: FileResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    for (const [cat, [n, k]] of Object.entries(r.counts)) {
      const words = REPORTED[cat];
      if (words && k < n && !(r.warnings ?? []).some((w) => words.test(w))) out.push(`${r.file}: ${cat} (${n - k} of ${n} lost)`);
    }
  }
  return out;
}

/** The children of <worksheet> in the order ECMA-376 requires (CT_Worksheet); Excel repairs a sheet that breaks it. */
const SHEET_ORDER = ['sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'sheetCalcPr', 'sheetProtection', 'protectedRanges', 'scenarios', 'autoFilter', 'sortState', 'dataConsolidate', 'customSheetViews', 'mergeCells', 'phoneticPr', 'conditionalFormatting', 'dataValidations', 'hyperlinks', 'printOptions', 'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks', 'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing', 'legacyDrawing', 'legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'];

/** Sheets of an exported xlsx whose elements are out of CT_Worksheet's order: "sheet1.xml: hyperlinks before dataValidations". */
export function sheetsOutOfOrder(xlsx: Buffer): string[] {
  const out: string[] = [];
  const zip = unzipSync(new Uint8Array(xlsx), { filter: (f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f.name) });
  for (const [name, bytes] of Object.entries(zip)) {
    const xml = strFromU8(bytes).replace(/<sheetData>[\s\S]*?<\/sheetData>/, '<sheetData/>');
    const body = xml.slice(xml.indexOf('>', xml.indexOf('<worksheet')) + 1);
    const top: string[] = [];
    let depth = 0;
    for (const m of body.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
      if (m[1]) depth--;
      else {
        if (depth === 0) top.push(m[2]!);
        if (!m[3]) depth++;
      }
    }
    let last = -1;
    for (const tag of top) {
      const at = SHEET_ORDER.indexOf(tag);
      if (at < 0) out.push(`${name}: unknown element ${tag}`);
      else if (at < last) out.push(`${name}: ${tag} after ${SHEET_ORDER[last]}`);
      last = Math.max(last, at);
    }
  }
  return out;
}

/**
 * Imports and exports each file into `dir`, then compares the pairs with openpyxl. With
 * `libreOffice`, LibreOffice also recalculates each export (into `dir`/libreoffice) and its values
 * are compared with ours.
 */
export async function roundTrip(files: string[], dir: string, libreOffice = false): Promise<FileResult[]> {
  mkdirSync(dir, { recursive: true });
  const pairs: string[][] = [];
  const failed: FileResult[] = [];
  const warnings = new Map<string, string[]>();
  // Formula cells whose value follows the clock or chance (TODAY(), RAND() and what depends on
  // them): Excel cached them at another moment, so their results are not compared.
  const drifting: Record<string, string[]> = {};
  for (const path of files) {
    const file = relative(FIXTURES, path);
    try {
      const original = readFileSync(path);
      const { wb, warnings: report } = await importWithReport(original);
      warnings.set(path, report);
      const out = join(dir, file.replace(/[/\\]/g, '__'));
      const bytes = await workbookToXlsx(wb, async () => undefined);
      writeFileSync(out, bytes);
      drifting[path] = [...volatileDependents(wb, cachedValues(original))]; // destroys wb
      const disorder = sheetsOutOfOrder(bytes);
      if (disorder.length) throw new Error(`exported sheets out of order: ${disorder.join('; ')}`);
      pairs.push([path, out]);
    } catch (err) {
      failed.push({ file, counts: {}, diffs: {}, error: (err as Error).message });
    }
  }
  const list = join(dir, 'pairs.json');
  if (libreOffice) {
    const loDir = join(dir, 'libreoffice');
    recalcWithLibreOffice(pairs.map((pair) => pair[1]!), loDir);
    for (const pair of pairs) pair.push(join(loDir, basename(pair[1]!)));
  }
  const volatile = join(dir, 'drifting.json');
  writeFileSync(volatile, JSON.stringify(drifting));
  // openpyxl's comparer in batches: one process over the ~2,000 files of test/fixtures/corpus grew
  // past 20 GB (openpyxl's workbooks are not all given back between files).
  const compared: Record<string, { counts?: FileResult['counts']; diffs?: FileResult['diffs']; error?: string }> = {};
  const compare = (batch: string[][]) => {
    writeFileSync(list, JSON.stringify(batch));
    return spawnSync(PYTHON, [COMPARE, list, volatile], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  };
  for (let i = 0; i < pairs.length; i += COMPARE_BATCH) {
    const batch = pairs.slice(i, i + COMPARE_BATCH);
    const py = compare(batch);
    // A file that exhausts the comparer's memory limit can leave too little for the rest of its
    // batch: the batch again, a file at a time, so only that file is reported.
    const runs = py.status === 0 ? [py] : batch.map((pair) => compare([pair]));
    for (const run of runs) {
      if (run.status !== 0) throw new Error(`roundtrip_compare.py failed (${run.signal ?? `exit ${run.status}`}): ${run.stderr}`);
      Object.assign(compared, (JSON.parse(run.stdout) as { files: typeof compared }).files);
    }
  }
  return [
    ...failed,
    ...Object.entries(compared).map(([path, r]) => ({ file: relative(FIXTURES, path), counts: r.counts ?? {}, diffs: r.diffs ?? {}, warnings: warnings.get(path) ?? [], ...(r.error ? { error: r.error } : {}) })),
  ];
}

export const roundTripFixtures = () => fixtureFiles();

/** Totals per category over all files: [in the originals, kept]. */
export function totals(results: FileResult[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const r of results) {
    for (const [cat, [n, k]] of Object.entries(r.counts)) {
      const t = (out[cat] ??= [0, 0]);
      t[0] += n;
      t[1] += k;
    }
  }
  return out;
}

export const percent = ([n, k]: [number, number]) => (n ? (100 * k) / n : 100);
