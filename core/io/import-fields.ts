// Fields and the write shared by the two import ops (create-and-import, import into a file).
import { randomUUID } from 'node:crypto';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import type { OpContext } from '../context.ts';
import type { Book } from './book.ts';
import { initialSheets, readBook, runImport, type PlaceInput } from './run-import.ts';
import { checkSheetNames } from '../workbook/names.ts';
import type { ImportResult } from './report.ts';
import { importSource, type ImportSource } from './source.ts';
import { A1Cell, SheetName } from '../schemas.ts';
import { DateOrderField } from '../cells/date-order.ts';
import type { FileTarget, WriteOptions } from '../workbook/access.ts';

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
export type Prepared = { src: ImportSource; book: Book | undefined };

export async function prepareImport(ctx: OpContext, input: ImportArgs): Promise<Prepared> {
  const src = importSource(ctx, input);
  return { src, book: await readBook(src) };
}

/** Imports into an existing file as one committed write. */
export async function importIntoFile(ctx: OpContext, target: FileTarget, prepared: Prepared, place: PlaceInput, opts: WriteOptions = {}): Promise<ImportResult> {
  const { workbooks } = ctx.services;
  const fileId = target.file_uuid;
  const { result, version } = await workbooks.write(ctx, target, async (wb) => ({ ...(await runImport(ctx, wb, prepared.src, prepared.book, place)), name: wb.file.name }), opts);
  // A big import would stay whole in the workbook cache; the next call loads what it needs.
  if (!ctx.session) workbooks.evict(fileId);
  const { name, ...rest } = result;
  return { uuid: fileId, name, version, ...rest };
}

/**
 * Creates a file in the space and imports into it; the file is removed again if the import fails,
 * so a failed import leaves nothing behind. `name` defaults to the imported file's stem. The file
 * is made as a shell (version 0, nothing logged) that the import fills as its version 1: making the
 * file is a step of the import, not a version anyone wrote (agents asked why an import was version 2).
 */
export async function importAsNewFile(ctx: OpContext, spaceId: string, prepared: Prepared, input: PlaceInput & { name?: string; private: boolean }): Promise<ImportResult> {
  const sheets = prepared.book ? prepared.book.sheets.map((s) => s.name) : initialSheets(prepared.src, undefined, input);
  if (prepared.book) checkSheetNames(sheets, 'file_data');
  const stem = basename(prepared.src.fileName, extname(prepared.src.fileName)).trim() || 'Imported';
  const { store, clock } = ctx.services;
  const file = await store.createFile({
    spaceId,
    creatorId: ctx.caller.userId,
    name: input.name ?? stem.slice(0, 255),
    private: input.private,
    at: clock.now(),
    sheets: sheets.map((name, position) => ({ id: randomUUID(), name, position, meta: {} })),
    shell: true,
  });
  try {
    return await importIntoFile(ctx, { file_uuid: file.id }, prepared, input, { always: true });
  } catch (err) {
    await store.deleteFile(file.id).catch(() => undefined);
    throw err;
  }
}
