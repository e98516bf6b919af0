// BITAND, BITOR and BITXOR on Excel's 48-bit numbers. HyperFormula's use JavaScript's 32-bit
// operators, so BITAND(2^40+1, 2^40+3) was 1 and BITAND(2^48, 1) 0; Excel takes 0 to 2^48-1
// (#NUM! beyond) and keeps every bit. BITLSHIFT and BITRSHIFT get the same bound on their number.
import { FunctionPlugin, HyperFormula, type FunctionMetadata } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const LIMIT = 2 ** 48 - 1;
const HALF = 2 ** 24;

/** A bitwise operator on two 48-bit numbers, in two 24-bit halves. */
const on48 = (op: (a: number, b: number) => number) => (a: number, b: number) =>
  op(Math.floor(a / HALF), Math.floor(b / HALF)) * HALF + op(a % HALF, b % HALF);

const OPS: Record<string, (a: number, b: number) => number> = {
  BITAND: on48((a, b) => a & b),
  BITOR: on48((a, b) => a | b),
  BITXOR: on48((a, b) => a ^ b),
};

const own = (name: string) => HyperFormula.getFunctionPlugin(name)!.implementedFunctions[name]!;
/** The engine's argument list, each number bounded by 2^48-1 (or only the first: the shift amount has its own bound). */
const bounded = (name: string, method: string, all: boolean): FunctionMetadata => {
  const meta = own(name);
  return { ...meta, method, parameters: meta.parameters!.map((p, i) => (all || i === 0 ? { ...p, maxValue: LIMIT } : p)) };
};
const SHIFT = { BITLSHIFT: own('BITLSHIFT'), BITRSHIFT: own('BITRSHIFT') };
const originalShift = (name: keyof typeof SHIFT) => (HyperFormula.getFunctionPlugin(name) as unknown as { prototype: Record<string, (ast: ProcedureAst, state: InterpreterState) => unknown> }).prototype[SHIFT[name].method]!;
const SHIFTS = { BITLSHIFT: originalShift('BITLSHIFT'), BITRSHIFT: originalShift('BITRSHIFT') };

export class BitwisePlugin extends FunctionPlugin {
  static override implementedFunctions = {
    ...Object.fromEntries(Object.keys(OPS).map((name) => [name, bounded(name, 'bitwise', true)])),
    BITLSHIFT: bounded('BITLSHIFT', 'shift', false),
    BITRSHIFT: bounded('BITRSHIFT', 'shift', false),
  };

  bitwise(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), OPS[ast.procedureName]!);
  }

  /** The engine's shift, under the bounded argument list (its method reads this plugin's metadata). */
  shift(ast: ProcedureAst, state: InterpreterState) {
    return SHIFTS[ast.procedureName as keyof typeof SHIFTS].call(this, ast, state) as ReturnType<FunctionPlugin['evaluateAst']>;
  }
}
