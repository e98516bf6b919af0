// One import into an open workbook, inside Workbooks.write (so it commits once or not at all):
// CSV and Parquet go to one sheet from a cell, Excel brings its own sheets.
import { parseCell, rectToA1 } from '../a1.ts';
import type { DateOrder } from '../cells/date-order.ts';
import type { OpContext } from '../context.ts';
import { invalidArg } from '../errors.ts';
import { progressOf } from '../progress.ts';
import { SheetNameInput } from '../workbook/names.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { BlockWriter } from './block-writer.ts';
import type { Book } from './book.ts';
import { importCsv } from './csv-import.ts';
import { applyBook } from './excel-apply.ts';
import { importParquet } from './parquet-import.ts';
import type { ImportResult } from './report.ts';
import type { ImportSource } from './source.ts';
import { readXls } from './xls-read.ts';
import { readXlsx } from './xlsx-read.ts';
import { checkUnzippedSize } from './zip-guard.ts';

export interface PlaceInput {
  cell?: string;
  sheet?: string;
  /** CSV: how to read numeric dates (date-order.ts). */
  date_order?: DateOrder;
}

type Report = Omit<ImportResult, 'uuid' | 'name' | 'version'>;

const XLS_MAGIC = [Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.from([0x09, 0x00]), Buffer.from([0x09, 0x02]), Buffer.from([0x09, 0x04])];

/** Reads an Excel file before any lock is taken (parsing is the slow part); undefined for CSV and Parquet. */
export async function readBook(src: ImportSource): Promise<Book | undefined> {
  if (src.format === 'xlsx') {
    if (src.bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04') throw invalidArg('file_data', 'is not an .xlsx file (an .xlsx is a zip archive); check file_name\'s extension');
    checkUnzippedSize(src.bytes, src.maxUnzipped);
    return wellFormed(await readXlsx(src.bytes));
  }
  if (src.format === 'xls') {
    if (!XLS_MAGIC.some((m) => src.bytes.subarray(0, m.length).equals(m))) throw invalidArg('file_data', 'is not an .xls file (the binary Excel 97-2003 format); check file_name\'s extension');
    return wellFormed(await readXls(src.bytes));
  }
  return undefined;
}

/**
 * Replaces lone surrogates (an xlsx may hold them as character references) with U+FFFD in every
 * string of the book, keys included, so nothing reaches the store that it would refuse.
 */
function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormed(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
    const obj = value as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      const v = wellFormed(obj[k]);
      if (k.isWellFormed()) obj[k] = v;
      else {
        delete obj[k];
        obj[k.toWellFormed()] = v;
      }
    }
  }
  return value;
}

/** The sheet names a new file for this import starts with. */
export function initialSheets(src: ImportSource, book: Book | undefined, place: PlaceInput): string[] {
  if (book) return [];
  const named = place.cell ? parseCell(place.cell).sheet : undefined;
  return [named ?? place.sheet ?? 'Sheet1'];
}

function targetSheet(wb: Workbook, place: PlaceInput): { sheet: SheetModel; row: number; col: number } {
  const parsed = parseCell(place.cell ?? 'A1');
  if (parsed.sheet !== undefined && place.sheet !== undefined && parsed.sheet.toLowerCase() !== place.sheet.toLowerCase()) {
    throw invalidArg('cell', `names sheet '${parsed.sheet}' but the sheet parameter is '${place.sheet}'; give one or make them agree`);
  }
  const name = parsed.sheet ?? place.sheet;
  let sheet = name === undefined ? wb.sheets[0] : wb.findSheet(name);
  if (!sheet) {
    const checked = SheetNameInput.safeParse(name ?? 'Sheet1');
    if (!checked.success) throw invalidArg('sheet', checked.error.issues[0]!.message);
    sheet = wb.addSheet(checked.data);
  }
  return { sheet, ...parsed.addr };
}

export async function runImport(ctx: OpContext, wb: Workbook, src: ImportSource, book: Book | undefined, place: PlaceInput): Promise<Report> {
  if (book) {
    const step = progressOf(ctx, book.sheets.length);
    const out = await applyBook(wb, book, (done, total) => step(done, `sheet ${done} of ${total}`));
    await wb.rebuildEngine();
    const warnings = place.cell !== undefined || place.sheet !== undefined ? ['cell and sheet apply to CSV and Parquet; an Excel workbook brings its own sheets', ...out.warnings] : out.warnings;
    return { format: src.format, sheets: out.sheets, unsupported_functions: out.unsupported, warnings };
  }
  const t = targetSheet(wb, place);
  const writer = new BlockWriter(wb, t.sheet, t.row, t.col);
  const report = (rows: number, cols: number) => ({ sheet: t.sheet.name, range: rows && cols ? rectToA1({ r0: t.row, c0: t.col, r1: t.row + rows - 1, c1: t.col + cols - 1 }) : null, rows, cols });
  if (src.format === 'csv') {
    const step = progressOf(ctx, src.bytes.length);
    const out = await importCsv(src.bytes, writer, (chars) => step(Math.min(src.bytes.length, chars), `${writer.rows} rows`), { dateOrder: place.date_order });
    return { format: 'csv', sheets: [report(out.rows, out.cols)], unsupported_functions: [], warnings: out.warnings, encoding: out.encoding, delimiter: out.delimiter };
  }
  // The row count is known once the file's metadata is read.
  let step: ReturnType<typeof progressOf> | undefined;
  const out = await importParquet(src.bytes, writer, (done, total) => (step ??= progressOf(ctx, total))(done, `${done} of ${total} rows`));
  return { format: 'parquet', sheets: [report(out.rows, out.cols)], unsupported_functions: [], warnings: [] };
}
