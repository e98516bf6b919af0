// Several values given where a function takes one (SUMIF(A:A, {"a";"b"}), INDEX(A1:A5, {1;3}),
// ROW(A3:A5) inside an array formula): one result per value, spilled in their shape, as Excel 365
// does. Several such arrays broadcast against each other: a single row or column repeats, and past
// the end of a shorter array the result is #N/A.
import { ArraySize, CellError, ErrorType, SimpleRangeValue } from 'hyperformula';
import { size, type InternalScalarValue, type InterpreterValue } from './shared.ts';

/** An array or range of more than one value. */
export const isSeveral = (v: InterpreterValue | undefined): v is SimpleRangeValue => v instanceof SimpleRangeValue && v.width() * v.height() > 1;

/** One result per combination of the values' cells; values that are not arrays are the same in every cell. */
export function broadcast(values: (InterpreterValue | undefined)[], one: (vals: (InternalScalarValue | undefined)[]) => InternalScalarValue): InterpreterValue {
  const arrays = values.filter(isSeveral);
  const height = Math.max(...arrays.map((a) => a.height()));
  const width = Math.max(...arrays.map((a) => a.width()));
  const grid: InternalScalarValue[][] = [];
  for (let r = 0; r < height; r++) {
    const line: InternalScalarValue[] = [];
    for (let c = 0; c < width; c++) {
      let past = false;
      const vals = values.map((v) => {
        if (!(v instanceof SimpleRangeValue)) return v as InternalScalarValue | undefined;
        const rr = v.height() === 1 ? 0 : r, cc = v.width() === 1 ? 0 : c;
        if (rr >= v.height() || cc >= v.width()) past = true;
        return v.data[rr]?.[cc];
      });
      line.push(past ? new CellError(ErrorType.NA, 'past the end of a shorter array') : one(vals));
    }
    grid.push(line);
  }
  return SimpleRangeValue.onlyValues(grid);
}

/** The size of broadcast's result for arguments of these sizes (one cell when none is an array). */
export function broadcastSize(sizes: ArraySize[]): ArraySize {
  const width = Math.max(1, ...sizes.map((s) => s.width)), height = Math.max(1, ...sizes.map((s) => s.height));
  return width * height > 1 ? size(width, height) : ArraySize.scalar();
}
