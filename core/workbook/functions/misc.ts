// Smaller Excel functions HyperFormula lacks: ERROR.TYPE (the number of an error value),
// VALUETOTEXT (a value as text; format 1 quotes text), ENCODEURL (text escaped for a URL) and
// MDETERM (the determinant of a square matrix).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { isEmpty, rawNumber, type InterpreterState, type ProcedureAst } from './shared.ts';

const ERROR_NUMBER: Partial<Record<ErrorType, number>> = {
  [ErrorType.DIV_BY_ZERO]: 2,
  [ErrorType.VALUE]: 3,
  [ErrorType.REF]: 4,
  [ErrorType.NAME]: 5,
  [ErrorType.NUM]: 6,
  [ErrorType.NA]: 7,
  [ErrorType.SPILL]: 9,
};
const ERROR_TEXT: Partial<Record<ErrorType, string>> = { [ErrorType.DIV_BY_ZERO]: '#DIV/0!', [ErrorType.VALUE]: '#VALUE!', [ErrorType.REF]: '#REF!', [ErrorType.NAME]: '#NAME?', [ErrorType.NUM]: '#NUM!', [ErrorType.NA]: '#N/A', [ErrorType.SPILL]: '#SPILL!' };

/** Excel's General text of a number: up to 15 significant digits. */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

export class MiscPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    // These take error values as arguments, which runFunction would return unlooked-at: their
    // first argument is evaluated here.
    'ERROR.TYPE': { method: 'errorType' },
    VALUETOTEXT: { method: 'valueToText', parameters: [{ argumentType: FunctionArgumentType.SCALAR }, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
    ENCODEURL: { method: 'encodeUrl', parameters: [{ argumentType: FunctionArgumentType.STRING }] },
    MDETERM: { method: 'mdeterm', vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }] },
  };

  private first(ast: ProcedureAst, state: InterpreterState): unknown {
    const v = this.evaluateAst(ast.args[0]!, state);
    return v instanceof SimpleRangeValue ? v.data[0]?.[0] : v;
  }

  errorType(ast: ProcedureAst, state: InterpreterState) {
    if (ast.args.length !== 1) return new CellError(ErrorType.NA, 'ERROR.TYPE takes one value');
    const v = this.first(ast, state);
    if (v instanceof CellError) return ERROR_NUMBER[v.type] ?? new CellError(ErrorType.NA);
    return new CellError(ErrorType.NA, 'ERROR.TYPE: the value is not an error');
  }

  valueToText(ast: ProcedureAst, state: InterpreterState) {
    if (!ast.args.length) return new CellError(ErrorType.NA, 'VALUETOTEXT takes a value');
    const v = this.first(ast, state);
    if (v instanceof CellError) return ERROR_TEXT[v.type] ?? '#VALUE!';
    return this.runFunction(ast.args, state, this.metadata('VALUETOTEXT'), (_v: unknown, format: number) => {
      if (format !== 0 && format !== 1) return new CellError(ErrorType.VALUE, 'VALUETOTEXT: format must be 0 or 1');
      if (isEmpty(v)) return '';
      if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
      const n = rawNumber(v);
      if (n !== undefined) return numberText(n);
      return format === 1 ? `"${String(v).replace(/"/g, '""')}"` : String(v);
    });
  }

  encodeUrl(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ENCODEURL'), (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
  }

  mdeterm(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('MDETERM'), (range: SimpleRangeValue) => {
      const rows = range.data;
      const n = rows.length;
      if (!n || rows.some((r) => r.length !== n)) return new CellError(ErrorType.VALUE, 'MDETERM takes a square matrix');
      const m: number[][] = [];
      for (const r of rows) {
        const line: number[] = [];
        for (const v of r) {
          const x = rawNumber(v);
          if (x === undefined || typeof v === 'boolean') return new CellError(ErrorType.VALUE, 'MDETERM takes numbers only');
          line.push(x);
        }
        m.push(line);
      }
      // Gaussian elimination with partial pivoting.
      let det = 1;
      for (let c = 0; c < n; c++) {
        let p = c;
        for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
        if (m[p]![c] === 0) return 0;
        if (p !== c) {
          [m[p], m[c]] = [m[c]!, m[p]!];
          det = -det;
        }
        det *= m[c]![c]!;
        for (let r = c + 1; r < n; r++) {
          const f = m[r]![c]! / m[c]![c]!;
          for (let k = c; k < n; k++) m[r]![k]! -= f * m[c]![k]!;
        }
      }
      return det;
    });
  }
}
