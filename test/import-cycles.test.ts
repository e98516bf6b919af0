// Import circles, type-only imports included (eslint's import-x/no-cycle sees run-time imports
// only): none at run time, and the one circle left runs through the type-only imports of the two
// hubs docs/architecture.md explains (the Workbook class, OpContext). A new circle fails here.
import { expect, it } from 'vitest';
import { circles, edges, importGraph, withoutTypeHubs, TYPE_HUBS } from '../scripts/import-cycles.ts';
import { ROOT } from './helpers/paths.ts';

it('has no import circle but the explained one through the type hubs', () => {
  const graph = importGraph(ROOT);
  expect(graph.size).toBeGreaterThan(300);
  expect(circles(edges(graph, true))).toEqual([]);
  expect(circles(withoutTypeHubs(graph))).toEqual([]);
  const all = circles(edges(graph));
  expect(all.length).toBeLessThanOrEqual(1);
  for (const c of all) for (const hub of TYPE_HUBS) expect(c).toContain(hub);
});
