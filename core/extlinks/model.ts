// Links to other workbooks (Excel's external links): formulas such as =[Budget.xlsx]Sheet1!$B$2
// read another file, and the xlsx file keeps what that file held when it was last opened (the
// link's cached sheet data). The service keeps each link whole (its part as Excel wrote it) on the
// file's first sheet, as workbook names are kept; formulas that read a link keep their text and
// the value the file cached (they are never computed here, so never turned into an error).
import { booksIn, mayNameBook, renameBooks } from '../formula/book-refs.ts';
import type { SheetModel } from '../workbook/sheet.ts';
import { forEachFormula } from '../workbook/spills.ts';
import type { Workbook } from '../workbook/workbook.ts';

export interface ExternalLink {
  /** The workbook as formulas name it inside brackets: Budget.xlsx, or its number in the file when it has no file name of its own. */
  book: string;
  /** Where the link points, as the file holds it (a path, a file:/// or web address). */
  target?: string;
  /** Another workbook, or a DDE or OLE link (which formulas do not name by file). */
  kind: 'workbook' | 'dde' | 'ole';
  /** The linked workbook's sheets, in its order. */
  sheets: string[];
  /** The linked workbook's names that formulas here use. */
  names: string[];
  /** The externalLink part as the file wrote it, cached sheet data included, and its relationships. */
  xml: string;
  rels?: string;
}

declare module '../workbook/sheet-meta.ts' {
  interface SheetMeta {
    /** The file's links to other workbooks, in the file's order ([1] is the first); kept on its first sheet. */
    external_links?: ExternalLink[];
  }
}

export function linksOf(wb: Workbook): ExternalLink[] {
  return wb.sheets.flatMap((s) => s.meta.external_links ?? []);
}

/** The file name at the end of a link's target: file:///C:\dir\Budget%20Q1.xlsx -> Budget Q1.xlsx. */
export function fileNameOf(target: string): string {
  const last = target.split(/[/\\]/).pop() ?? target;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Each link's name in formulas, by its number in the file (1-based): its file name, unless that
 * is missing, bracket-breaking or another link's too, when the number stays.
 */
export function bookNames(links: readonly { target?: string; kind: ExternalLink['kind'] }[]): string[] {
  const seen = new Set<string>();
  return links.map((l, i) => {
    const file = l.kind === 'workbook' && l.target ? fileNameOf(l.target) : '';
    const ok = file && !/[[\]'!]/.test(file) && !/^\d+$/.test(file) && !seen.has(file.toLowerCase());
    if (!ok) return String(i + 1);
    seen.add(file.toLowerCase());
    return file;
  });
}

/** Formula text as a file writes it: each linked workbook named by its number ([Budget.xlsx] -> [1]). */
export function bookIndexer(wb: Workbook): (formula: string) => string {
  const links = linksOf(wb);
  if (!links.length) return (f) => f;
  const index = new Map(links.map((l, i) => [l.book.toLowerCase(), String(i + 1)]));
  return (f) => (mayNameBook(f) ? renameBooks(f, (book) => index.get(book.toLowerCase())) : f);
}

/** How many formulas (cells and names) read each linked workbook, by book. */
export async function formulasPerBook(wb: Workbook): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const count = (f: string) => {
    for (const b of booksIn(f)) out.set(b.toLowerCase(), (out.get(b.toLowerCase()) ?? 0) + 1);
  };
  for (const sheet of wb.sheets) {
    for (const n of sheet.meta.names ?? []) count(n.refers_to);
    if (!(sheet.meta.formulas ?? 0)) continue;
    await wb.loadAll(sheet);
    forEachFormula(sheet, (_r, _c, cell) => count(cell.f));
  }
  return out;
}

/** The file's links stay with the file: on the next first sheet when theirs is deleted, never copied with a sheet. */
export function moveLinksFrom(wb: Workbook, sheet: SheetModel): void {
  const links = sheet.meta.external_links;
  const next = wb.sheets.find((s) => s !== sheet);
  if (!links?.length || !next) return;
  next.meta.external_links = [...(next.meta.external_links ?? []), ...links];
  delete sheet.meta.external_links;
}
