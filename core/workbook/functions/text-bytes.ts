// LEFTB, RIGHTB, MIDB, LENB, FINDB, SEARCHB and REPLACEB: Excel's byte-counting text functions. They
// count two bytes for a double-byte character only when a DBCS language (Japanese, Chinese, Korean)
// is Excel's default editing language; with an English default, as here, every character is one
// byte and each equals its character function. So each is computed by that function itself
// (LEFTB by LEFT, ...), arguments, errors and spilling included.
import { FunctionPlugin } from 'hyperformula';
import type { Ast, InterpreterState, ProcedureAst } from './shared.ts';

/** Each byte function and the character function it equals. */
export const BYTE_FUNCTIONS: Record<string, string> = {
  LEFTB: 'LEFT',
  RIGHTB: 'RIGHT',
  MIDB: 'MID',
  LENB: 'LEN',
  FINDB: 'FIND',
  SEARCHB: 'SEARCH',
  REPLACEB: 'REPLACE',
};

const asCharacters = (ast: ProcedureAst) => ({ ...ast, procedureName: BYTE_FUNCTIONS[ast.procedureName] }) as Ast;

export class TextBytesPlugin extends FunctionPlugin {
  static override implementedFunctions = Object.fromEntries(Object.keys(BYTE_FUNCTIONS).map((name) => [name, { method: 'bytes', sizeOfResultArrayMethod: 'bytesSize' }]));

  bytes(ast: ProcedureAst, state: InterpreterState) {
    return this.evaluateAst(asCharacters(ast), state);
  }

  bytesSize(ast: ProcedureAst, state: InterpreterState) {
    return this.arraySizeForAst(asCharacters(ast), state);
  }
}
