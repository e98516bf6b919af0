// Functions that exist only in the engine's text of a formula, never in Excel's: each stands for
// syntax HyperFormula does not read, and is written back as Excel writes it (engine-text.ts).

/** LAMBDA.CALL(lambda or name, arguments...): a call of a LAMBDA (by a name, or in place). */
export const CALL_FN = 'LAMBDA.CALL';
/** LAMBDA.OPT(name): an optional LAMBDA parameter, Excel's [name]. */
export const OPT_FN = 'LAMBDA.OPT';
/** LAMBDA.ETA("SUM"): a function passed by its name (BYROW(A1:C3, SUM)). */
export const ETA_FN = 'LAMBDA.ETA';
/** RANGE.JOIN(left, right): a range whose end is computed (A9:INDEX(...)). */
export const RANGE_JOIN_FN = 'RANGE.JOIN';
/** RANGE.SPILL(A2:A5): a formula that is only a range, spilled as Excel spills it. */
export const RANGE_SPILL_FN = 'RANGE.SPILL';
/** ARRAY.FILL(formula, rows, cols): a legacy array formula filling its own range. */
export const ARRAY_FILL_FN = 'ARRAY.FILL';
