// Summaries of pivot values: sum, count (non-empty cells, Excel's pivot "Count"), count_numbers,
// average, min, max and count_distinct, accumulated row by row. Text is ignored by the numeric
// summaries; a group without numbers has an empty average/min/max.
import type { Aggregate } from './model.ts';

export class Acc {
  sum = 0;
  nums = 0;
  count = 0;
  min = Infinity;
  max = -Infinity;
  distinct?: Set<string>;

  add(value: number | string | boolean | null, key: string): void {
    if (value === null || value === '') return;
    this.count++;
    (this.distinct ??= new Set()).add(key);
    if (typeof value === 'number' && Number.isFinite(value)) {
      this.sum += value;
      this.nums++;
      if (value < this.min) this.min = value;
      if (value > this.max) this.max = value;
    }
  }

  result(agg: Aggregate): number | null {
    switch (agg) {
      case 'sum':
        return this.sum;
      case 'count':
        return this.count;
      case 'count_numbers':
        return this.nums;
      case 'count_distinct':
        return this.distinct?.size ?? 0;
      case 'average':
        return this.nums ? this.sum / this.nums : null;
      case 'min':
        return this.nums ? this.min : null;
      case 'max':
        return this.nums ? this.max : null;
    }
  }
}

const NAMES: Record<Aggregate, string> = {
  sum: 'Sum',
  count: 'Count',
  count_numbers: 'Count numbers',
  average: 'Average',
  min: 'Min',
  max: 'Max',
  count_distinct: 'Distinct count',
};

export function defaultValueLabel(agg: Aggregate, field: string): string {
  return `${NAMES[agg]} of ${field}`;
}
