// Pure pieces of conditional formats: evaluating one condition at many cells (relative references
// shift, absolute ones stay; guards the HyperFormula internals it uses), reference rewriting for
// structure edits, colour-scale thresholds, interpolation and contrast.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { colorFor, contrastText, percentile, thresholdValues } from '../core/rules/color-scale.ts';
import { mapRefs, moveFormula, reanchor, shiftFormula } from '../core/formula/move-refs.ts';
import { evaluateAt, isTruthy } from '../core/rules/hf-eval.ts';
import { engineConfig } from '../core/workbook/engine.ts';

describe('evaluateAt', () => {
  const hf = HyperFormula.buildFromSheets({ S: [[1, 10], [5, 20], [9, 30], ['x', 40]] }, engineConfig());
  const cells = [0, 1, 2, 3].map((row) => ({ row, col: 0 }));

  it('shifts relative references per cell and keeps absolute ones', () => {
    const got: unknown[] = [];
    expect(evaluateAt(hf, 0, '=A1>AVERAGE($A$1:$A$3)', { row: 0, col: 0 }, cells, (_r, _c, v) => got.push(v))).toBe(true);
    expect(got).toEqual([false, false, true, true]); // "x" > 5 is TRUE in spreadsheet comparison (text > numbers)
    const mixed: unknown[] = [];
    evaluateAt(hf, 0, '=$B1>=20', { row: 0, col: 0 }, [{ row: 0, col: 0 }, { row: 1, col: 0 }, { row: 1, col: 1 }], (_r, _c, v) => mixed.push(v));
    expect(mixed).toEqual([false, true, true]);
  });

  it('evaluates relative ranges at each cell', () => {
    const got: unknown[] = [];
    evaluateAt(hf, 0, '=SUM(A1:B1)', { row: 0, col: 0 }, cells.slice(0, 3), (_r, _c, v) => got.push(v));
    expect(got).toEqual([11, 25, 39]);
  });

  it('references off the sheet are errors, not crashes; bad formulas report false', () => {
    const got: unknown[] = [];
    evaluateAt(hf, 0, '=A1>0', { row: 1, col: 0 }, [{ row: 0, col: 0 }], (_r, _c, v) => got.push(v));
    expect(isTruthy(got[0])).toBe(false);
    expect(evaluateAt(hf, 0, '=A1>', { row: 0, col: 0 }, cells, () => undefined)).toBe(false);
  });

  it('truthiness: TRUE or a non-zero number', () => {
    expect([true, 1, -2, [[true]]].map(isTruthy)).toEqual([true, true, true, true]);
    expect([false, 0, 'TRUE', null, Number.NaN].map(isTruthy)).toEqual([false, false, false, false, false]);
  });
});

describe('formula references', () => {
  it('maps references outside strings, keeps function names and table names', () => {
    const seen: string[] = [];
    mapRefs('=SUM(A1:B2)+LOG10(C3)+"D4"+Sales.Q1+\'My Sheet\'!$E$5+F:G+3:4', (r) => (seen.push(`${r.sheet ?? ''}|${r.kind}|${r.r0},${r.c0}:${r.r1},${r.c1}`), r));
    expect(seen).toEqual(['|cells|0,0:1,1', '|cells|2,2:2,2', 'My Sheet|cells|4,4:4,4', '|cols|0,5:0,6', '|rows|2,0:3,0']);
  });

  it('shifts with inserts and deletes; deleted cells become #REF!', () => {
    expect(shiftFormula('=A1+$B$3+SUM(C2:C9)', 'S', 'S', { kind: 'insert', axis: 'row', at: 2, count: 3 })).toBe('=A1+$B$6+SUM(C2:C12)');
    expect(shiftFormula('=A1+B2', 'S', 'S', { kind: 'delete', axis: 'col', at: 0, count: 1 })).toBe('=#REF!+A2');
    expect(shiftFormula('=A1+Other!A1', 'S', 'Other', { kind: 'insert', axis: 'row', at: 0, count: 1 })).toBe('=A1+Other!A2');
  });

  it('re-anchors relative parts only, and follows cell moves', () => {
    expect(reanchor('=B2*$C$1+B$1+$A2', 2, 1)).toBe('=C4*$C$1+C$1+$A4');
    expect(reanchor('=A1', -1, 0)).toBe('=#REF!');
    expect(moveFormula('=A1+B2+SUM(A1:B2)', 'S', 'S', { r0: 0, c0: 0, r1: 1, c1: 1 }, { row: 5, col: 5 })).toBe('=F6+G7+SUM(F6:G7)');
  });
});

describe('colour scales', () => {
  const values = [10, 20, 30, 40, 50];

  it('thresholds: min, max, number, percent, percentile (PERCENTILE.INC)', () => {
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    expect(thresholdValues([{ value_type: 'min', color: '#000000' }, { value_type: 'percent', value: 25, color: '#000000' }, { value_type: 'percentile', value: 90, color: '#000000' }, { value_type: 'max', color: '#000000' }], values)).toEqual([10, 20, 46, 50]);
    // Never descending, even when a number lies below the minimum.
    expect(thresholdValues([{ value_type: 'number', value: 60, color: '#000000' }, { value_type: 'max', color: '#000000' }], values)).toEqual([60, 60]);
  });

  it('interpolates in RGB and clamps at the ends', () => {
    const at = [10, 30, 50];
    const colors = ['#FF0000', '#FFFF00', '#00FF00'];
    expect([5, 10, 20, 30, 40, 50, 99].map((v) => colorFor(v, at, colors))).toEqual(['#FF0000', '#FF0000', '#FF8000', '#FFFF00', '#80FF00', '#00FF00', '#00FF00']);
  });

  it('contrast text by luminance', () => {
    expect(['#FFFFFF', '#FFEB84', '#63BE7B', '#808080', '#000000', '#4285F4', '#F8696B'].map(contrastText)).toEqual(['#000000', '#000000', '#000000', '#000000', '#FFFFFF', '#000000', '#000000']);
  });
});
