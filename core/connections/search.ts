// Table search over a connection's catalog with MiniSearch: a natural-language query is matched
// against table names (weighted most), column names and comments. Identifiers are split at
// snake_case and camelCase boundaries, plurals are folded, and near misses match fuzzily.
import MiniSearch from 'minisearch';
import type { CatalogTable } from './catalog.ts';

const STOP = new Set(
  'a an and any about all are as at be by contain contains data do does each find for from get give has have how i in info information is it list me my of on or per records show some stored that the their them there these this to which what where who with table tables'.split(' '),
);

/** "orderItems", "order_items", "HTTPLog" -> words. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** A light English stemmer: enough to fold plurals (categories, boxes, items) without mangling status or address. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.length > 4 && /(x|ch|sh|zz)es$/.test(w)) return w.slice(0, -2);
  if (/(ss|us|is|ys)$/.test(w)) return w;
  if (w.length > 3 && w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  return STOP.has(t) ? null : stem(t);
}

export interface TableHit {
  table: CatalogTable;
  score: number;
  terms: string[];
}

interface Doc {
  id: number;
  name: string;
  columns: string;
  comments: string;
}

export class TableIndex {
  private readonly search: MiniSearch<Doc>;

  constructor(private readonly tables: CatalogTable[]) {
    this.search = new MiniSearch<Doc>({
      fields: ['name', 'columns', 'comments'],
      tokenize: splitWords,
      processTerm,
      searchOptions: {
        boost: { name: 4, columns: 1.5, comments: 1 },
        combineWith: 'OR',
        prefix: (term) => term.length >= 4,
        // One typo in a word of 5+ letters (two from 10); a fuzzy match counts far less than an exact one.
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        weights: { fuzzy: 0.2, prefix: 0.3 },
      },
    });
    this.search.addAll(
      tables.map((t, id) => ({
        id,
        name: t.name,
        columns: t.columns.map((c) => c.name).join(' '),
        comments: [t.comment ?? '', ...t.columns.map((c) => c.comment ?? '')].join(' '),
      })),
    );
  }

  query(text: string, topK: number): TableHit[] {
    return this.search
      .search(text)
      .slice(0, topK)
      .map((r) => ({ table: this.tables[r.id as number]!, score: Math.round(r.score * 1000) / 1000, terms: r.terms }));
  }
}
