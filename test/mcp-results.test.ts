// Pure logic of token-thrifty results: where grids are cut, how the cut is stated, how tables read.
import { describe, expect, it } from 'vitest';
import { renderText } from '../mcp/render.ts';
import { cutGrids, fitJson, toolResult } from '../mcp/results.ts';

const grid = (rows: number, cols: number) => Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => `${r}.${c}`));

describe('cutGrids', () => {
  it('leaves small results alone', () => {
    const out = { sheet: 'S', range: 'B2:C3', values: grid(2, 2), errors: [] };
    expect(cutGrids(out, 4)).toBe(out);
  });

  it('keeps whole rows within budget and names the rest, sheet-qualified when the range was', () => {
    expect(cutGrids({ range: "'My Data'!B2:C11", values: grid(10, 2), errors: [{ cell: "'My Data'!B3" }, { cell: "'My Data'!C9" }] }, 7)).toEqual({
      range: "'My Data'!B2:C11",
      values: grid(3, 2),
      errors: [{ cell: "'My Data'!B3" }],
      truncated: true,
      next_range: "'My Data'!B5:C11",
      rows_left: 7,
    });
  });

  it('keeps an op\'s own paging: the next range runs on to the end of its continuation', () => {
    expect(cutGrids({ range: 'A1:B100', values: grid(100, 2), errors: [], next_range: 'A101:B5000' }, 20)).toMatchObject({ values: grid(10, 2), truncated: true, next_range: 'A11:B5000' });
  });

  it('keeps batch results aligned with their actions', () => {
    const out = cutGrids({ version: 3, results: [{ updated_cells: 4 }, { range: 'A1:A5', values: grid(5, 1), errors: [] }, { value: '2' }, { range: 'B1:B2', values: grid(2, 1), errors: [] }] }, 3) as any;
    expect(out.results.map((r: any) => r.values?.length ?? r.updated_cells ?? r.value)).toEqual([4, 3, '2', 0]);
    expect(out).toMatchObject({ truncated: true, next_ranges: ['A4:A5', 'B1:B2'] });
  });
});

describe('rendering', () => {
  it('draws grids as tables numbered like the sheet and escapes pipes and newlines', () => {
    expect(renderText({ sheet: 'S', range: 'C4:D5', values: [['a|b', 'x\ny'], [1, null]], errors: [], version: 2 })).toBe('S!C4:D5\n| |C|D|\n|4|a\\|b|x\\ny|\n|5|1||\n{"version":2}');
  });

  it('keeps everything under the ceiling, saying so', () => {
    const big = { files: Array.from({ length: 500 }, (_, i) => ({ uuid: `f${i}`, name: 'x'.repeat(50) })) };
    const r = toolResult(big, { maxCells: 100, maxTokens: 1000 });
    expect((r.content[0] as { text: string }).text.length).toBeLessThanOrEqual(3000);
    expect(JSON.stringify(r.structuredContent).length).toBeLessThanOrEqual(3000);
    expect(r.structuredContent).toMatchObject({ truncated: true });
    expect((r.content[0] as { text: string }).text).toMatch(/cut to stay under 1000 tokens/);
    expect(fitJson(big, { maxCells: 100, maxTokens: 1000 }).length).toBeLessThanOrEqual(3000);
  });
});
