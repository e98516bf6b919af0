// UPPER, LOWER and PROPER as Excel changes case: one character for one character. JavaScript's
// case mappings expand some (ß to SS, the ligature ﬁ to FI); Excel leaves those as they are, so
// UPPER("straße") is "STRAßE". PROPER capitalises the first letter of each run of letters, as the
// engine's did.
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const oneForOne = (map: (c: string) => string) => (c: string) => {
  const m = map(c);
  return [...m].length === 1 ? m : c;
};
const upperChar = oneForOne((c) => c.toUpperCase());
const lowerChar = oneForOne((c) => c.toLowerCase());

export const upper = (s: string) => [...s].map(upperChar).join('');
export const lower = (s: string) => [...s].map(lowerChar).join('');
export const proper = (s: string) => s.replace(/\p{L}+/gu, (word) => {
  const [first = '', ...rest] = [...word];
  return upperChar(first) + rest.map(lowerChar).join('');
});

const CASES: Record<string, (s: string) => string> = { UPPER: upper, LOWER: lower, PROPER: proper };
const text = { method: 'changeCase', parameters: [{ argumentType: FunctionArgumentType.STRING }] };

export class TextCasePlugin extends FunctionPlugin {
  static override implementedFunctions = { UPPER: text, LOWER: text, PROPER: text };

  changeCase(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata(ast.procedureName), CASES[ast.procedureName]!);
  }
}
