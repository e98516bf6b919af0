// What a reader made of a workbook, as plain data that compares with toEqual: per sheet its cells
// (values, formulas, errors, styles) and layout, and the workbook's names and tables. The mangling
// fuzz compares an undamaged file's digest with a damaged copy's, part by part.
import { createHash } from 'node:crypto';
import type { Book, BookCell, BookSheet } from '../../core/io/book.ts';

export interface SheetDigest {
  cells: string;
  /** The cells without their styles. */
  values: string;
  formulas: string;
  layout: string;
  notes: string;
  links: string;
  images: string;
  charts: string;
}

const hash = (v: unknown) => createHash('sha1').update(JSON.stringify(v, (_k, x) => (Buffer.isBuffer(x) ? createHash('sha1').update(x).digest('hex') : x instanceof Uint8Array ? createHash('sha1').update(x).digest('hex') : x))).digest('hex');

export function sheetDigest(s: BookSheet): SheetDigest {
  const cells: BookCell[] = [];
  s.forEachCell((c) => cells.push(c));
  const { name: _n, forEachCell: _f, notes, links, images, charts, validations, part: _p, ...layout } = s;
  // A validation's id is made fresh on each read.
  const rules = validations?.map(({ id: _id, ...v }) => v);
  return { cells: hash(cells), values: hash(cells.map((c) => [c.row, c.col, c.value, c.formula, c.error])), formulas: hash(cells.filter((c) => c.formula !== undefined).map((c) => [c.row, c.col, c.formula])), layout: hash({ ...layout, rules }), notes: hash(notes ?? []), links: hash(links ?? []), images: hash(images ?? []), charts: hash(charts ?? []) };
}

export interface BookDigest {
  sheets: Record<string, SheetDigest>;
  names: string;
  tables: string;
}

export function bookDigest(book: Book): BookDigest {
  return {
    sheets: Object.fromEntries(book.sheets.map((s) => [s.name, sheetDigest(s)])),
    names: hash([...(book.names ?? [])].sort((a, b) => `${a.sheet}!${a.name}`.localeCompare(`${b.sheet}!${b.name}`))),
    tables: hash(book.tables ?? []),
  };
}
