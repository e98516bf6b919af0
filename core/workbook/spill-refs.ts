// Excel's spill reference: `A1#` is the whole array the formula in A1 spills, stored in files as
// `_xlfn.ANCHORARRAY(A1)`. The engine reads ANCHORARRAY(A1) (functions/anchor-array.ts); typed
// formulas are rewritten to it and every shown formula writes it back as `A1#`.

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
