// Excel functions HyperFormula lacks, computed by @formulajs/formulajs (a maintained library of
// Excel's functions) behind one HyperFormula plugin. Each entry names the library function and
// the argument kinds; the library's error values become the cell's error. Every function here is
// checked against Excel's cached values in test/excel-fidelity.test.ts: one that disagrees with
// Excel is fixed or left out, not kept because the library has it.
import * as formulajs from '@formulajs/formulajs';
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

type Kind = 'num' | 'str' | 'range' | 'any';
interface Bridged {
  fn: (...args: unknown[]) => unknown;
  args: Kind[];
  /** How many of the last arguments may be left out (formulajs applies Excel's defaults). */
  optional?: number;
  /** The last argument repeats (n1, n2, ...). */
  repeat?: boolean;
  summary: string;
  category: string;
  /** HyperFormula has the name (as an alias with another argument list). */
  replaces?: boolean;
}

const lib = formulajs as unknown as Record<string, unknown>;
const pick = (path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lib) as (...args: unknown[]) => unknown;

const NUM = () => new Error('#NUM!');

/** The compatibility distributions with Excel's domain checks (the library's own let p > 1 or x > B through). */
const legacy = {
  lognormdist: (x: unknown, mean: unknown, sd: unknown) => (Number(x) <= 0 || Number(sd) <= 0 ? NUM() : pick('LOGNORM.DIST')(x, mean, sd, true)),
  negbinomdist(f: unknown, s: unknown, p: unknown) {
    const [fails, successes, prob] = [Math.trunc(Number(f)), Math.trunc(Number(s)), Number(p)];
    return prob < 0 || prob > 1 || fails < 0 || successes < 1 ? NUM() : pick('NEGBINOM.DIST')(fails, successes, prob, false);
  },
  hypgeomdist(k: unknown, n: unknown, m: unknown, pop: unknown) {
    const [hits, sample, good, all] = [k, n, m, pop].map((v) => Math.trunc(Number(v))) as [number, number, number, number];
    const bad = all <= 0 || sample <= 0 || sample > all || good <= 0 || good > all || hits < 0 || hits > Math.min(sample, good) || hits < Math.max(0, sample - all + good);
    return bad ? NUM() : pick('HYPGEOM.DIST')(hits, sample, good, all, false);
  },
  betadist(x: unknown, a: unknown, b: unknown, lo: unknown = 0, hi: unknown = 1) {
    const [v, from, to] = [Number(x), Number(lo), Number(hi)];
    return Number(a) <= 0 || Number(b) <= 0 || from >= to || v < from || v > to ? NUM() : pick('BETA.DIST')(v, a, b, true, from, to);
  },
};

export const BRIDGED: Record<string, Bridged> = {
  'ERF.PRECISE': { fn: (x) => pick('ERF')(x), args: ['num'], category: 'Engineering', summary: 'The error function from 0 to x.' },
  'ERFC.PRECISE': { fn: pick('ERFC'), args: ['num'], category: 'Engineering', summary: 'The complementary error function from x to infinity.' },
  GESTEP: { fn: pick('GESTEP'), args: ['num', 'num'], optional: 1, category: 'Engineering', summary: '1 when the number is at least step (default 0), else 0.' },
  PERMUTATIONA: { fn: pick('PERMUTATIONA'), args: ['num', 'num'], category: 'Statistical', summary: 'Permutations of k items out of n, with repetition.' },
  PROB: { fn: pick('PROB'), args: ['range', 'range', 'num', 'num'], optional: 1, category: 'Statistical', summary: 'Probability that values fall between two limits, from a table of values and probabilities.' },
  TRIMMEAN: { fn: trimMean, args: ['range', 'num'], category: 'Statistical', summary: 'Mean of the interior of a data set, leaving out a fraction of the extremes (rounded down to an even count, half from each end).' },
  'PERCENTRANK.INC': { fn: pick('PERCENTRANK.INC'), args: ['range', 'num', 'num'], optional: 1, category: 'Statistical', summary: 'Rank of a value in a data set as a fraction from 0 to 1 inclusive.' },
  'PERCENTRANK.EXC': { fn: pick('PERCENTRANK.EXC'), args: ['range', 'num', 'num'], optional: 1, category: 'Statistical', summary: 'Rank of a value in a data set as a fraction between 0 and 1 exclusive.' },
  PERCENTRANK: { fn: pick('PERCENTRANK.INC'), args: ['range', 'num', 'num'], optional: 1, category: 'Statistical', summary: 'Same as PERCENTRANK.INC.' },
  // Excel's compatibility names with their own, shorter argument lists: HyperFormula aliases them
  // to the modern functions, which then miss the cumulative argument (#N/A).
  NORMSDIST: { fn: (z) => pick('NORM.S.DIST')(z, true), args: ['num'], replaces: true, category: 'Statistical', summary: 'Standard normal cumulative distribution (NORM.S.DIST with cumulative TRUE).' },
  LOGNORMDIST: { fn: legacy.lognormdist, args: ['num', 'num', 'num'], replaces: true, category: 'Statistical', summary: 'Lognormal cumulative distribution (LOGNORM.DIST with cumulative TRUE).' },
  NEGBINOMDIST: { fn: legacy.negbinomdist, args: ['num', 'num', 'num'], replaces: true, category: 'Statistical', summary: 'Negative binomial probability of f failures before the s-th success (NEGBINOM.DIST with cumulative FALSE).' },
  HYPGEOMDIST: { fn: legacy.hypgeomdist, args: ['num', 'num', 'num', 'num'], replaces: true, category: 'Statistical', summary: 'Hypergeometric probability of k successes in a sample (HYPGEOM.DIST with cumulative FALSE).' },
  BETADIST: { fn: legacy.betadist, args: ['num', 'num', 'num', 'num', 'num'], optional: 2, replaces: true, category: 'Statistical', summary: 'Cumulative beta distribution on [A, B] (BETA.DIST with cumulative TRUE).' },
};

/** Excel's TRIMMEAN (formulajs rounds the excluded count differently). */
function trimMean(range: unknown, percent: unknown): unknown {
  const p = Number(percent);
  const xs = (Array.isArray(range) ? range.flat(2) : [range]).filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (!(p >= 0 && p < 1) || xs.length === 0) return new Error('#NUM!');
  const k = Math.floor((xs.length * p) / 2);
  const kept = xs.slice(k, xs.length - k);
  return kept.reduce((s, x) => s + x, 0) / kept.length;
}

const KIND: Record<Kind, FunctionArgumentType> = { num: FunctionArgumentType.NUMBER, str: FunctionArgumentType.STRING, range: FunctionArgumentType.RANGE, any: FunctionArgumentType.SCALAR };

const ERRORS: Record<string, ErrorType> = { '#N/A': ErrorType.NA, '#NUM!': ErrorType.NUM, '#VALUE!': ErrorType.VALUE, '#DIV/0!': ErrorType.DIV_BY_ZERO, '#NAME?': ErrorType.NAME, '#REF!': ErrorType.REF, '#NULL!': ErrorType.NA };

/** A range as plain values: numbers unwrapped, empty cells null. */
function plain(v: unknown): unknown {
  if (v instanceof SimpleRangeValue) return v.data.map((row) => row.map(plain));
  const n = rawNumber(v);
  if (n !== undefined) return n;
  return typeof v === 'string' || typeof v === 'boolean' ? v : null;
}

function result(out: unknown): number | string | boolean | CellError {
  if (out instanceof Error) return new CellError(ERRORS[out.message] ?? ErrorType.VALUE, `${out.message}`);
  if (typeof out === 'number') return Number.isFinite(out) ? out : new CellError(ErrorType.NUM);
  if (typeof out === 'string' || typeof out === 'boolean') return out;
  return new CellError(ErrorType.VALUE, 'no value');
}

function implemented() {
  const out: Record<string, { method: string; parameters: { argumentType: FunctionArgumentType; optionalArg?: boolean }[]; repeatLastArgs?: number }> = {};
  for (const [name, b] of Object.entries(BRIDGED)) {
    out[name] = {
      method: 'bridged',
      parameters: b.args.map((k, i) => ({ argumentType: KIND[k], ...(i >= b.args.length - (b.optional ?? 0) ? { optionalArg: true } : {}) })),
      ...(b.repeat ? { repeatLastArgs: 1 } : {}),
    };
  }
  return out;
}

export class FormulajsPlugin extends FunctionPlugin {
  static override implementedFunctions = implemented();

  bridged(ast: ProcedureAst, state: InterpreterState) {
    const b = BRIDGED[ast.procedureName]!;
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), (...args: unknown[]) => {
      while (args.length && args[args.length - 1] === undefined) args.pop();
      try {
        return result(b.fn(...args.map(plain)));
      } catch (err) {
        return new CellError(ErrorType.VALUE, (err as Error).message);
      }
    });
  }
}
