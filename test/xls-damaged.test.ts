// The .xls reader with the discipline of the .xlsx one (issue "Every workbook that Excel opens,
// opens here, whole"): a sheet SheetJS cannot read is named in the report and the others come
// in; only a file whose workbook stream cannot be read is refused, with a sentence of ours.
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { Book } from '../core/io/book.ts';
import { readXls } from '../core/io/xls-read.ts';

/** An .xls (BIFF8) of three sheets, and where each sheet's records start (its BOF record). */
function threeSheets(): { bytes: Buffer; sheetAt: number[] } {
  const wb = XLSX.utils.book_new();
  for (const n of ['One', 'Two', 'Three']) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[n, 1, 2], [3, 4, { t: 'n', v: 7, f: 'B2+C1' }]]), n);
  const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
  const sheetAt: number[] = [];
  // BOF (0x0809), 16 bytes, BIFF8 (0x0600), a worksheet (0x0010).
  for (let i = 0; i < bytes.length - 8; i++) if (bytes.readUInt16LE(i) === 0x0809 && bytes.readUInt16LE(i + 2) === 16 && bytes.readUInt16LE(i + 4) === 0x0600 && bytes.readUInt16LE(i + 6) === 0x0010) sheetAt.push(i);
  return { bytes, sheetAt };
}

function cells(book: Book): Record<string, unknown[]> {
  return Object.fromEntries(
    book.sheets.map((s) => {
      const out: unknown[] = [];
      s.forEachCell((c) => out.push([c.row, c.col, c.value, c.formula]));
      return [s.name, out];
    }),
  );
}

describe('.xls parts that cannot be read', () => {
  it('a sheet whose records are damaged is named; the sheets before it come in as they were', async () => {
    const { bytes, sheetAt } = threeSheets();
    expect(sheetAt).toHaveLength(3);
    const whole = await readXls(bytes);
    const damaged = Buffer.from(bytes);
    damaged.fill(0xff, sheetAt[1]! + 20, sheetAt[1]! + 60);
    const book = await readXls(damaged);
    expect(book.sheets.map((s) => s.name)).toContain('One');
    expect(cells(book).One).toEqual(cells(whole).One);
    expect(book.warnings.join('\n')).toMatch(/not read: sheet Two: its records in the file are damaged; the sheet is not imported/);
  });

  it('a shared string table that says it holds no strings while it does comes in whole (ExcelDataReader issue 477)', async () => {
    const book = await readXls(readFileSync(new URL('./fixtures/corpus-xls/exceldatareader/Test_git_issue_477_sst_zero_count.xls', import.meta.url)));
    expect(book.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    expect(book.warnings.filter((w) => w.startsWith('not read'))).toEqual([]);
    expect(cells(book).Sheet1!.slice(0, 3)).toEqual([[0, 0, 'col1', undefined], [0, 2, 'col3', undefined], [0, 4, 'col5', undefined]]);
  });

  it('a file whose workbook stream cannot be read is refused with a sentence, not the library\'s message', async () => {
    const { bytes } = threeSheets();
    const err = await readXls(bytes.subarray(0, 700)).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^file_data: is not a readable \.xls file: its workbook stream, which lists the sheets, could not be read/);
  });

  it('a file that makes SheetJS allocate without end is a 400; the process lives on', { timeout: 180_000 }, async () => {
    // ExcelDataReader's test file for its issue 382 (25 KB): read on the request's thread, SheetJS
    // ran the heap out and V8 aborted the whole process.
    const bytes = readFileSync(new URL('./fixtures/corpus-xls/exceldatareader/Test_git_issue_382_oom.xls', import.meta.url));
    await expect(readXls(bytes)).rejects.toThrow(/file_data: is not a readable \.xls file: reading it took more than \d+ MB of memory/);
    const again = await readXls(threeSheets().bytes);
    expect(again.sheets.map((s) => s.name)).toEqual(['One', 'Two', 'Three']);
  });
});
