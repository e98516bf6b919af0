// The prefixes xlsx files put on names: functions newer than Excel 2007 are stored `_xlfn.NAME`
// (FILTER and SORT `_xlfn._xlws.NAME`, as Excel writes them), the names LET binds and LAMBDA's
// parameters `_xlpm.x`, an optional parameter `_xlop.b`, a function passed by name `_xleta.SUM`.
// Without them Excel and LibreOffice do not recognise the functions; imports take them off.
import { bareName, childrenOf, withChildren, type CallNode, type Node } from './ast.ts';
import { ETA_FN, OPT_FN } from './engine-names.ts';
import { rewrite, tryParse, visit } from './walk.ts';
import { printFormula } from './print.ts';

/** Functions Excel stores with the _xlfn. prefix (those seen in files Excel wrote included). */
export const FUTURE_FUNCTIONS: ReadonlySet<string> = new Set([
  'ACOT', 'ACOTH', 'ANCHORARRAY', 'ARABIC', 'ARRAYTOTEXT', 'BASE', 'BETA.DIST', 'BETA.INV', 'BINOM.DIST',
  'BINOM.DIST.RANGE', 'BINOM.INV', 'BITAND', 'BITLSHIFT', 'BITOR', 'BITRSHIFT', 'BITXOR', 'BYCOL', 'BYROW',
  'CEILING.MATH', 'CEILING.PRECISE', 'CHISQ.DIST', 'CHISQ.DIST.RT', 'CHISQ.INV', 'CHISQ.INV.RT', 'CHISQ.TEST',
  'CHOOSECOLS', 'CHOOSEROWS', 'COMBINA', 'CONCAT', 'CONFIDENCE.NORM', 'CONFIDENCE.T', 'COT', 'COTH', 'COVARIANCE.P',
  'COVARIANCE.S', 'CSC', 'CSCH', 'DAYS', 'DECIMAL', 'DROP', 'ERF.PRECISE', 'ERFC.PRECISE', 'EXPAND', 'EXPON.DIST',
  'F.DIST', 'F.DIST.RT', 'F.INV', 'F.INV.RT', 'F.TEST', 'FILTER', 'FLOOR.MATH', 'FLOOR.PRECISE', 'FORECAST.LINEAR',
  'FORMULATEXT', 'GAMMA', 'GAMMA.DIST', 'GAMMA.INV', 'GAMMALN.PRECISE', 'GAUSS', 'GROUPBY', 'HSTACK', 'HYPGEOM.DIST',
  'IFNA', 'IFS', 'IMCOSH', 'IMCOT', 'IMCSC', 'IMCSCH', 'IMSEC', 'IMSECH', 'IMSINH', 'IMTAN', 'ISFORMULA',
  'ISOMITTED', 'ISOWEEKNUM', 'LAMBDA', 'LET', 'LOGNORM.DIST', 'LOGNORM.INV', 'MAKEARRAY', 'MAP', 'MAXIFS', 'MINIFS',
  'MODE.MULT', 'MODE.SNGL', 'MUNIT', 'NEGBINOM.DIST', 'NORM.DIST', 'NORM.INV', 'NORM.S.DIST', 'NORM.S.INV',
  'PDURATION', 'PERCENTILE.EXC', 'PERCENTILE.INC', 'PERCENTOF', 'PERCENTRANK.EXC', 'PERCENTRANK.INC', 'PERMUTATIONA',
  'PHI', 'PIVOTBY', 'POISSON.DIST', 'QUARTILE.EXC', 'QUARTILE.INC', 'RANDARRAY', 'RANK.AVG', 'RANK.EQ', 'REDUCE',
  'REGEXEXTRACT', 'REGEXREPLACE', 'REGEXTEST', 'RRI', 'SCAN', 'SEC', 'SECH', 'SEQUENCE', 'SHEET', 'SHEETS', 'SINGLE',
  'SKEW.P', 'SORT', 'SORTBY', 'STDEV.P', 'STDEV.S', 'SWITCH', 'T.DIST', 'T.DIST.RT', 'T.INV', 'T.TEST', 'TAKE',
  'TEXTAFTER', 'TEXTBEFORE', 'TEXTJOIN', 'TEXTSPLIT', 'TOCOL', 'TOROW', 'TRIMRANGE', 'UNICHAR', 'UNICODE', 'UNIQUE',
  'VALUETOTEXT', 'VAR.P', 'VAR.S', 'VSTACK', 'WEIBULL.DIST', 'WRAPCOLS', 'WRAPROWS', 'XLOOKUP', 'XMATCH', 'XOR',
  'Z.TEST',
  // Newer functions the files under test/fixtures do not all show, from Excel's list of future functions.
  'T.DIST.2T', 'T.INV.2T', 'AGGREGATE', 'NETWORKDAYS.INTL', 'WORKDAY.INTL', 'NUMBERVALUE', 'ENCODEURL', 'FILTERXML', 'WEBSERVICE',
  'FORECAST.ETS', 'FORECAST.ETS.CONFINT', 'FORECAST.ETS.SEASONALITY', 'FORECAST.ETS.STAT', 'IMAGE', 'STOCKHISTORY',
]);
/** Functions Excel stores as _xlfn._xlws.NAME. */
const WORKSHEET_FUNCTIONS = new Set(['FILTER', 'SORT']);

/** A function's name as an xlsx file stores it: _xlfn._xlws.FILTER, _xlfn.XLOOKUP, SUM. */
export function storedFunctionName(name: string): string {
  const upper = name.toUpperCase();
  if (/^_xl/i.test(name) || !FUTURE_FUNCTIONS.has(upper)) return name;
  return WORKSHEET_FUNCTIONS.has(upper) ? `_xlfn._xlws.${upper}` : `_xlfn.${upper}`;
}

/** The formula with every newer function written with the prefix Excel stores it with. */
export function withFunctionPrefixes(formula: string): string {
  return rewrite(formula, (n) => {
    if (n.kind !== 'call') return n;
    const name = storedFunctionName(n.name);
    return name === n.name ? n : { ...n, name };
  });
}

/** A newer function called without its prefix (a quick test before the parse; strings may match too). */
const BARE_FUTURE_CALL = new RegExp(`(?<![\\w.])(?:${[...FUTURE_FUNCTIONS].map((n) => n.replace(/\./g, '\\.')).join('|')})\\s*\\(`, 'i');

/**
 * Does the file's formula text name its functions as the xlsx export writes them (storedFunctionName)?
 * LibreOffice writes NETWORKDAYS.INTL bare where Excel writes _xlfn.NETWORKDAYS.INTL, and some
 * writers prefix functions Excel does not: such a text is kept (RichCell.x) so that it goes back
 * out as the file wrote it.
 */
export function prefixesAsStored(formula: string): boolean {
  if (!/_xl/i.test(formula) && !BARE_FUTURE_CALL.test(formula)) return true;
  const f = tryParse(formula);
  if (!f) return true;
  let same = true;
  visit(f.body, (n) => {
    if (same && n.kind === 'call' && /^(?:_xl|[A-Z])/i.test(n.name) && !n.name.includes('!')) same = storedFunctionName(bare(n.name)).toUpperCase() === n.name.toUpperCase();
  });
  return same;
}

/** A name without the file's prefixes: _xlpm.x is x, _xlfn._xlws.SORT is SORT. */
const bare = (name: string) => name.replace(/^_xlfn\.(?:_xlws\.)?|^_xlws\.|^_xlpm\./i, '');

/**
 * The formula without the prefixes files store: functions and LET/LAMBDA names bare, an optional
 * parameter `[b]`, and a function passed by name (_xleta.SUM) as the engine takes it,
 * LAMBDA.ETA("SUM") (core/formula/engine-text.ts), or, `shown`, as Excel shows it, SUM.
 */
function withoutFilePrefixes(formula: string, eta: 'engine' | 'shown'): string {
  if (!/_xl/i.test(formula)) return formula;
  return rewrite(formula, (n): Node => {
    if (n.kind === 'call') {
      const name = bare(n.name);
      return name === n.name ? n : { ...n, name };
    }
    if (n.kind !== 'name' || n.prefix) return n;
    const opt = /^_xlop\.(.+)$/i.exec(n.name);
    if (opt) return { kind: 'structured', spec: { items: [], cols: [opt[1]!, opt[1]!] } };
    const passed = /^_xleta\.(.+)$/i.exec(n.name);
    if (passed && eta === 'engine') return { kind: 'call', name: ETA_FN, args: [{ kind: 'string', value: passed[1]! }] };
    const name = passed ? passed[1]! : bare(n.name);
    return name === n.name ? n : { kind: 'name', name };
  });
}

/** The formula without the prefixes files store, as the engine takes it. */
export const withoutPrefixes = (formula: string): string => withoutFilePrefixes(formula, 'engine');

/** The formula as Excel shows it: no _xlfn./_xlws. on functions, no _xlpm. on names, _xleta.SUM as SUM, _xlop.b as [b]. */
export const prefixesAsShown = (formula: string): string => withoutFilePrefixes(formula, 'shown');

/** The name a LAMBDA or LET argument binds, if it is a bare name. */
function boundName(n: Node): string | undefined {
  return n.kind === 'name' && !n.prefix ? n.name : undefined;
}

function withParams(n: Node, scope: ReadonlySet<string>): Node {
  if (n.kind === 'name') return !n.prefix && scope.has(n.name.toUpperCase()) ? { kind: 'name', name: `_xlpm.${n.name}` } : n;
  if (n.kind !== 'call') return mapKids(n, (k) => withParams(k, scope));
  const fn = bareName(n.name);
  if (fn !== 'LAMBDA' && fn !== 'LET') return mapKids(n, (k) => withParams(k, scope));
  const inner = new Set(scope);
  const last = n.args.length - 1;
  const args = n.args.map((a, i) => {
    if (i < last && (fn === 'LAMBDA' || i % 2 === 0)) {
      // An optional parameter (the engine's LAMBDA.OPT(b)) is stored _xlop.b, as Excel stores [b].
      const opt = a.kind === 'call' && a.name.toUpperCase() === OPT_FN && a.args.length === 1 ? boundName(a.args[0]!) : undefined;
      if (opt) {
        inner.add(opt.toUpperCase());
        return { kind: 'name', name: `_xlop.${opt}` } as Node;
      }
      const name = boundName(a);
      if (name) inner.add(name.toUpperCase());
    }
    return withParams(a, new Set(inner));
  });
  return args.every((a, i) => a === n.args[i]) ? n : ({ ...n, args } as CallNode);
}

function mapKids(n: Node, fn: (k: Node) => Node): Node {
  const kids = childrenOf(n);
  const next = kids.map(fn);
  return next.every((k, i) => k === kids[i]) ? n : withChildren(n, next);
}

/** The formula with the names LET binds and LAMBDA's parameters written _xlpm.x (optional ones _xlop.b), as files store them. */
export function withParameterPrefixes(formula: string): string {
  if (!/(?:LET|LAMBDA)\s*\(/i.test(formula)) return formula;
  const f = tryParse(formula);
  if (!f) return formula;
  const body = withParams(f.body, new Set());
  return body === f.body ? formula : printFormula({ ...f, body });
}

/** Names of the functions a formula calls (upper case, as written: prefixes kept); none when it does not parse. */
export function functionsCalled(formula: string): string[] {
  const f = formula.includes('(') ? tryParse(formula) : undefined;
  const out = new Set<string>();
  if (f) visit(f.body, (n) => n.kind === 'call' && out.add(n.name.toUpperCase()));
  return [...out];
}
