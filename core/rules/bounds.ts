// Thresholds a file places at a formula's value (Excel's cfvo type "formula", e.g. a target in
// $T$5, or a percent or percentile given by a formula) become numbers when the rule is drawn: the
// formula is evaluated for the rule's top-left cell, as Excel does. A formula that does not give a
// number makes the rule draw nothing.
import type { SheetModel } from '../workbook/sheet.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { evaluateAt } from './hf-eval.ts';
import type { Bound, ThresholdType } from './model.ts';

export type Resolved<T extends Bound> = T & { value_type: ThresholdType };

export async function resolveBounds<T extends Bound>(wb: Workbook, sheet: SheetModel, origin: { row: number; col: number }, bounds: T[]): Promise<Resolved<T>[] | undefined> {
  const formulas = bounds.flatMap((b) => (b.formula ? [b.formula] : []));
  if (formulas.length === 0) return bounds.every((b) => b.value_type !== 'formula') ? (bounds as Resolved<T>[]) : undefined;
  const engine = await wb.prepareFor(sheet, formulas);
  const out: Resolved<T>[] = [];
  for (const b of bounds) {
    if (b.value_type !== 'formula' && !b.formula) {
      out.push(b as Resolved<T>);
      continue;
    }
    let value: unknown;
    if (!b.formula || !evaluateAt(engine.hf, engine.hfId(sheet), b.formula, origin, [origin], (_r, _c, v) => (value = v))) return undefined;
    const n = Array.isArray(value) ? value[0]?.[0] : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
    out.push({ ...b, value_type: b.value_type === 'formula' ? 'number' : b.value_type, value: n });
  }
  return out;
}
