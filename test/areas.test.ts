// A workbook carries exactly the areas it is given: built here with none, with one, and with a
// probe, without importing the registry. Sheet meta changes are committed without any flag.
import { describe, expect, it } from 'vitest';
import { chartObjects } from '../core/charts/hooks.ts';
import type { ChartSpec } from '../core/charts/model.ts';
import { nameObjects } from '../core/names/hooks.ts';
import { addName } from '../core/names/model.ts';
import type { WorkbookArea } from '../core/workbook/area.ts';
import { syncNames } from '../core/workbook/defined-names.ts';
import { applyStructure } from '../core/workbook/structure.ts';
import { memoryWorkbook, put, shown } from './helpers/memory-workbook.ts';

function chartOn(wb: ReturnType<typeof memoryWorkbook>): ChartSpec {
  const sheet = wb.sheets[0]!;
  const chart = { id: 'chart_1', type: 'bar', anchor: { row: 5, col: 1 }, data: { sheet: sheet.id, rect: { r0: 5, c0: 0, r1: 9, c1: 1 } } } as unknown as ChartSpec;
  sheet.meta.charts = [chart];
  return chart;
}

describe('a workbook with an explicit list of areas', () => {
  it('with none, objects in the meta do not follow edits and formulas know no names', async () => {
    const wb = memoryWorkbook(['S']);
    expect(wb.areas).toEqual([]);
    const chart = chartOn(wb);
    await applyStructure(wb, wb.sheets[0]!, [{ kind: 'insert', axis: 'row', at: 0, count: 2 }]);
    expect(chart.anchor).toEqual({ row: 5, col: 1 });
    addName(wb, { name: 'rate', refers_to: '=0.5' });
    await put(wb, 'S', 'A1', [['=2*rate']]);
    expect(shown(wb, 'S', 'A1')).toEqual([['#NAME?']]);
  });

  it('with the charts area, a chart follows inserted rows', async () => {
    const wb = memoryWorkbook(['S'], [{ name: 'charts', objects: chartObjects }]);
    const chart = chartOn(wb);
    await applyStructure(wb, wb.sheets[0]!, [{ kind: 'insert', axis: 'row', at: 0, count: 2 }]);
    expect(chart.anchor).toEqual({ row: 7, col: 1 });
    expect(chart.data.rect).toMatchObject({ r0: 7, r1: 11 });
  });

  it('with the names area, formulas use names and names follow edits', async () => {
    const wb = memoryWorkbook(['S'], [{ name: 'names', objects: nameObjects }]);
    await put(wb, 'S', 'B1', [[3], [4]]);
    addName(wb, { name: 'amounts', refers_to: '=S!$B$1:$B$2' });
    await syncNames(wb);
    await put(wb, 'S', 'A1', [['=SUM(amounts)']]);
    expect(shown(wb, 'S', 'A1')).toEqual([['7']]);
    await applyStructure(wb, wb.sheets[0]!, [{ kind: 'insert', axis: 'row', at: 0, count: 1 }]);
    expect(wb.sheets[0]!.meta.names).toEqual([{ name: 'amounts', refers_to: '=S!$B$2:$B$3' }]);
  });

  it('calls a probe area in list order, and refuses two areas with one name', () => {
    const seen: string[] = [];
    const probe = (name: string): WorkbookArea => ({ name, objects: { onRenameSheet: () => void seen.push(name) } });
    const wb = memoryWorkbook(['S'], [probe('first'), probe('second')]);
    for (const h of wb.hooks) h.onRenameSheet?.(wb, 'S', 'T');
    expect(seen).toEqual(['first', 'second']);
    expect(() => memoryWorkbook(['S'], [probe('x'), probe('x')])).toThrow(/two areas are named x/);
  });
});

describe('sheet meta', () => {
  it('is committed when it changed, with no flag to set', () => {
    const wb = memoryWorkbook(['S']);
    const sheet = wb.sheets[0]!;
    expect(wb.hasChanges()).toBe(false);
    (sheet.meta.merges ??= []).push('A1:B2');
    expect(wb.hasChanges()).toBe(true);
    const set = wb.commitSet(new Date(), { op: 'test', args: {} } as never);
    expect(set.sheetsUpsert.map((s) => s.meta.merges)).toEqual([['A1:B2']]);
    wb.afterCommit(2, new Date());
    expect(wb.hasChanges()).toBe(false);
  });
});
