// LAMBDA and its helpers. A LAMBDA is called by a name (a defined name, or one LET binds) or in
// place, which the engine reads as LAMBDA.CALL(lambda, args...) (core/formula/engine-text.ts rewrites Excel's
// text), and by MAP(array, ..., LAMBDA(x, ...)), REDUCE(initial, array, LAMBDA(acc, x, ...)),
// SCAN(...), BYROW(array, LAMBDA(row, ...)), BYCOL(...) and MAKEARRAY(rows, columns, LAMBDA(r, c,
// ...)), which take a LAMBDA written in place or its name. Each call binds the parameters the way
// LET binds its names (let.ts: the body is rewritten with hidden nodes holding the values) and
// evaluates the body. An optional parameter ([b], LAMBDA.OPT(b) for the engine) left out is
// "omitted", which ISOMITTED tells. A LAMBDA never called is #CALC!'s case in Excel (#VALUE! here).
// Named LAMBDAs may call themselves, to a depth of MAX_DEPTH. Spill sizes come from the arrays
// (MAKEARRAY's counts must be written as numbers; a called LAMBDA's from its body). A function
// passed by its name (BYROW(A1:C3, SUM), LAMBDA.ETA("SUM") for the engine) is the LAMBDA that calls
// it with as many arguments as the helper passes.
import { ArraySize, CellError, EmptyValue, ErrorType, SimpleRangeValue } from 'hyperformula';
import { CALL_FN, ETA_FN, OPT_FN } from '../../formula/engine-names.ts';
import { BOUND_FN, substitute } from './let.ts';
import { ArrayFunctionPlugin, gridOf, literalNumber, rawNumber, resultOf, size, type Ast, type Grid, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

export interface Lambda {
  params: string[];
  /** How many leading parameters a call must give (the rest were written in brackets). */
  required: number;
  body: Ast;
  /** A function passed by its name (upper case): its parameters are those of each call. */
  eta?: string;
}

/** The engine's IF inside a LAMBDA's body: the branch not taken is not evaluated, as in Excel. */
export const LAZY_IF_FN = 'LAMBDA.IF';

const UNARY = new Set(['MINUS_UNARY_OP', 'PLUS_UNARY_OP', 'PERCENT_OP']);
const lazyBodies = new WeakMap<object, Ast>();

/**
 * The body with each IF made lazy. The engine's IF evaluates both branches first, so a recursive
 * LAMBDA (IF(n<=1, 1, n*Fact(n-1))) would recurse to the depth limit on every call, and one that
 * recurses twice (F(n-1)+F(n-1)) would never finish.
 */
function withLazyIfs(body: Ast): Ast {
  let out = lazyBodies.get(body);
  if (!out) lazyBodies.set(body, (out = lazify(body)));
  return out;
}

function lazify(ast: Ast): Ast {
  switch (ast.type) {
    case 'FUNCTION_CALL':
      return { ...ast, procedureName: ast.procedureName === 'IF' ? LAZY_IF_FN : ast.procedureName, args: ast.args.map(lazify) } as Ast;
    case 'PARENTHESES':
      return { ...ast, expression: lazify(ast.expression) };
    case 'ARRAY':
      return { ...ast, args: ast.args.map((row) => row.map(lazify)) };
    default:
      if (UNARY.has(ast.type)) return { ...ast, value: lazify((ast as { value: Ast }).value) } as Ast;
      if ('left' in ast && 'right' in ast) return { ...ast, left: lazify(ast.left), right: lazify(ast.right) };
      return ast;
  }
}

/** Excel's reading of an IF condition: a logical value, a number (0 is FALSE), "TRUE"/"FALSE", blank FALSE. */
function conditionOf(v: InterpreterValue): boolean | CellError {
  if (v instanceof CellError) return v;
  if (typeof v === 'boolean') return v;
  if (v === EmptyValue) return false;
  if (typeof v === 'string') {
    const u = v.toUpperCase();
    return u === 'TRUE' ? true : u === 'FALSE' ? false : calc(`IF: '${v}' is not a logical value`);
  }
  const n = rawNumber(v);
  return n === undefined ? calc('IF: the condition is not a logical value') : n !== 0;
}

/** Recursion of named LAMBDAs stops here, as Excel's stack does, with #NUM!. */
const MAX_DEPTH = 200;

const calc = (why: string) => new CellError(ErrorType.VALUE, why);

function sizeOf(v: InterpreterValue): ArraySize {
  return v instanceof SimpleRangeValue ? new ArraySize(v.width(), v.height()) : ArraySize.scalar();
}

/** A LAMBDA(...) call's parameters and body, or what is wrong with them. */
function lambdaOfAst(ast: ProcedureAst, name: string): Lambda | CellError {
  const params = ast.args.slice(0, -1);
  const names: string[] = [];
  let required = 0;
  for (const p of params) {
    const optional = p.type === 'FUNCTION_CALL' && p.procedureName === OPT_FN && p.args.length === 1;
    const id = optional ? p.args[0]! : p;
    if (id.type !== 'NAMED_EXPRESSION') return calc(`${name}: LAMBDA parameters are names`);
    if (!optional) {
      if (required < names.length) return calc(`${name}: optional parameters ([name]) come after the others`);
      required++;
    }
    names.push(id.expressionName.toUpperCase());
  }
  if (ast.args.length === 0) return calc(`${name}: LAMBDA needs a calculation`);
  return { params: names, required, body: ast.args[ast.args.length - 1]! };
}

const etaLambdas = new Map<string, Lambda>();

/** The LAMBDA a function passed by name stands for, called with `arity` arguments: LAMBDA(a, b, SUM(a, b)). */
function etaLambda(name: string, arity: number): Lambda {
  const key = `${name}/${arity}`;
  let fn = etaLambdas.get(key);
  if (!fn) {
    const params = Array.from({ length: arity }, (_, i) => `_ETA.${i + 1}`);
    const body = { type: 'FUNCTION_CALL', procedureName: name, args: params.map((p) => ({ type: 'NAMED_EXPRESSION', expressionName: p })) } as unknown as Ast;
    etaLambdas.set(key, (fn = { params, required: arity, body, eta: name }));
  }
  return fn;
}

/** LAMBDA.ETA("SUM"): the function it names, its arity left to the call. */
function etaOf(ast: ProcedureAst): Lambda | CellError {
  const arg = ast.args[0];
  if (ast.args.length !== 1 || arg?.type !== 'STRING') return calc(`${ETA_FN} takes a function's name`);
  const name = arg.value.toUpperCase();
  return { params: [], required: 0, body: ast, eta: name };
}

/** The node a parameter left out is bound to: ISOMITTED is TRUE for it, and its value is empty. */
function omitted(): Ast {
  return { type: 'FUNCTION_CALL', procedureName: BOUND_FN, args: [], bound: { value: EmptyValue, size: ArraySize.scalar(), omitted: true } } as unknown as Ast;
}

/** One element of a result: a 1x1 array is its value; a bigger one cannot sit in one cell. */
function one(v: InterpreterValue): InternalScalarValue {
  if (!(v instanceof SimpleRangeValue)) return v as InternalScalarValue;
  if (v.width() === 1 && v.height() === 1) return v.data[0]![0]!;
  return calc('the LAMBDA gave an array where one value was expected');
}

interface Graph {
  getCell(address: object): { getFormula?(service: unknown): Ast } | undefined;
  lazilyTransformingAstService: unknown;
}
interface Names {
  nearestNamedExpression(name: string, sheet: number): { address: object } | undefined;
}

export class LambdaPlugin extends ArrayFunctionPlugin {
  // Typed as the base's, so that GroupByPlugin (groupby.ts) may extend this class with its own.
  static override implementedFunctions: typeof ArrayFunctionPlugin.implementedFunctions = {
    LAMBDA: { method: 'lambda', vectorizationForbidden: true },
    [CALL_FN]: { method: 'callLambda', sizeOfResultArrayMethod: 'callLambdaSize', vectorizationForbidden: true },
    [LAZY_IF_FN]: { method: 'lazyIf', sizeOfResultArrayMethod: 'lazyIfSize', vectorizationForbidden: true },
    [OPT_FN]: { method: 'optional', vectorizationForbidden: true },
    [ETA_FN]: { method: 'eta', vectorizationForbidden: true },
    ISOMITTED: { method: 'isomitted', vectorizationForbidden: true },
    MAP: { method: 'map', sizeOfResultArrayMethod: 'mapSize', vectorizationForbidden: true },
    REDUCE: { method: 'reduce', vectorizationForbidden: true },
    SCAN: { method: 'scan', sizeOfResultArrayMethod: 'scanSize', vectorizationForbidden: true },
    BYROW: { method: 'byrow', sizeOfResultArrayMethod: 'byrowSize', vectorizationForbidden: true },
    BYCOL: { method: 'bycol', sizeOfResultArrayMethod: 'bycolSize', vectorizationForbidden: true },
    MAKEARRAY: { method: 'makearray', sizeOfResultArrayMethod: 'makearraySize', vectorizationForbidden: true },
  };

  private depth = 0;

  lambda() {
    return calc('a LAMBDA must be called: give it a name, call it in place (LAMBDA(x, x*2)(3)) or pass it to MAP, REDUCE, SCAN, BYROW, BYCOL or MAKEARRAY');
  }

  optional() {
    return calc(`${OPT_FN} marks an optional LAMBDA parameter`);
  }

  eta() {
    return calc('a function passed by its name (SUM) is called by MAP, REDUCE, SCAN, BYROW, BYCOL, MAKEARRAY, GROUPBY or PIVOTBY');
  }

  /** IF inside a LAMBDA: a one-value condition evaluates only its branch; an array condition is the engine's IF. */
  lazyIf(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const eager = { ...ast, procedureName: 'IF' } as Ast;
    if (ast.args.length < 2 || ast.args.length > 3) return this.evaluateAst(eager, state);
    const c = this.evaluateAst(ast.args[0]!, state);
    if (c instanceof SimpleRangeValue) return this.evaluateAst(eager, state);
    const test = conditionOf(c);
    if (test instanceof CellError) return test;
    const branch = ast.args[test ? 1 : 2];
    if (!branch) return false;
    return branch.type === 'EMPTY' ? 0 : this.evaluateAst(branch, state);
  }

  lazyIfSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    return this.arraySizeForAst({ ...ast, procedureName: 'IF' } as Ast, state);
  }

  /** ISOMITTED(parameter): TRUE when a call left out that optional parameter. */
  isomitted(ast: ProcedureAst) {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA, 'ISOMITTED takes one parameter');
    const a = ast.args[0] as Ast & { bound?: { omitted?: boolean } };
    return a.type === 'FUNCTION_CALL' && a.procedureName === BOUND_FN && a.bound?.omitted === true;
  }

  /**
   * The LAMBDA an argument stands for: written in place, bound by LET (its node is the LAMBDA
   * itself), or a defined name whose formula is one (the sheet's own name first, as Excel looks).
   */
  protected lambdaFrom(ast: Ast | undefined, state: InterpreterState, name: string): Lambda | CellError {
    if (ast?.type === 'FUNCTION_CALL' && ast.procedureName === 'LAMBDA') return lambdaOfAst(ast, name);
    if (ast?.type === 'FUNCTION_CALL' && ast.procedureName === ETA_FN) return etaOf(ast);
    if (ast?.type === 'PARENTHESES') return this.lambdaFrom(ast.expression, state, name);
    if (ast?.type === 'NAMED_EXPRESSION') {
      const named = (this.interpreter as unknown as { namedExpressions: Names }).namedExpressions.nearestNamedExpression(ast.expressionName, state.formulaAddress.sheet);
      if (!named) return new CellError(ErrorType.NAME, `Function name ${ast.expressionName} not recognized`);
      const graph = this.dependencyGraph as unknown as Graph;
      const formula = graph.getCell(named.address)?.getFormula?.(graph.lazilyTransformingAstService);
      if (formula?.type === 'FUNCTION_CALL' && formula.procedureName === 'LAMBDA') return lambdaOfAst(formula, ast.expressionName);
      return calc(`${ast.expressionName} is not a LAMBDA, so it cannot be called`);
    }
    return calc(`${name} takes a LAMBDA (written in place, or its name)`);
  }

  /** A LAMBDA of the arity a helper passes (its optional parameters may make up the difference). */
  protected lambdaFor(ast: Ast | undefined, state: InterpreterState, arity: number, name: string): Lambda | CellError {
    const fn = this.lambdaFrom(ast, state, name);
    if (fn instanceof CellError) return fn;
    if (fn.eta) return etaLambda(fn.eta, arity);
    return arity < fn.required || arity > fn.params.length ? calc(`${name}: the LAMBDA must take ${arity} parameter${arity === 1 ? '' : 's'}`) : fn;
  }

  /** The body with each parameter bound to its value (a node per value: computed once). */
  private bind(fn: Lambda, values: (InterpreterValue | undefined)[], sizes?: ArraySize[]): Ast {
    const scope = new Map<string, Ast>();
    fn.params.forEach((p, i) => {
      const v = values[i];
      scope.set(p, v === undefined && !sizes?.[i] ? omitted() : ({ type: 'FUNCTION_CALL', procedureName: BOUND_FN, args: [], bound: { value: v, size: sizes?.[i] ?? sizeOf(v!) } } as unknown as Ast));
    });
    return substitute(withLazyIfs(fn.body), scope);
  }

  protected call(fn: Lambda, values: (InterpreterValue | undefined)[], state: InterpreterState): InterpreterValue {
    if (this.depth >= MAX_DEPTH) return new CellError(ErrorType.NUM, `a LAMBDA called itself more than ${MAX_DEPTH} levels deep`);
    this.depth++;
    try {
      return this.evaluateAst(this.bind(fn, values), state);
    } catch (err) {
      if (err instanceof RangeError) return new CellError(ErrorType.NUM, 'a LAMBDA called itself too deeply');
      throw err;
    } finally {
      this.depth--;
    }
  }

  /** LAMBDA.CALL(lambda, arguments...): f(x) as Excel writes it. An empty argument is left out. */
  callLambda(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const args = ast.args.slice(1);
    const found = this.lambdaFrom(ast.args[0], state, 'the call');
    if (found instanceof CellError) return found;
    const fn = found.eta ? etaLambda(found.eta, args.length) : found;
    if (args.length < fn.required || args.length > fn.params.length) return calc(`the LAMBDA takes ${fn.required === fn.params.length ? fn.required : `${fn.required} to ${fn.params.length}`} parameter${fn.params.length === 1 ? '' : 's'}; the call gives ${args.length}`);
    const values: (InterpreterValue | undefined)[] = [];
    for (const a of args) values.push(a.type === 'EMPTY' ? undefined : this.evaluateAst(a, state));
    return this.call(fn, values, state);
  }

  callLambdaSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    if (this.depth >= 8) return ArraySize.scalar();
    const args = ast.args.slice(1);
    const found = this.lambdaFrom(ast.args[0], state, 'the call');
    if (found instanceof CellError) return ArraySize.scalar();
    const fn = found.eta ? etaLambda(found.eta, args.length) : found;
    const sizes = args.map((a) => (a.type === 'EMPTY' ? ArraySize.scalar() : this.arraySizeForAst(a, state)));
    // The arguments' values where they can be had now, so a body sized by them (SEQUENCE(n)) is sized right.
    const values = args.map((a) => {
      if (a.type === 'EMPTY') return undefined;
      try {
        return this.evaluateAst(a, state);
      } catch {
        return undefined;
      }
    });
    this.depth++;
    try {
      const s = this.arraySizeForAst(this.bind(fn, values, sizes), state);
      return s.isRef && s.width * s.height > 1 ? new ArraySize(s.width, s.height) : s;
    } finally {
      this.depth--;
    }
  }

  private value(ast: Ast | undefined, state: InterpreterState): InterpreterValue {
    return !ast || ast.type === 'EMPTY' ? 0 : this.evaluateAst(ast, state);
  }

  map(ast: ProcedureAst, state: InterpreterState) {
    const n = ast.args.length - 1;
    const fn = this.lambdaFor(ast.args[n], state, n, 'MAP');
    if (fn instanceof CellError) return fn;
    const grids: Grid[] = [];
    for (const a of ast.args.slice(0, n)) {
      const v = this.evaluateAst(a, state);
      if (v instanceof CellError) return v;
      grids.push(gridOf(v));
    }
    const first = grids[0];
    if (!first) return new CellError(ErrorType.VALUE, 'MAP takes at least one array');
    const out = first.map((row, r) => row.map((_, c) => one(this.call(fn, grids.map((g) => g[r]?.[c] ?? new CellError(ErrorType.NA)), state))));
    return this.fit(resultOf(out), this.mapSize(ast, state));
  }

  mapSize(ast: ProcedureAst, state: InterpreterState) {
    const [s] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    return s ? size(s.width, s.height) : ArraySize.scalar();
  }

  private fold(ast: ProcedureAst, state: InterpreterState, name: string): { steps: InternalScalarValue[][]; last: InterpreterValue } | CellError {
    if (ast.args.length !== 3 && ast.args.length !== 2) return new CellError(ErrorType.NA, `${name} takes an initial value, an array and a LAMBDA`);
    const [initAst, arrAst, fnAst] = ast.args.length === 3 ? ast.args : [undefined, ast.args[0], ast.args[1]];
    const fn = this.lambdaFor(fnAst, state, 2, name);
    if (fn instanceof CellError) return fn;
    let acc = this.value(initAst, state);
    if (acc instanceof CellError) return acc;
    const arr = this.evaluateAst(arrAst!, state);
    if (arr instanceof CellError) return arr;
    const steps = gridOf(arr).map((row) =>
      row.map((v) => {
        acc = this.call(fn, [acc, v], state);
        return one(acc);
      }),
    );
    return { steps, last: acc };
  }

  reduce(ast: ProcedureAst, state: InterpreterState) {
    const out = this.fold(ast, state, 'REDUCE');
    return out instanceof CellError ? out : one(out.last);
  }

  scan(ast: ProcedureAst, state: InterpreterState) {
    const out = this.fold(ast, state, 'SCAN');
    return out instanceof CellError ? out : this.fit(resultOf(out.steps), this.scanSize(ast, state));
  }

  scanSize(ast: ProcedureAst, state: InterpreterState) {
    const arr = ast.args.length === 3 ? ast.args[1] : ast.args[0];
    const [s] = arr ? this.argSizes({ ...ast, args: [arr] }, state) : [];
    return s ? size(s.width, s.height) : ArraySize.scalar();
  }

  private byLine(ast: ProcedureAst, state: InterpreterState, name: string, rows: boolean) {
    const fn = this.lambdaFor(ast.args[1], state, 1, name);
    if (fn instanceof CellError) return fn;
    const arr = this.evaluateAst(ast.args[0]!, state);
    if (arr instanceof CellError) return arr;
    const g = gridOf(arr);
    const lines = rows ? g : (g[0] ?? []).map((_, c) => g.map((row) => row[c]!));
    const results = lines.map((line) => one(this.call(fn, [resultOf(rows ? [line] : line.map((v) => [v]))], state)));
    return this.fit(resultOf(rows ? results.map((v) => [v]) : [results]), rows ? this.byrowSize(ast, state) : this.bycolSize(ast, state));
  }

  byrow(ast: ProcedureAst, state: InterpreterState) {
    return this.byLine(ast, state, 'BYROW', true);
  }

  bycol(ast: ProcedureAst, state: InterpreterState) {
    return this.byLine(ast, state, 'BYCOL', false);
  }

  byrowSize(ast: ProcedureAst, state: InterpreterState) {
    const [s] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    return s ? size(1, s.height) : ArraySize.scalar();
  }

  bycolSize(ast: ProcedureAst, state: InterpreterState) {
    const [s] = this.argSizes({ ...ast, args: ast.args.slice(0, 1) }, state);
    return s ? size(s.width, 1) : ArraySize.scalar();
  }

  makearray(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 3) return new CellError(ErrorType.NA, 'MAKEARRAY takes rows, columns and a LAMBDA');
    const fn = this.lambdaFor(ast.args[2], state, 2, 'MAKEARRAY');
    if (fn instanceof CellError) return fn;
    const [rows, cols] = [0, 1].map((i) => Math.trunc(Number(one(this.evaluateAst(ast.args[i]!, state)))));
    if (!(rows! >= 1) || !(cols! >= 1)) return new CellError(ErrorType.VALUE, 'MAKEARRAY: rows and columns must be at least 1');
    const out = Array.from({ length: rows! }, (_, r) => Array.from({ length: cols! }, (_, c) => one(this.call(fn, [r + 1, c + 1], state))));
    return this.fit(resultOf(out), this.makearraySize(ast));
  }

  makearraySize(ast: ProcedureAst) {
    const rows = literalNumber(ast.args[0]), cols = literalNumber(ast.args[1]);
    return rows && cols && rows >= 1 && cols >= 1 ? size(Math.trunc(cols), Math.trunc(rows)) : ArraySize.scalar();
  }
}
