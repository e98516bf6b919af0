// CSV import: decode the text (text-decode.ts), let papaparse detect the delimiter and stream rows
// in chunks, type each value as PUT /cells does (typed-input.ts) and hand rows to the BlockWriter.
// Between chunks the import reports progress and notices cancellation.
import type Papa from 'papaparse';
import { DateColumns, type DateOrder } from '../cells/date-order.ts';
import { invalidArg } from '../errors.ts';
import { loadPapa } from '../libs.ts';
import { parseTyped } from '../workbook/typed-input.ts';
import type { Content } from '../workbook/workbook.ts';
import type { BlockWriter } from './block-writer.ts';
import { decodeText, type TextEncodingName } from './text-decode.ts';

const CHUNK_CHARS = 2 * 1024 * 1024;
const DELIMITERS = [',', '\t', ';', '|'];

/** Plain decimal numbers, the bulk of most CSV files, skip the general parser (same result). */
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?$/;

const DIGIT = /\d/;
/** Typed values of strings met before: columns repeat (categories, dates), and the general parser is slow. */
const CACHE_SIZE = 65_536;

/** A CSV column of codes (zip codes, ids) has no apostrophes to keep its leading zeros: they stay text. */
const CSV_TYPING = { leadingZerosText: true };

export function typeCsvValue(raw: string, cache?: Map<string, Content>): Content {
  if (raw === '') return null;
  if (PLAIN_NUMBER.test(raw)) {
    const n = Number(raw);
    if (n !== 0 || raw[0] !== '-') return n;
  }
  // Without a digit only TRUE/FALSE (any case) or an apostrophe-quoted text mean something else.
  if (!DIGIT.test(raw) && raw[0] !== "'" && raw.length !== 4 && raw.length !== 5) return raw;
  if (!cache) return parseTyped(raw, CSV_TYPING);
  let out = cache.get(raw);
  if (out === undefined) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    out = parseTyped(raw, CSV_TYPING);
    cache.set(raw, out);
  }
  return out;
}

export interface CsvResult {
  encoding: TextEncodingName;
  delimiter: string;
  rows: number;
  cols: number;
  warnings: string[];
}

function detectDelimiter(Papa: Awaited<ReturnType<typeof loadPapa>>, text: string): string {
  const sample = text.slice(0, 64 * 1024);
  const guess = Papa.parse<string[]>(sample, { preview: 50, delimitersToGuess: DELIMITERS });
  const d = guess.meta.delimiter;
  return DELIMITERS.includes(d) ? d : ',';
}

/**
 * Something like 12/04/2024 starting a field (not inside a longer run of digits: 2024-01-15 is
 * ISO and needs no order): only then are columns read twice.
 */
const MAYBE_NUMERIC_DATE = /(?:^|\D)\d{1,2}([/.-])\d{1,2}\1\d{2}/;

/**
 * The numeric dates of every column, read in a first pass, so each column is typed in one order
 * (date-order.ts). Only files that hold something date-like pay for the second parse.
 */
async function dateEvidence(Papa: Awaited<ReturnType<typeof loadPapa>>, text: string, delimiter: string, order: DateOrder | undefined): Promise<DateColumns> {
  const dates = new DateColumns(order);
  if (!MAYBE_NUMERIC_DATE.test(text)) return dates;
  let header: string[] | undefined;
  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(text, {
      delimiter,
      chunkSize: CHUNK_CHARS,
      skipEmptyLines: false,
      chunk: (res: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const line of res.data) {
          if (!header) header = line.map((v) => (v && !DIGIT.test(v) && v.length <= 40 ? v : ''));
          for (let j = 0; j < line.length; j++) {
            const v = line[j]!;
            if (v.length >= 6 && v.length <= 32 && DIGIT.test(v)) dates.see(j, v, header[j] || undefined);
          }
        }
        // Other requests run between chunks.
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
    });
  });
  return dates;
}

export interface CsvOptions {
  dateOrder?: DateOrder;
}

/** Parses and writes the whole file; `step` runs between chunks (progress, cancellation). */
export async function importCsv(bytes: Buffer, writer: BlockWriter, step: (done: number) => Promise<void>, opts: CsvOptions = {}): Promise<CsvResult> {
  const decoded = decodeText(bytes);
  const encoding = decoded.encoding;
  // Trailing line breaks would read as empty last rows.
  let end = decoded.text.length;
  while (end > 0 && (decoded.text[end - 1] === '\n' || decoded.text[end - 1] === '\r')) end--;
  const text = end === decoded.text.length ? decoded.text : decoded.text.slice(0, end);
  const Papa = await loadPapa();
  const delimiter = detectDelimiter(Papa, text);
  const warnings: string[] = [];
  const dates = await dateEvidence(Papa, text, delimiter, opts.dateOrder);
  const cache = new Map<string, Content>();
  let parsedChars = 0;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown, parser?: Papa.Parser) => {
      failed = true;
      parser?.abort();
      reject(err);
    };
    Papa.parse<string[]>(text, {
      delimiter,
      chunkSize: CHUNK_CHARS,
      skipEmptyLines: false,
      chunk: (res: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        if (failed) return;
        for (const e of res.errors) if (warnings.length < 10 && e.code !== 'UndetectableDelimiter') warnings.push(`row ${(e.row ?? 0) + writer.rows + 1}: ${e.message}`);
        // Typed in place: papaparse's row arrays become the content rows (no second array per row).
        const lines = res.data as unknown as Content[][];
        for (const line of lines) {
          for (let j = 0; j < line.length; j++) {
            const raw = line[j] as string;
            const date = dates.any && raw.length >= 6 && raw.length <= 32 ? dates.type(j, raw) : undefined;
            line[j] = date !== undefined ? date : typeCsvValue(raw, cache);
          }
        }
        parsedChars = res.meta.cursor;
        parser.pause();
        writer
          .write(lines)
          .then(() => step(parsedChars))
          .then(() => parser.resume(), (err) => fail(err, parser));
      },
      complete: () => {
        if (!failed) resolve();
      },
      error: (err: Error) => fail(invalidArg('file_data', `the CSV could not be read: ${err.message}`)),
    });
  });
  if (writer.rows === 0) throw invalidArg('file_data', 'the CSV file holds no rows');
  warnings.push(...dates.warnings(writer.col0));
  return { encoding, delimiter, rows: writer.rows, cols: writer.cols, warnings };
}
