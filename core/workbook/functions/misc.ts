// Smaller Excel functions HyperFormula lacks: ERROR.TYPE (the number of an error value),
// VALUETOTEXT (a value as text; format 1 quotes text), ENCODEURL (text escaped for a URL) and
// MDETERM (the determinant of a square matrix).
import { CellError, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { ERROR_NUMBER, argValues, errorText, isEmpty, numberText, rawNumber, referenceArgs, type InterpreterState, type ProcedureAst } from './shared.ts';


export class MiscPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    // These take error values as arguments, which runFunction would return unlooked-at: their
    // first argument is evaluated here.
    'ERROR.TYPE': { method: 'errorType' },
    VALUETOTEXT: { method: 'valueToText', parameters: [{ argumentType: FunctionArgumentType.SCALAR }, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
    ARRAYTOTEXT: { method: 'arrayToText', vectorizationForbidden: true, parameters: [{ argumentType: FunctionArgumentType.RANGE }, { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0 }] },
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
    if (v instanceof CellError) return errorText(v);
    return this.runFunction(ast.args, state, this.metadata('VALUETOTEXT'), (_v: unknown, format: number) => {
      if (format !== 0 && format !== 1) return new CellError(ErrorType.VALUE, 'VALUETOTEXT: format must be 0 or 1');
      if (isEmpty(v)) return '';
      if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
      const n = rawNumber(v);
      if (n !== undefined) return numberText(n);
      return format === 1 ? `"${String(v).replace(/"/g, '""')}"` : String(v);
    });
  }

  /** ARRAYTOTEXT(array, [format]): format 0 "1, a, TRUE"; format 1 as an array constant, {1,"a";TRUE,#N/A}. */
  arrayToText(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('ARRAYTOTEXT'), (range: SimpleRangeValue, format: number) => {
      if (format !== 0 && format !== 1) return new CellError(ErrorType.VALUE, 'ARRAYTOTEXT: format must be 0 or 1');
      const text = (v: unknown): string => {
        if (v instanceof CellError) return errorText(v);
        if (isEmpty(v)) return '';
        if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
        const n = rawNumber(v);
        if (n !== undefined) return numberText(n);
        return format === 1 ? `"${String(v).replace(/"/g, '""')}"` : String(v);
      };
      const rows = range.data.map((row) => row.map(text));
      return format === 1 ? `{${rows.map((r) => r.join(',')).join(';')}}` : rows.flat().join(', ');
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

/** Windows-1252, which Excel's CHAR uses for 128-159 (CHAR(128) is €). */
const CP1252: Record<number, number> = {
  128: 0x20ac, 130: 0x201a, 131: 0x0192, 132: 0x201e, 133: 0x2026, 134: 0x2020, 135: 0x2021, 136: 0x02c6, 137: 0x2030, 138: 0x0160, 139: 0x2039, 140: 0x0152, 142: 0x017d,
  145: 0x2018, 146: 0x2019, 147: 0x201c, 148: 0x201d, 149: 0x2022, 150: 0x2013, 151: 0x2014, 152: 0x02dc, 153: 0x2122, 154: 0x0161, 155: 0x203a, 156: 0x0153, 158: 0x017e, 159: 0x0178,
};

/** CHAR(n) with Excel's code page, and PRODUCT, which is 0 (not 1) when it finds no number. */
export class CharProductPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    CHAR: { method: 'char', parameters: [{ argumentType: FunctionArgumentType.NUMBER }] },
    PRODUCT: { method: 'product', parameters: [{ argumentType: FunctionArgumentType.ANY }], repeatLastArgs: 1, vectorizationForbidden: true },
  };

  char(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('CHAR'), (n: number) => {
      const code = Math.trunc(n);
      if (code < 1 || code > 255) return new CellError(ErrorType.VALUE, 'CHAR takes a number from 1 to 255');
      return String.fromCharCode(CP1252[code] ?? code);
    });
  }

  product(ast: ProcedureAst, state: InterpreterState) {
    const refs = referenceArgs(ast);
    return this.runFunction(ast.args, state, this.metadata('PRODUCT'), (...args: unknown[]) => {
      let out = 1, seen = false;
      for (const { v, inRange } of argValues(args, refs)) {
        if (v instanceof CellError) return v;
        if (isEmpty(v)) continue;
        let n = typeof v === 'boolean' ? (inRange ? undefined : Number(v)) : rawNumber(v);
        if (n === undefined && typeof v === 'string') {
          if (inRange) continue;
          n = v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
          if (n === undefined) return new CellError(ErrorType.VALUE, 'PRODUCT: text that is not a number');
        }
        if (n === undefined) continue;
        out *= n;
        seen = true;
      }
      return seen ? out : 0;
    });
  }
}
