// Fields and the write shared by the two import ops (create-and-import, import into a file).
import { z } from 'zod';
import type { OpContext } from '../context.ts';
import type { Book } from './book.ts';
import { readBook, runImport, type PlaceInput } from './run-import.ts';
import type { ImportResult } from './report.ts';
import { importSource, type ImportSource } from './source.ts';
import { A1Cell, SheetName } from '../schemas.ts';
import { DateOrderField } from '../cells/date-order.ts';
import type { FileTarget } from '../workbook/access.ts';

export const ImportFields = {
  file_name: z.string().min(1, 'must not be empty').max(255, 'at most 255 characters').optional().describe('Its extension picks the format.'),
  file_data: z.string().optional().describe('File bytes, base64.'),
  path: z.string().max(4096).optional().describe('Local file instead of file_data (stdio, allowed dirs).'),
  cell: A1Cell.optional().describe('CSV/Parquet: start cell (A1).'),
  sheet: SheetName.optional().describe('CSV/Parquet: sheet (created if missing).'),
  date_order: DateOrderField,
};

export interface ImportArgs extends PlaceInput {
  file_name?: string;
  file_data?: string;
  path?: string;
}

/** Decodes and (for Excel) parses before any lock is taken or file created: bad input changes nothing. */
export async function prepareImport(ctx: OpContext, input: ImportArgs): Promise<{ src: ImportSource; book: Book | undefined }> {
  const src = importSource(ctx, input);
  return { src, book: await readBook(src) };
}

/** Imports into an existing file as one committed write. */
export async function importIntoFile(ctx: OpContext, target: FileTarget, prepared: { src: ImportSource; book: Book | undefined }, place: PlaceInput): Promise<ImportResult> {
  const { workbooks } = ctx.services;
  const fileId = target.file_uuid;
  const { result, version } = await workbooks.write(ctx, target, async (wb) => ({ ...(await runImport(ctx, wb, prepared.src, prepared.book, place)), name: wb.file.name }));
  // A big import would stay whole in the workbook cache; the next call loads what it needs.
  if (!ctx.session) workbooks.evict(fileId);
  const { name, ...rest } = result;
  return { uuid: fileId, name, version, ...rest };
}
