// TEXTBEFORE(text, delimiter, [instance_num], [match_mode], [match_end], [if_not_found]) and
// TEXTAFTER(...): the text before or after the n-th delimiter (negative n counts from the end).
import { FunctionArgumentType, FunctionPlugin } from 'hyperformula';
import { flatValues, isEmpty, isError, naError, rawNumber, valueError, type InternalScalarValue, type InterpreterState, type InterpreterValue, type ProcedureAst } from './shared.ts';

const PARAMS = [
  { argumentType: FunctionArgumentType.STRING },
  // ANY so that an array of delimiters means "any of these", not one result per delimiter.
  { argumentType: FunctionArgumentType.ANY },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: 1, emptyAsDefault: true },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0, emptyAsDefault: true },
  { argumentType: FunctionArgumentType.NUMBER, defaultValue: 0, emptyAsDefault: true },
  { argumentType: FunctionArgumentType.SCALAR, optionalArg: true },
];

export interface Cut {
  at: number;
  len: number;
}

/**
 * Where the chosen delimiter is, or undefined when there is none. Occurrences do not overlap and
 * are found left to right; match_end makes the end (or, counting back, the start) a delimiter.
 */
export function findCut(text: string, delims: string[], instance: number, ignoreCase: boolean, matchEnd: boolean): Cut | undefined {
  const hay = ignoreCase ? text.toLowerCase() : text;
  const needles = [...new Set(delims.map((d) => (ignoreCase ? d.toLowerCase() : d)))].sort((a, b) => b.length - a.length);
  if (needles.includes('')) return instance > 0 ? { at: 0, len: 0 } : { at: text.length, len: 0 };
  const found: Cut[] = [];
  for (let i = 0; i < hay.length; ) {
    const d = needles.find((n) => hay.startsWith(n, i));
    if (d === undefined) i++;
    else {
      found.push({ at: i, len: d.length });
      i += d.length;
    }
  }
  if (instance > 0) {
    if (instance <= found.length) return found[instance - 1];
    return matchEnd && instance === found.length + 1 ? { at: text.length, len: 0 } : undefined;
  }
  const idx = found.length + instance;
  if (idx >= 0) return found[idx];
  return matchEnd && idx === -1 ? { at: 0, len: 0 } : undefined;
}

export class TextBeforeAfterPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    TEXTBEFORE: { method: 'textbefore', parameters: PARAMS },
    TEXTAFTER: { method: 'textafter', parameters: PARAMS },
  };

  textbefore(ast: ProcedureAst, state: InterpreterState) {
    return this.cut(ast, state, 'TEXTBEFORE', (text, c) => text.slice(0, c.at));
  }

  textafter(ast: ProcedureAst, state: InterpreterState) {
    return this.cut(ast, state, 'TEXTAFTER', (text, c) => text.slice(c.at + c.len));
  }

  private cut(ast: ProcedureAst, state: InterpreterState, name: string, pick: (text: string, c: Cut) => string) {
    return this.runFunction(ast.args, state, this.metadata(name), (text: string, delimiter: InterpreterValue, instanceArg: number, mode: number, end: number, ifNotFound?: InternalScalarValue) => {
      const delims: string[] = [];
      for (const d of flatValues(delimiter)) {
        if (isError(d)) return d;
        delims.push(isEmpty(d) ? '' : typeof d === 'boolean' ? (d ? 'TRUE' : 'FALSE') : String(rawNumber(d) ?? d));
      }
      const instance = Math.trunc(instanceArg);
      if (instance === 0 || Math.abs(instance) > Math.max(text.length, 1)) return valueError(`${name}: instance_num must be a non-zero number no larger than the length of the text, not ${instanceArg}`);
      if (mode !== 0 && mode !== 1) return valueError(`${name}: match_mode must be 0 (case-sensitive) or 1 (ignore case), not ${mode}`);
      const c = findCut(text, delims, instance, mode === 1, end !== 0);
      if (c) return pick(text, c);
      return ifNotFound !== undefined ? ifNotFound : naError(`${name}: the delimiter was not found`);
    });
  }
}
