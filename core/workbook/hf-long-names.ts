// Excel reads AddressLine1, named1 or Rate2024 as names: a cell reference has at most three column
// letters, up to XFD. HyperFormula 3.5 reads any run of letters followed by digits as a cell
// reference, so such a name cannot be defined (NamedExpressions.isNameValid refuses it) and a
// formula that says =AddressLine1 points at a column past the grid and shows an error. This
// narrows HyperFormula's cell-reference token and its name check to Excel's rule. Lexers are
// built per engine from the shared token objects, so the patch reaches every engine built after it.
import { HyperFormula } from 'hyperformula';
import { MAX_COLS } from '../a1.ts';

type Match = (RegExpExecArray & { 0: string }) | null;
interface Token {
  name: string;
  PATTERN: (text: string, offset: number) => Match;
}
interface Internals {
  _parser: { lexerConfig: { allTokens: Token[] } };
  _namedExpressions: object;
}

/** True when `text` (A1, $AB$12, Sheet1!C3, 'My sheet'!XFD1) is a reference inside Excel's grid. */
export function isGridCellRef(text: string): boolean {
  const m = /^\$?([A-Za-z]+)\$?\d+$/.exec(text.slice(text.lastIndexOf('!') + 1));
  if (!m || m[1]!.length > 3) return false;
  const col = [...m[1]!.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return col <= MAX_COLS;
}

let patched = false;

export function patchLongNames(): void {
  if (patched) return;
  patched = true;
  const hf = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const internals = hf as unknown as Internals;
  const token = internals._parser.lexerConfig.allTokens.find((t) => t.name === 'CellReference');
  if (token) {
    const original = token.PATTERN;
    token.PATTERN = (text, offset) => {
      const m = original(text, offset);
      return m && !isGridCellRef(m[0]) ? null : m;
    };
  }
  const names = Object.getPrototypeOf(internals._namedExpressions) as { isNameValid(name: string): boolean };
  const isNameValid = names.isNameValid;
  names.isNameValid = function (this: unknown, name: string) {
    if (/^[A-Za-z]+\d+$/.test(name) && !isGridCellRef(name)) return isNameValid.call(this, `_${name}`);
    return isNameValid.call(this, name);
  };
  hf.destroy();
}
