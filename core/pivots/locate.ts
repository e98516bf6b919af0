// A pivot table by id, or a 400 that lists the ones there are.
import { invalidArg } from '../errors.ts';
import type { Workbook } from '../workbook/workbook.ts';
import { allPivots, findPivot } from './model.ts';

export function locatePivot(wb: Workbook, id: string) {
  const found = findPivot(wb, id);
  if (!found) {
    const ids = allPivots(wb).map((p) => p.pivot.id);
    throw invalidArg('pivot_id', `no pivot table '${id}' in this file; ${ids.length ? `pivots are: ${ids.join(', ')}` : 'it has none'}`);
  }
  return found;
}
