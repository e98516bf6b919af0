// readGrid's short path for plain cells (a bare number, text or boolean) must read exactly as the
// general path (displayCell, typedCell, rawValue, formulaText under the cell's effective style), in
// every render, with and without the typed grid, under own, row and column styles and General; and
// its reply is written by the REST door exactly as JSON.stringify writes it.
import { describe, expect, it } from 'vitest';
import type { Cell } from '../core/workbook/cell.ts';
import { displayCell } from '../core/workbook/display.ts';
import { effectiveStyle, formulaText, rawValue, readGrid, type Render } from '../core/workbook/read.ts';
import { typedCell } from '../core/workbook/typed-value.ts';
import { significant15 } from '../core/numbers.ts';
import { Workbook } from '../core/workbook/workbook.ts';
import { jsonBytes } from '../rest/json-bytes.ts';

function workbook(): Workbook {
  const now = new Date();
  return new Workbook({ file: { id: 'f', spaceId: 's', creatorId: 'u', name: 't', private: false, version: 1, created: now, modified: now }, styles: [], sheets: [{ id: 'sh', name: 'Sheet1', position: 0, meta: {}, tiles: [] }] }, async () => []);
}

describe('readGrid', () => {
  it('reads plain and rich cells as the per-cell functions do', () => {
    const wb = workbook();
    const sheet = wb.sheets[0]!;
    const percent = wb.styles.intern({ number_format: 'percent', decimals: 1 });
    const date = wb.styles.intern({ date_time: '%Y-%m-%d' });
    const text = wb.styles.intern({ format_code: '@' });
    const bold = wb.styles.intern({ bold: true });
    sheet.meta.row_styles = { 3: percent, 7: bold };
    sheet.meta.col_styles = { 2: date, 4: text };
    let seed = 5;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const plain = (): Cell => {
      const k = Math.floor(rand() * 9);
      if (k === 0) return null;
      if (k === 1) return `t${Math.floor(rand() * 100)}`;
      if (k === 2) return rand() < 0.5;
      if (k === 3) return Math.floor(rand() * 1e6) - 5e5;
      if (k === 4) return Math.round(rand() * 1e7) / 10 ** Math.floor(rand() * 7);
      if (k === 5) return (rand() - 0.5) * 10 ** Math.floor(rand() * 20 - 8);
      if (k === 6) return 0.1 + 0.2;
      if (k === 7) return "=not a formula";
      return 45000 + rand();
    };
    for (let r = 0; r < 12; r++) {
      for (let c = 0; c < 6; c++) {
        const k = Math.floor(rand() * 6);
        const cell: Cell = k === 0 ? { v: plain() as number, s: [percent, date, text, bold][Math.floor(rand() * 4)] } : k === 1 ? { f: 'A1*2', v: 3.5 } : k === 2 ? { f: '1/0', e: '#DIV/0!' } : plain();
        sheet.set(r, c, cell);
      }
    }
    const rect = { r0: 0, c0: 0, r1: 11, c1: 5 };
    const errorCells: string[] = [];
    for (let r = 0; r <= 11; r++) for (let c = 0; c <= 5; c++) if ((sheet.get(r, c) as { e?: string } | null)?.e) errorCells.push(`${'ABCDEF'[c]}${r + 1}`);
    expect(errorCells.length).toBeGreaterThan(0);
    for (const render of ['displayed', 'raw', 'formula'] as Render[]) {
      for (const typed of [false, true]) {
        const got = readGrid(sheet, wb.styles, rect, render, false, { typed });
        const values = [], kinds = [];
        for (let r = 0; r <= 11; r++) {
          const line = [], kline = [];
          for (let c = 0; c <= 5; c++) {
            const cell = sheet.get(r, c);
            const style = effectiveStyle(sheet, wb.styles, r, c, cell);
            const raw = rawValue(cell);
            line.push(render === 'raw' ? (typeof raw === 'number' ? significant15(raw) : raw) : render === 'formula' ? formulaText(cell) : cell === null || cell === undefined ? '' : displayCell(cell, style, sheet.meta));
            const rich = typeof cell === 'object' && cell !== null;
            kline.push(render === 'formula' && rich && cell.f !== undefined ? { formula: formulaText(cell) } : cell === null || cell === undefined ? null : typedCell(cell, style, sheet.meta));
          }
          values.push(line);
          kinds.push(kline);
        }
        expect(got.values, `${render} ${typed}`).toEqual(values);
        expect(got.typed, `${render} ${typed}`).toEqual(typed ? kinds : undefined);
        expect(got.errors.map((e) => e.cell)).toEqual(errorCells);
        // The REST door writes the reply itself (rest/json-bytes.ts): the same bytes as JSON.stringify.
        expect(jsonBytes(got).equals(Buffer.from(JSON.stringify(got)))).toBe(true);
      }
    }
  });
});
