// Table search ranking on a 36-table schema: names, columns, comments, snake_case/camelCase,
// plurals and typos (the same expectations run against real databases in sql.doors.test.ts).
import { describe, expect, it } from 'vitest';
import { TableIndex, splitWords, stem } from '../core/connections/search.ts';
import { SEARCH_EXPECTATIONS, SAMPLE_TABLES, sampleCatalog } from './helpers/sample-schema.ts';

describe('table search', () => {
  const index = new TableIndex(sampleCatalog());

  it('the schema has at least 30 tables', () => expect(SAMPLE_TABLES.length).toBeGreaterThanOrEqual(30));

  it.each(SEARCH_EXPECTATIONS)('"%s" ranks %s first', (query, top) => {
    const hits = index.query(query, 5);
    expect(hits[0]?.table.name, JSON.stringify(hits.map((h) => [h.table.name, h.score]))).toBe(top);
  });

  it('top_k limits the answer and an unrelated query finds nothing', () => {
    expect(index.query('customer', 3)).toHaveLength(3);
    expect(index.query('zzzz qqqq', 5)).toEqual([]);
  });

  it('splits identifiers and folds plurals', () => {
    expect(splitWords('marketingCampaigns order_items HTTPRequestLog')).toEqual(['marketing', 'Campaigns', 'order', 'items', 'HTTP', 'Request', 'Log']);
    expect(['categories', 'boxes', 'items', 'status', 'addresses', 'analysis'].map(stem)).toEqual(['category', 'box', 'item', 'status', 'address', 'analysis']);
  });
});
