// LET(name1, value1, [name2, value2, ...], calculation). HyperFormula parses a LET name as a
// reference to a named expression; LET rewrites its calculation before evaluating it: each name
// becomes a hidden node holding the value computed once (or, for a cell or range reference, the
// reference itself, so ROW(x), OFFSET(x, ...) and SUM(x) see a range, and for a LAMBDA the LAMBDA,
// so f(3) calls it). Nested LETs shadow names.
import { ArraySize, FunctionPlugin } from 'hyperformula';
import { valueError, type Ast, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

/** The hidden function a bound name is replaced with. Called from a formula, it is a #VALUE! saying so. */
export const BOUND_FN = 'LET.BOUND';

interface BoundAst extends ProcedureAst {
  /** The value, its size, and whether it stands for a LAMBDA parameter a call left out (lambda.ts). */
  bound?: { value: InterpreterValue; size: ArraySize; omitted?: boolean };
}

const REFERENCES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);
const UNARY = new Set(['MINUS_UNARY_OP', 'PLUS_UNARY_OP', 'PERCENT_OP']);

type Scope = Map<string, Ast>;

/** The AST with every name bound in scope replaced; inner LETs bind their own names. */
export function substitute(ast: Ast, scope: Scope): Ast {
  if (scope.size === 0) return ast;
  switch (ast.type) {
    case 'NAMED_EXPRESSION':
      return scope.get(ast.expressionName.toUpperCase()) ?? ast;
    case 'FUNCTION_CALL':
      return ast.procedureName === 'LET' ? substituteInnerLet(ast, scope) : { ...ast, args: ast.args.map((a) => substitute(a, scope)) };
    case 'ARRAY':
      return { ...ast, args: ast.args.map((row) => row.map((a) => substitute(a, scope))) };
    case 'PARENTHESES':
      return { ...ast, expression: substitute(ast.expression, scope) };
    default:
      if (UNARY.has(ast.type)) return { ...ast, value: substitute((ast as { value: Ast }).value, scope) } as Ast;
      if ('left' in ast && 'right' in ast) return { ...ast, left: substitute(ast.left, scope), right: substitute(ast.right, scope) };
      return ast;
  }
}

function substituteInnerLet(ast: ProcedureAst, outer: Scope): Ast {
  const scope = new Map(outer);
  const last = ast.args.length - 1;
  const args = ast.args.map((a, i) => {
    if (i === last) return substitute(a, scope);
    if (i % 2 === 0) return a;
    // A value sees the names bound before it; its own name takes effect after it.
    const out = substitute(a, scope);
    const name = ast.args[i - 1];
    if (name?.type === 'NAMED_EXPRESSION') scope.delete(name.expressionName.toUpperCase());
    return out;
  });
  return { ...ast, args };
}

export class LetPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    LET: { method: 'let', sizeOfResultArrayMethod: 'letSize', vectorizationForbidden: true },
    [BOUND_FN]: { method: 'bound', sizeOfResultArrayMethod: 'boundSize', vectorizationForbidden: true },
  };

  let(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const body = this.bind(ast, state, (valueAst) => this.evaluateAst(valueAst, state));
    return typeof body === 'string' ? valueError(body) : this.evaluateAst(body, state);
  }

  letSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    const body = this.bind(ast, state);
    if (typeof body === 'string') return ArraySize.scalar();
    // A calculation that is just a range (LET(x, A1:A3, x)) spills it, as in Excel.
    const s = this.arraySizeForAst(body, state);
    return s.isRef && s.width * s.height > 1 ? new ArraySize(s.width, s.height) : s;
  }

  bound(ast: BoundAst): InterpreterValue {
    return ast.bound ? ast.bound.value : valueError(`${BOUND_FN} is internal to LET`);
  }

  boundSize(ast: BoundAst): ArraySize {
    return ast.bound ? ast.bound.size : ArraySize.scalar();
  }

  /**
   * The calculation with the names bound, or a message saying what is wrong with the arguments.
   * Without `evaluate` (size prediction) a bound node carries only its value's size.
   */
  private bind(ast: ProcedureAst, state: InterpreterState, evaluate?: (a: Ast) => InterpreterValue): Ast | string {
    const args = ast.args;
    if (args.length < 3 || args.length % 2 === 0) return 'LET takes pairs of name and value, then a calculation: LET(name1, value1, [name2, value2, ...], calculation)';
    let scope: Scope = new Map();
    for (let i = 0; i < args.length - 1; i += 2) {
      const nameAst = args[i]!;
      if (nameAst.type !== 'NAMED_EXPRESSION') return `LET: argument ${i + 1} must be a name (letters, digits, _ and ., not a cell reference such as A1)`;
      const name = nameAst.expressionName.toUpperCase();
      if (scope.has(name)) return `LET: the name ${nameAst.expressionName} is defined twice`;
      const valueAst = substitute(args[i + 1]!, scope);
      // A reference stays a reference, and a LAMBDA stays itself, to be called by the name.
      const node: Ast = REFERENCES.has(valueAst.type) || (valueAst.type === 'FUNCTION_CALL' && valueAst.procedureName === 'LAMBDA')
        ? valueAst
        : ({ type: 'FUNCTION_CALL', procedureName: BOUND_FN, args: [], bound: { value: evaluate ? evaluate(valueAst) : undefined, size: this.arraySizeForAst(valueAst, state) } } as BoundAst);
      scope = new Map(scope).set(name, node);
    }
    return substitute(args[args.length - 1]!, scope);
  }
}
