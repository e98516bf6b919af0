// Excel's LAMBDA helpers with a LAMBDA written in place: MAP(array, ..., LAMBDA(x, ...)),
// REDUCE(initial, array, LAMBDA(acc, x, ...)), SCAN(...), BYROW(array, LAMBDA(row, ...)),
// BYCOL(...) and MAKEARRAY(rows, columns, LAMBDA(r, c, ...)). Each call binds the parameters the way
// LET binds its names (let.ts: the body is rewritten with hidden nodes holding the values) and
// evaluates the body. A LAMBDA on its own, or given a name to call later, is not supported yet
// (#VALUE!, where Excel has #CALC!). Spill sizes come from the arrays (MAKEARRAY's counts must be written as numbers).
import { ArraySize, CellError, EmptyValue, ErrorType, SimpleRangeValue } from 'hyperformula';
import { BOUND_FN, substitute } from './let.ts';
import { ArrayFunctionPlugin, gridOf, literalNumber, resultOf, size, type Ast, type Grid, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

interface Lambda {
  params: string[];
  body: Ast;
}

const calc = (why: string) => new CellError(ErrorType.VALUE, why);

function sizeOf(v: InterpreterValue): ArraySize {
  return v instanceof SimpleRangeValue ? new ArraySize(v.width(), v.height()) : ArraySize.scalar();
}

/** The LAMBDA written as an argument, with the number of parameters the helper passes. */
function lambdaOf(ast: Ast | undefined, arity: number, name: string): Lambda | CellError {
  if (!ast || ast.type !== 'FUNCTION_CALL' || ast.procedureName !== 'LAMBDA') return new CellError(ErrorType.VALUE, `${name} takes a LAMBDA written in place as its last argument`);
  const params = ast.args.slice(0, -1);
  if (params.length !== arity) return new CellError(ErrorType.VALUE, `${name}: the LAMBDA must take ${arity} parameter${arity === 1 ? '' : 's'}`);
  const names: string[] = [];
  for (const p of params) {
    if (p.type !== 'NAMED_EXPRESSION') return new CellError(ErrorType.VALUE, `${name}: LAMBDA parameters are names`);
    names.push(p.expressionName.toUpperCase());
  }
  return { params: names, body: ast.args[ast.args.length - 1]! };
}

/** One element of a result: a 1x1 array is its value; a bigger one cannot sit in one cell. */
function one(v: InterpreterValue): InternalScalarValue {
  if (!(v instanceof SimpleRangeValue)) return v as InternalScalarValue;
  if (v.width() === 1 && v.height() === 1) return v.data[0]![0]!;
  return calc('the LAMBDA gave an array where one value was expected');
}

export class LambdaPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    LAMBDA: { method: 'lambda', vectorizationForbidden: true },
    MAP: { method: 'map', sizeOfResultArrayMethod: 'mapSize', vectorizationForbidden: true },
    REDUCE: { method: 'reduce', vectorizationForbidden: true },
    SCAN: { method: 'scan', sizeOfResultArrayMethod: 'scanSize', vectorizationForbidden: true },
    BYROW: { method: 'byrow', sizeOfResultArrayMethod: 'byrowSize', vectorizationForbidden: true },
    BYCOL: { method: 'bycol', sizeOfResultArrayMethod: 'bycolSize', vectorizationForbidden: true },
    MAKEARRAY: { method: 'makearray', sizeOfResultArrayMethod: 'makearraySize', vectorizationForbidden: true },
  };

  lambda() {
    return calc('a LAMBDA must be called: write it inside MAP, REDUCE, SCAN, BYROW, BYCOL or MAKEARRAY');
  }

  private call(fn: Lambda, values: InterpreterValue[], state: InterpreterState): InterpreterValue {
    const scope = new Map<string, Ast>();
    fn.params.forEach((p, i) => {
      const v = values[i] ?? EmptyValue;
      scope.set(p, { type: 'FUNCTION_CALL', procedureName: BOUND_FN, args: [], bound: { value: v, size: sizeOf(v) } } as unknown as Ast);
    });
    return this.evaluateAst(substitute(fn.body, scope), state);
  }

  private value(ast: Ast | undefined, state: InterpreterState): InterpreterValue {
    return !ast || ast.type === 'EMPTY' ? 0 : this.evaluateAst(ast, state);
  }

  map(ast: ProcedureAst, state: InterpreterState) {
    const n = ast.args.length - 1;
    const fn = lambdaOf(ast.args[n], n, 'MAP');
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
    const fn = lambdaOf(fnAst, 2, name);
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
    const fn = lambdaOf(ast.args[1], 1, name);
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
    const fn = lambdaOf(ast.args[2], 2, 'MAKEARRAY');
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
