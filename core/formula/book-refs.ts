// References to other workbooks: an xlsx file writes them with the index of the workbook's
// external link ([1]Sheet1!A1, [1]!Rate), Excel shows the linked file's name
// ([Budget.xlsx]Sheet1!A1). One walk for both ways and for listing the books a formula reads.
import type { Node } from './ast.ts';
import { rewrite, tryParse, visit } from './walk.ts';

const prefixed = (n: Node): n is Extract<Node, { prefix?: unknown }> & { prefix: { book: string } } =>
  (n.kind === 'ref' || n.kind === 'name' || n.kind === 'error' || n.kind === 'structured') && n.prefix?.book !== undefined;

/** Does the formula text name another workbook at all (a cheap test before parsing)? */
export const mayNameBook = (formula: string): boolean => formula.includes('[') && formula.includes('!');

/** The workbooks a formula reads, as written inside the brackets ('1', 'Budget.xlsx'), each once. */
export function booksIn(formula: string): string[] {
  if (!mayNameBook(formula)) return [];
  const f = tryParse(formula);
  if (!f) return [];
  const out = new Set<string>();
  visit(f.body, (n) => void (prefixed(n) && out.add(n.prefix.book)));
  return [...out];
}

/**
 * The formula with each book prefix `to` maps (by its text inside the brackets) written anew,
 * path dropped: [1]Sheet1!A1 -> [Budget.xlsx]Sheet1!A1 and back. Books `to` leaves alone (undefined)
 * keep their text; a formula that does not parse is returned as it is.
 */
export function renameBooks(formula: string, to: (book: string) => string | undefined): string {
  if (!mayNameBook(formula)) return formula;
  return rewrite(formula, (n) => {
    if (!prefixed(n)) return n;
    const book = to(n.prefix.book);
    if (book === undefined || book === n.prefix.book) return n;
    const { text: _t, span: _s, ...rest } = n;
    const { path: _p, ...prefix } = n.prefix;
    return { ...rest, prefix: { ...prefix, book } } as Node;
  });
}
