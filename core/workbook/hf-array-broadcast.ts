// Excel's rule for a function given arrays of different sizes where it takes single values
// (=DATE(2020, A1:A4, B1:B2)): the result is as large as the largest array, and where a smaller
// array has no value (rows 3-4 of B1:B2) the result is #N/A. HyperFormula passed nothing there,
// which each function read its own way (#NUM!, #VALUE!, or 0 for IF). Its operators (+, &, >)
// already give #N/A. Patched once into FunctionPlugin, which every plugin inherits.
import { CellError, ErrorType, FunctionPlugin } from 'hyperformula';

interface Broadcasting {
  vectorizeAndBroadcastRangeArgument(arg: { height(): number; width(): number; data: unknown[][] }, row: number, col: number): unknown;
}

let patched = false;

export function patchArrayBroadcast(): void {
  if (patched) return;
  patched = true;
  const plugin = FunctionPlugin.prototype as unknown as Broadcasting;
  const broadcast = plugin.vectorizeAndBroadcastRangeArgument;
  plugin.vectorizeAndBroadcastRangeArgument = function (this: unknown, arg, row, col) {
    const v = broadcast.call(this, arg, row, col);
    return v === undefined ? new CellError(ErrorType.NA, 'the array has no value at this position') : v;
  };
}
