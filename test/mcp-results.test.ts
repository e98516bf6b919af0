// Pure logic of token-thrifty results: where grids are cut, how the cut is stated, how tables read.
import { describe, expect, it } from 'vitest';
import { TYPED_CSV_KEY, renderText, typedCellText } from '../mcp/render.ts';
import { cutGrids, estimateTokens, fitJson, toolResult } from '../mcp/results.ts';

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
  it('draws grids as typed CSV at every size: text quoted, numbers bare, one record per row (a line break stays inside its quotes, RFC 4180)', () => {
    expect(renderText({ sheet: 'S', range: 'C4:D5', values: [['a,b', 'x\ny'], [1, null]], errors: [], version: 2 })).toBe(`S!C4:D5, rows 4..5, columns C..D (${TYPED_CSV_KEY}):\n"a,b","x\ny"\n1,\n{"version":2}`);
  });

  it('shows each value\'s type from the typed grid, and how a format shows a number', () => {
    const block = {
      sheet: 'S',
      range: 'A1:H1',
      values: [['3', '3', 'TRUE', '#DIV/0!', '2024-01-15', '7%', '', '']],
      typed: [[3, '3', true, { error: '#DIV/0!' }, { date: '2024-01-15', serial: 45306 }, 0.07, '', null]],
      errors: [],
    };
    expect(renderText(block).split('\n')[1]).toBe('3,"3",TRUE,#DIV/0!,45306 (2024-01-15),0.07 (7%),"",');
    expect(typedCellText({ formula: '=SUM(A1:A3)' }, '=SUM(A1:A3)')).toBe('=SUM(A1:A3)');
    expect(typedCellText(1234.5, '1234.50')).toBe('1234.5');
  });

  it('ends a reply with ranges without a stray {"sheet": ...} line', () => {
    const text = renderText({ sheet: 'Sheet1', ranges: [{ range: 'A1:B1', values: [['a', 1]], typed: [['a', 1]], errors: [] }] });
    expect(text).toBe(`Sheet1!A1:B1, rows 1..1, columns A..B (${TYPED_CSV_KEY}):\n"a",1`);
  });

  it('answers a batch in one form whatever it holds: reads as typed CSV, writes as JSON, each in its place', () => {
    const read = { sheet: 'S', range: 'A1:B1', values: [['3', 'x']], typed: [[3, 'x']], errors: [] };
    const reads = renderText({ results: [read, read], version: 4 });
    const mixed = renderText({ results: [{ updated_cells: 2 }, read, { sheet: 'S', cell: 'C1', value: '6', typed: 6, spill: { range: 'C1:C2', values: [['6'], ['7']], typed: [[6], [7]] } }], version: 5 });
    const block = `S!A1:B1, rows 1..1, columns A..B (${TYPED_CSV_KEY}):\n3,"x"`;
    expect(reads).toBe(`${block}\n\n${block}\n\n{"version":4}`);
    expect(mixed).toBe([`results[0]: {"updated_cells":2}`, `results[1]: ${block}`, `results[2]: spill: S!C1:C2, rows 1..2, columns C..C (${TYPED_CSV_KEY}):\n6\n7\n\n{"cell":"C1","value":"6","typed":6}`, '{"version":5}'].join('\n\n'));
    // No grid travels as JSON: neither the displayed values nor their typed form.
    expect(mixed).not.toMatch(/"values"|"typed":\[/);
  });

  it("renders a per-file batch's read of several ranges as typed CSV too, not JSON twice over", () => {
    const read = { sheet: 'S', ranges: [{ range: 'A1:B1', values: [['3', 'x']], typed: [[3, 'x']], errors: [] }, { range: 'C1', values: [['']], typed: [[null]], errors: [] }] };
    const text = renderText({ files: [{ file_uuid: 'f1', version: 3, results: [{ updated_cells: 1 }, read] }], failed: 0 });
    expect(text).toContain(`S!A1:B1, rows 1..1, columns A..B (${TYPED_CSV_KEY}):\n3,"x"`);
    expect(text).toContain('files[0]: ');
    expect(text).not.toMatch(/"values"|"typed":\[/);
  });

  it('keeps everything under the ceiling, saying so', () => {
    const big = { files: Array.from({ length: 500 }, (_, i) => ({ uuid: `f${i}`, name: 'x'.repeat(50) })) };
    const r = toolResult(big, { maxCells: 100, maxTokens: 1000 });
    expect(estimateTokens((r.content[0] as { text: string }).text)).toBeLessThanOrEqual(1000);
    expect(estimateTokens(JSON.stringify(r.structuredContent))).toBeLessThanOrEqual(1000);
    expect(r.structuredContent).toMatchObject({ truncated: true });
    expect((r.content[0] as { text: string }).text).toMatch(/cut to stay under 1000 tokens/);
    expect(estimateTokens(fitJson(big, { maxCells: 100, maxTokens: 1000 }))).toBeLessThanOrEqual(1000);
  });
});

describe('one copy of a grid', () => {
  const orders = { sheet: 'Orders', range: 'A1:C3000', values: Array.from({ length: 3000 }, (_, i) => [String(i + 1), `Customer ${(i * 7919) % 1000}`, ((i * 37) % 100_000 / 100).toFixed(2)]), errors: [] };

  it('sends a grid result as text only, unless the JSON is asked for', () => {
    const text = toolResult(orders, { maxCells: 100_000, maxTokens: 20_000 });
    expect(text.structuredContent).toBeUndefined();
    expect((text.content[0] as { text: string }).text).toMatch(/^Orders!A1:C3000, rows 1\.\.\d+, columns A\.\.C \(.*\):\n"1","Customer 0","0\.00"\n/);
    const both = toolResult(orders, { maxCells: 100_000, maxTokens: 20_000 }, { structured: true });
    expect(both.structuredContent).toMatchObject({ range: 'A1:C3000' });
    // Results without grids keep their structuredContent.
    expect(toolResult({ version: 3, updated_cells: 4 }, { maxCells: 10, maxTokens: 100 }).structuredContent).toEqual({ version: 3, updated_cells: 4 });
  });

  it('fills a page up to the ceiling with that one copy, counted in tokens', () => {
    const max = 5000;
    const one = toolResult(orders, { maxCells: 100_000, maxTokens: max });
    const text = (one.content[0] as { text: string }).text;
    expect(estimateTokens(text)).toBeLessThanOrEqual(max);
    expect(estimateTokens(text)).toBeGreaterThan(max * 0.8);
    const both = toolResult(orders, { maxCells: 100_000, maxTokens: max }, { structured: true });
    // With both copies each still fits, and the JSON copy (the larger) holds fewer rows.
    expect(estimateTokens(JSON.stringify(both.structuredContent))).toBeLessThanOrEqual(max);
    expect(text.split('\n').length).toBeGreaterThan((both.structuredContent as { values: unknown[] }).values.length);
  });
});

describe('estimateTokens', () => {
  // Calibrated against o200k_base (docs/agents.md), which gives each of these the same count:
  // figures run near 2 characters per token, prose near 4.
  it('counts digits, words, punctuation and CJK as a BPE tokenizer does', () => {
    expect(estimateTokens('2024-03-05,1234.50,17')).toBe(13);
    expect(estimateTokens('Returns the values of a range in pages.')).toBe(9);
    expect(estimateTokens('{"a":"b"}')).toBe(5);
    expect(estimateTokens('销售额按地区汇总')).toBe(6);
    expect(estimateTokens('line one\nline two\n')).toBe(6);
  });
});
