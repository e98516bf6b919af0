// REGEXTEST(text, pattern, [case_sensitivity]), REGEXEXTRACT(text, pattern, [return_mode],
// [case_sensitivity]) and REGEXREPLACE(text, pattern, replacement, [occurrence],
// [case_sensitivity]), as in Excel 365. case_sensitivity 1 ignores case. REGEXEXTRACT's return_mode
// 0 gives the first match (#N/A when none); 1 (every match) and 2 (the groups of the first match)
// spill a row as long as the data makes it, re-spilling when it changes (sizedAtParse/fitExact in
// shared.ts, as TEXTSPLIT). Patterns run with a time bound (regex-run.ts).
import { ArraySize, CellError, ErrorType, FunctionArgumentType, SimpleRangeValue } from 'hyperformula';
import { runRegex, type RegexJob } from './regex-run.ts';
import { ArrayFunctionPlugin, size, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

const str = { argumentType: FunctionArgumentType.STRING };
const optionalZero = { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0, emptyAsDefault: true };

/** One cell's result (the first of several). */
function run(job: RegexJob): boolean | string | null | CellError {
  const out = runRegex(job);
  if (out instanceof Error) return new CellError(ErrorType.VALUE, out.message);
  return Array.isArray(out) ? (out[0] ?? null) : out;
}

/** Every match (mode 1) or the first match's groups (mode 2), as one row; #N/A when nothing matches. */
function runRow(job: RegexJob): SimpleRangeValue | CellError {
  const out = runRegex(job);
  if (out instanceof Error) return new CellError(ErrorType.VALUE, out.message);
  const row = Array.isArray(out) ? out : out === null || typeof out === 'boolean' ? [] : [out];
  return row.length ? SimpleRangeValue.onlyValues([row]) : new CellError(ErrorType.NA, 'REGEXEXTRACT: no match');
}

function caseMode(n: number): boolean | CellError {
  if (n === 0 || n === 1) return n === 1;
  return new CellError(ErrorType.VALUE, 'case_sensitivity must be 0 (match case) or 1 (ignore case)');
}

export class RegexPlugin extends ArrayFunctionPlugin {
  static override implementedFunctions = {
    REGEXTEST: { method: 'regextest', parameters: [str, str, optionalZero] },
    REGEXEXTRACT: { method: 'regexextract', sizeOfResultArrayMethod: 'regexextractSize', parameters: [str, str, optionalZero, optionalZero] },
    REGEXREPLACE: { method: 'regexreplace', parameters: [str, str, str, optionalZero, optionalZero] },
  };

  regextest(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('REGEXTEST'), (text: string, pattern: string, cs: number) => {
      const ignoreCase = caseMode(cs);
      if (ignoreCase instanceof CellError) return ignoreCase;
      return run({ op: 'test', text, pattern, ignoreCase }) ?? false;
    });
  }

  regexextract(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const out = this.extract(ast, state);
    return out instanceof SimpleRangeValue && this.severalCells(ast, state) ? this.fitExact(out, size(out.width(), out.height()), ast, state) : out;
  }

  regexextractSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
    let now = ArraySize.scalar();
    try {
      const out = this.extract(ast, state);
      if (out instanceof SimpleRangeValue) now = size(out.width(), out.height());
    } catch {
      // A cell not built yet (the engine is parsing): one cell for now.
    }
    return this.severalCells(ast, state) ? this.sizedAtParse(ast, state, now) : now;
  }

  /** Whether return_mode asks for several cells (1 or 2). */
  private severalCells(ast: ProcedureAst, state: InterpreterState): boolean {
    if (ast.args.length < 3 || ast.args[2]!.type === 'EMPTY') return false;
    try {
      const mode = this.evaluateAst(ast.args[2]!, state);
      return mode === 1 || mode === 2;
    } catch {
      return false;
    }
  }

  private extract(ast: ProcedureAst, state: InterpreterState): InterpreterValue {
    const several = this.severalCells(ast, state);
    const meta = several ? { ...this.metadata('REGEXEXTRACT'), vectorizationForbidden: true } : this.metadata('REGEXEXTRACT');
    return this.runFunction(ast.args, state, meta, (text: string, pattern: string, mode: number, cs: number) => {
      const ignoreCase = caseMode(cs);
      if (ignoreCase instanceof CellError) return ignoreCase;
      if (mode === 1 || mode === 2) return runRow({ op: 'extract', text, pattern, ignoreCase, mode });
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
