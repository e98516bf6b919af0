// Format logic on an in-memory workbook: style updates, row/column styles, border edges, runs.
import { shownFill } from '../core/workbook/style.ts';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../core/a1.ts';
import { OpError } from '../core/errors.ts';
import { applyStyle } from '../core/formats/apply.ts';
import { applyBorders, borderEdits, type BorderSides } from '../core/formats/borders.ts';
import { checkFormatArgs, styleUpdater, type FormatArgs } from '../core/formats/fields.ts';
import { readFormatRuns } from '../core/formats/runs.ts';
import type { WorkbookArea } from '../core/workbook/area.ts';
import { targetRange } from '../core/workbook/targets.ts';
import { Workbook } from '../core/workbook/workbook.ts';

function workbook(areas: WorkbookArea[] = []): Workbook {
  const now = new Date();
  return new Workbook(
    { file: { id: 'f', spaceId: 's', creatorId: 'u', name: 't', private: false, version: 1, created: now, modified: now }, styles: [], sheets: [{ id: 'sh', name: 'Sheet1', position: 0, meta: {}, tiles: [] }] },
    async () => [],
    { areas },
  );
}

const fmt = async (wb: Workbook, range: string, args: FormatArgs) => applyStyle(wb, targetRange(wb, undefined, range, 'range'), styleUpdater(args), 1e6);
const runs = async (wb: Workbook, range: string, overlays = false) => readFormatRuns(wb, wb.sheets[0]!, parseRange(range).rect, { overlays });
const put = (wb: Workbook, a1: string, v: number | string) => {
  const { r0, c0 } = parseRange(a1).rect;
  wb.sheets[0]!.set(r0, c0, v);
};

describe('styleUpdater', () => {
  it('keeps fields left out, resets nulls, upper-cases colors', () => {
    const up = styleUpdater({ italic: true, fill_color: '#abcdef', bold: null });
    expect(up({ bold: true, font_size: 12 })).toEqual({ italic: true, fill_color: '#ABCDEF', font_size: 12 });
  });
  it('switches between number formats and date_time', () => {
    expect(styleUpdater({ date_time: '%Y' })({ number_format: 'currency', decimals: 0, currency_symbol: '€', bold: true })).toEqual({ date_time: '%Y', bold: true });
    expect(styleUpdater({ decimals: 1 })({ date_time: '%Y', format_code: 'yyyy' })).toEqual({ decimals: 1 });
    expect(styleUpdater({ number_format: null })({ number_format: 'percent', decimals: 1, negative: 'red', italic: true })).toEqual({ italic: true });
  });
  it('a currency symbol alone makes a currency', () => {
    expect(styleUpdater({ currency_symbol: '€' })({ number_format: 'number' })).toEqual({ number_format: 'currency', currency_symbol: '€' });
    expect(styleUpdater({ currency_symbol: '€' })({ number_format: 'accounting' })).toEqual({ number_format: 'accounting', currency_symbol: '€' });
  });
  it('clear drops everything', () => {
    expect(styleUpdater({ clear: true, bold: true })({ italic: true })).toEqual({});
  });
  it('checkFormatArgs names the contradicting field', () => {
    expect(() => checkFormatArgs({ number_format: 'text', negative: 'red' })).toThrow(/^negative: /);
    expect(() => checkFormatArgs({ date_time: '%Y', decimals: 2 }, 'formats[3].')).toThrow(/^formats\[3\]\.date_time: /);
    expect(() => checkFormatArgs({ clear: true })).not.toThrow();
    expect(() => checkFormatArgs({ number_format: null })).not.toThrow();
  });
});

describe('whole rows and columns', () => {
  it('a column style shows in empty and new cells; a row style crossing it keeps both', async () => {
    const wb = workbook();
    put(wb, 'B2', 1);
    await fmt(wb, '2:2', { bold: true });
    await fmt(wb, 'B:C', { fill_color: '#FF0000' });
    expect(wb.sheets[0]!.meta.col_styles).toEqual({ 1: expect.any(Number), 2: expect.any(Number) });
    expect(await runs(wb, 'A1:C3')).toEqual([
      { range: 'B1:C1', format: { fill_color: '#FF0000' } },
      { range: 'A2', format: { bold: true } },
      { range: 'B2:C2', format: { bold: true, fill_color: '#FF0000' } },
      { range: 'B3:C3', format: { fill_color: '#FF0000' } },
    ]);
  });
  it('a new row style over styled columns keeps the column style where they cross', async () => {
    const wb = workbook();
    await fmt(wb, 'B:B', { fill_color: '#00FF00' });
    await fmt(wb, '5:6', { italic: true });
    expect(await runs(wb, 'A5:C5')).toEqual([
      { range: 'A5', format: { italic: true } },
      { range: 'B5', format: { fill_color: '#00FF00', italic: true } },
      { range: 'C5', format: { italic: true } },
    ]);
  });
  it('refuses more whole lines than the limit', async () => {
    await expect(fmt(workbook(), '1:1048576', { bold: true })).rejects.toThrow(OpError);
  });
});

describe('borders', () => {
  const thin = { line: 'line1' as const, color: '#000000' };
  async function bordersOf(sides: BorderSides[], range = 'B2:C3') {
    const wb = workbook();
    const rect = parseRange(range).rect;
    await applyBorders(wb, wb.sheets[0]!, rect, borderEdits(rect, new Set(sides)), thin, 1e6);
    return Object.fromEntries((await runs(wb, 'A1:D4')).map((r) => [r.range, Object.keys(r.format).sort().join(',')]));
  }
  it('outer', async () => {
    expect(await bordersOf(['outer'])).toEqual({ 'B1:C1': 'border_bottom', 'A2:A3': 'border_right', B2: 'border_left,border_top', C2: 'border_right,border_top', 'D2:D3': 'border_left', B3: 'border_bottom,border_left', C3: 'border_bottom,border_right', 'B4:C4': 'border_top' });
  });
  it('inner, horizontal, vertical', async () => {
    expect(await bordersOf(['inner'])).toEqual({ B2: 'border_bottom,border_right', C2: 'border_bottom,border_left', B3: 'border_right,border_top', C3: 'border_left,border_top' });
    expect(await bordersOf(['horizontal'])).toEqual({ 'B2:C2': 'border_bottom', 'B3:C3': 'border_top' });
    expect(await bordersOf(['vertical'])).toEqual({ 'B2:B3': 'border_right', 'C2:C3': 'border_left' });
  });
  it('single sides and all', async () => {
    expect(await bordersOf(['left'])).toEqual({ 'A2:A3': 'border_right', 'B2:B3': 'border_left' });
    expect(await bordersOf(['top'])).toEqual({ 'B1:C1': 'border_bottom', 'B2:C2': 'border_top' });
    expect(await bordersOf(['right'])).toEqual({ 'C2:C3': 'border_right', 'D2:D3': 'border_left' });
    expect(await bordersOf(['bottom'])).toEqual({ 'B3:C3': 'border_bottom', 'B4:C4': 'border_top' });
    expect(Object.values(await bordersOf(['all'], 'B2'))).toEqual(['border_bottom', 'border_right', 'border_bottom,border_left,border_right,border_top', 'border_left', 'border_top']);
  });
  it('borders on row 1 and column A stop at the sheet edge', async () => {
    expect(await bordersOf(['outer'], 'A1')).toEqual({ B1: 'border_left', A1: 'border_bottom,border_left,border_right,border_top', A2: 'border_top' });
  });
  it('each edge is stored once', async () => {
    const wb = workbook();
    const rect = parseRange('A1:B2').rect;
    await applyBorders(wb, wb.sheets[0]!, rect, borderEdits(rect, new Set(['all'])), thin, 1e6);
    const edges = wb.styles.toJSON().flatMap((s) => Object.keys(s)).length;
    const sheet = wb.sheets[0]!;
    const stored = [0, 1].flatMap((r) => [0, 1].map((c) => Object.keys(wb.styles.get((sheet.get(r, c) as { s: number }).s)).length)).reduce((a, b) => a + b, 0);
    expect(stored).toBe(12); // 2x2 cells: 8 outer edges + 4 inner edges, no duplicates
    expect(edges).toBeGreaterThan(0);
  });
});

describe('runs', () => {
  it('merge equal formats across rows and leave unformatted cells out', async () => {
    const wb = workbook();
    await fmt(wb, 'A1:B3', { bold: true });
    await fmt(wb, 'B2', { italic: true });
    expect(await runs(wb, 'A1:C3')).toEqual([
      // Rows are split into horizontal runs first; equal runs on consecutive rows merge.
      { range: 'A1:B1', format: { bold: true } },
      { range: 'A2', format: { bold: true } },
      { range: 'B2', format: { bold: true, italic: true } },
      { range: 'A3:B3', format: { bold: true } },
    ]);
  });
  it('show a red negative in red', async () => {
    const wb = workbook();
    put(wb, 'A1', 5);
    put(wb, 'A2', -5);
    await fmt(wb, 'A1:A2', { number_format: 'number', negative: 'parentheses_red' });
    expect((await runs(wb, 'A1:A2')).map((r) => r.format.text_color)).toEqual([undefined, '#FF0000']);
  });
  it("apply the areas' overlays only when asked", async () => {
    const wb = workbook([{ name: 'test-rules', overlay: (_wb, _sheet, rect) => (row) => (row === rect.r0 ? { fill_color: '#123456' } : undefined) }]);
    expect(await runs(wb, 'A1:B2')).toEqual([]);
    expect(await runs(wb, 'A1:B2', true)).toEqual([{ range: 'A1:B1', format: { fill_color: '#123456' } }]);
  });
});

describe('fills kept from Excel as a renderer paints them', () => {
  it('a solid fill is its colour, a pattern blends over its background, a gradient blends its stops', () => {
    expect(shownFill({ fill_color: '#4472C4' })).toBe('#4472C4');
    expect(shownFill({ fill_pattern: { pattern: 'gray125', color: '#000000' } })).toBe('#DFDFDF');
    expect(shownFill({ fill_color: '#FFFF00', fill_pattern: { pattern: 'mediumGray', color: '#0000FF' } })).toBe('#808080');
    expect(shownFill({ fill_gradient: { type: 'linear', degree: 90, stops: [{ position: 0, color: '#FFFFFF' }, { position: 1, color: '#000000' }] } })).toBe('#808080');
    expect(shownFill({})).toBeUndefined();
  });
});
