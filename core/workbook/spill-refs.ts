// Spills HyperFormula does not read as Excel does. Excel's spill reference `A1#` is the whole
// array the formula in A1 spills, stored in files as `_xlfn.ANCHORARRAY(A1)`; the engine reads
// ANCHORARRAY(A1) (functions/spills.ts). A formula that is only a range (`=A2:A5`,
// `=Data!A1:C10`) spills its cells in Excel, where HyperFormula answers #VALUE!; the engine reads it
// as RANGE.SPILL(A2:A5). Typed formulas are rewritten to the engine's form and every shown or
// exported formula is written back as Excel writes it.

const REF = String.raw`(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+`;
const TYPED = new RegExp(`(${REF})#`, 'g');
const ENGINE = new RegExp(`ANCHORARRAY\\(\\s*(${REF})\\s*\\)`, 'gi');

/** Applies `fn` to the formula's text outside string literals. */
function outsideStrings(formula: string, fn: (part: string) => string): string {
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) => (i % 2 ? part : fn(part)))
    .join('');
}

/**
 * The engine's function for a legacy array formula (Ctrl+Shift+Enter) over a fixed range of rows x
 * cols: ARRAY.FILL(formula, rows, cols) fills that range as Excel does (a single value everywhere,
 * a row down, a column across, #N/A past the result) and no further.
 */
export const ARRAY_FILL_FN = 'ARRAY.FILL';
const FILLED = /^(=?)ARRAY\.FILL\(([\s\S]*),\s*\d+\s*,\s*\d+\s*\)$/i;

/** A legacy array formula (with '=') as the engine fills its range. */
export function arrayFillForEngine(formula: string, rows: number, cols: number): string {
  return `=${ARRAY_FILL_FN}(${formula.replace(/^=/, '')},${rows},${cols})`;
}

/** ARRAY.FILL(f, rows, cols) as Excel writes it: f (with or without the leading '='). */
export function arrayFillAsWritten(formula: string): string {
  const m = FILLED.exec(formula);
  return m ? `${m[1]}${m[2]}` : formula;
}

/** The engine's function for a formula that is only a range. */
export const RANGE_SPILL_FN = 'RANGE.SPILL';

const END = String.raw`\$?[A-Za-z]{1,3}\$?\d+|\$?[A-Za-z]{1,3}|\$?\d+`;
const BARE_RANGE = new RegExp(`^=\\s*((?:(?:'(?:[^']|'')+'|[A-Za-z_][\\w.]*)!)?(?:${END}):(?:${END}))\\s*$`);
const SPILLED_RANGE = /^(=?)RANGE\.SPILL\((.*)\)$/i;

/** A formula that is only a range, as the engine spills it: RANGE.SPILL(A2:A5). Anything else unchanged. */
export function bareRangeForEngine(formula: string): string {
  const m = BARE_RANGE.exec(formula);
  return m ? `=${RANGE_SPILL_FN}(${m[1]})` : formula;
}

/** RANGE.SPILL(A2:A5) as Excel writes it: A2:A5 (with or without the leading '='). */
export function bareRangeAsWritten(formula: string): string {
  const m = SPILLED_RANGE.exec(formula);
  return m ? `${m[1]}${m[2]}` : formula;
}

/** `A1#` as the engine reads it: ANCHORARRAY(A1). Error literals (#N/A, #REF!) are left alone. */
export function spillRefsForEngine(formula: string): string {
  if (!formula.includes('#')) return formula;
  return outsideStrings(formula, (part) => part.replace(TYPED, (m, ref: string, at: number) => (/^[A-Za-z]$/.test(part[at - 1] ?? '') ? m : `ANCHORARRAY(${ref})`)));
}

/** ANCHORARRAY(A1) as Excel shows it: A1#. */
export function spillRefsAsWritten(formula: string): string {
  if (!/ANCHORARRAY\(/i.test(formula)) return formula;
  return outsideStrings(formula, (part) => part.replace(ENGINE, (_, ref: string) => `${ref}#`));
}
