// Formulas and names of an imported file that read other workbooks: the file's link numbers
// become the linked files' names, as Excel shows them ([1]Sheet1!A1 -> [Budget.xlsx]Sheet1!A1).
// Such a formula is kept (RichCell.k): it shows the value the file cached and is never computed
// here, where the other workbook is not at hand.
import { booksIn, mayNameBook, renameBooks } from '../formula/book-refs.ts';
import type { RichCell, Scalar } from '../workbook/cell.ts';

/** The file's formula text with each link number written as its workbook's name (`books[n - 1]`). */
export function withBookNames(text: string, books: readonly string[]): string {
  if (!books.length || !mayNameBook(text)) return text;
  return renameBooks(text, (b) => (/^\d+$/.test(b) && Number(b) >= 1 ? books[Number(b) - 1] : undefined));
}

/** The cell of a formula that reads another workbook, or undefined for any other formula. */
export function externalCell(text: string, cached: Scalar | null | undefined, cachedError: string | undefined, books: readonly string[]): RichCell | undefined {
  if (!mayNameBook(text) || !booksIn(text).length) return undefined;
  const cell: RichCell = { f: `=${withBookNames(text, books)}`, k: 1 };
  if (cachedError) cell.e = cachedError;
  else if (cached !== null && cached !== undefined) cell.v = cached;
  return cell;
}
