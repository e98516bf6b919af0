// REGEXTEST(text, pattern, [case_sensitivity]), REGEXEXTRACT(text, pattern, [return_mode],
// [case_sensitivity]) and REGEXREPLACE(text, pattern, replacement, [occurrence],
// [case_sensitivity]), as in Excel 365. case_sensitivity 1 ignores case. REGEXEXTRACT's return_mode
// 0 gives the first match (#N/A when none); 1 (every match) and 2 (the groups of the first match)
// spill a number of cells only the data decides, which the engine cannot reserve in advance:
// those are #VALUE! for now. Patterns run with a time bound (regex-run.ts).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { runRegex, type RegexJob } from './regex-run.ts';
import type { InterpreterState, ProcedureAst } from './shared.ts';

const str = { argumentType: FunctionArgumentType.STRING };
const optionalZero = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0, emptyAsDefault: true };

/** One cell's result: modes that give several values are refused before they get here. */
function run(job: RegexJob): boolean | string | null | CellError {
  const out = runRegex(job);
  if (out instanceof Error) return new CellError(ErrorType.VALUE, out.message);
  return Array.isArray(out) ? (out[0] ?? null) : out;
}

function caseMode(n: number): boolean | CellError {
  if (n === 0 || n === 1) return n === 1;
  return new CellError(ErrorType.VALUE, 'case_sensitivity must be 0 (match case) or 1 (ignore case)');
}

export class RegexPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    REGEXTEST: { method: 'regextest', parameters: [str, str, optionalZero] },
    REGEXEXTRACT: { method: 'regexextract', parameters: [str, str, optionalZero, optionalZero] },
    REGEXREPLACE: { method: 'regexreplace', parameters: [str, str, str, optionalZero, optionalZero] },
  };

  regextest(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('REGEXTEST'), (text: string, pattern: string, cs: number) => {
      const ignoreCase = caseMode(cs);
      if (ignoreCase instanceof CellError) return ignoreCase;
      return run({ op: 'test', text, pattern, ignoreCase }) ?? false;
    });
  }

  regexextract(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('REGEXEXTRACT'), (text: string, pattern: string, mode: number, cs: number) => {
      const ignoreCase = caseMode(cs);
      if (ignoreCase instanceof CellError) return ignoreCase;
      if (mode === 1 || mode === 2) return new CellError(ErrorType.VALUE, 'REGEXEXTRACT: return_mode 1 and 2 (several cells) are not supported yet; use 0, or REGEXREPLACE');
      if (mode !== 0) return new CellError(ErrorType.VALUE, 'REGEXEXTRACT: return_mode must be 0, 1 or 2');
      const out = run({ op: 'extract', text, pattern, ignoreCase, mode: 0 });
      return out === null ? new CellError(ErrorType.NA, 'REGEXEXTRACT: no match') : out;
    });
  }

  regexreplace(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('REGEXREPLACE'), (text: string, pattern: string, replacement: string, occurrence: number, cs: number) => {
      const ignoreCase = caseMode(cs);
      if (ignoreCase instanceof CellError) return ignoreCase;
      return run({ op: 'replace', text, pattern, replacement, occurrence: Math.trunc(occurrence), ignoreCase }) ?? text;
    });
  }
}
