// Names followed through a formula as a walk over its tree: a renamed defined name, table or
// table column (Sales to Revenue, Sales.Unit_Price to Revenue.Unit_Price, Sales[Units] to
// Revenue[Units] or Sales[Qty]), or
// a removed one written out as the cells it stood for. Only names written without a sheet are
// touched; strings, function names and sheet names never are.
import type { Node } from './ast.ts';
import { rewrite, tryParse } from './walk.ts';

const IDENTIFIER = /^[\p{L}_\\][\p{L}\p{N}_.\\?]*$/u;

/**
 * The formula with each name of `names` (keys lower case) replaced by its value: another name,
 * or any formula text (a removed table's cells, Sheet1!$A$2:$A$9). A table renamed to another
 * name is renamed in its structured references too.
 */
export function renameNames(formula: string, names: ReadonlyMap<string, string>): string {
  if (!names.size) return formula;
  return rewrite(formula, (n): Node => {
    if (n.kind === 'structured' && n.table !== undefined && !n.prefix) {
      const to = names.get(n.table.toLowerCase());
      return to !== undefined && IDENTIFIER.test(to) && to !== n.table ? { kind: 'structured', table: to, spec: n.spec } : n;
    }
    if (n.kind !== 'name' || n.prefix) return n;
    const to = names.get(n.name.toLowerCase());
    if (to === undefined || to === n.name) return n;
    if (IDENTIFIER.test(to)) return { kind: 'name', name: to };
    // Text standing for cells goes in as its own tree (a range, a union in parentheses...).
    const parsed = tryParse(to);
    return parsed ? parsed.body : { kind: 'name', name: to };
  });
}

/**
 * The formula with the columns of table `table` renamed (`columns`: old name lower case to new)
 * in its structured references: Sales[Units] becomes Sales[Qty], Sales[[#This Row],[Units]:[Price]]
 * follows too. References without a table ([@Units]) are the table's own when `inTable` (the
 * formula stands in the table).
 */
export function renameColumns(formula: string, table: string, columns: ReadonlyMap<string, string>, inTable = false): string {
  if (!columns.size || !formula.includes('[')) return formula;
  const lower = table.toLowerCase();
  const rename = (c: string) => columns.get(c.toLowerCase()) ?? c;
  return rewrite(formula, (n): Node => {
    if (n.kind !== 'structured' || !n.spec.cols || n.prefix) return n;
    if (n.table === undefined ? !inTable : n.table.toLowerCase() !== lower) return n;
    const cols: [string, string] = [rename(n.spec.cols[0]), rename(n.spec.cols[1])];
    if (cols[0] === n.spec.cols[0] && cols[1] === n.spec.cols[1]) return n;
    return { kind: 'structured', ...(n.table !== undefined ? { table: n.table } : {}), spec: { ...n.spec, cols } };
  });
}
