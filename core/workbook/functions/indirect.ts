// INDIRECT(ref_text, [a1]): the value of the cell (or the values of the range) that a text names:
// "B2", "Sheet 2!A1:C3", "'Q1 data'!B:B", or in R1C1 notation when a1 is FALSE ("R2C3",
// "R[-1]C", relative to the formula's cell). HyperFormula has no INDIRECT: its dependency graph is
// built from formula text, and this reference is known only when the formula runs. So INDIRECT
// is volatile here (recomputed on every recalculation, as Excel also treats it) and gives values,
// not a reference: SUM(INDIRECT("A1:A9")) works; ROW(INDIRECT("A5")) and INDIRECT to a name do not.
import { CellError, EmptyValue, ErrorType, FunctionArgumentType, FunctionPlugin, SimpleRangeValue } from 'hyperformula';
import { MAX_COLS, MAX_ROWS, colToIndex as colIndex } from '../../a1.ts';
import type { InterpreterState, InternalScalarValue, ProcedureAst } from './shared.ts';

/** The largest range INDIRECT reads (cells); a larger one is #REF!. */
const MAX_CELLS = 1_000_000;

interface Graph {
  sheetMapping: { getSheetId(name: string): number | undefined };
  addressMapping: { getSheetHeight(sheet: number): number; getSheetWidth(sheet: number): number };
  getScalarValue(address: { sheet: number; row: number; col: number }): unknown;
}

interface Target {
  sheet?: string;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

function parseA1(body: string): Omit<Target, 'sheet'> | undefined {
  const cells = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$/.exec(body);
  if (cells) {
    const [r0, c0] = [Number(cells[2]) - 1, colIndex(cells[1]!)];
    const [r1, c1] = cells[3] ? [Number(cells[4]) - 1, colIndex(cells[3])] : [r0, c0];
    return { r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
  }
  const cols = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})$/.exec(body);
  if (cols) return { r0: 0, r1: MAX_ROWS - 1, c0: Math.min(colIndex(cols[1]!), colIndex(cols[2]!)), c1: Math.max(colIndex(cols[1]!), colIndex(cols[2]!)) };
  const rows = /^\$?(\d{1,7}):\$?(\d{1,7})$/.exec(body);
  if (rows) return { c0: 0, c1: MAX_COLS - 1, r0: Math.min(Number(rows[1]), Number(rows[2])) - 1, r1: Math.max(Number(rows[1]), Number(rows[2])) - 1 };
  return undefined;
}

function parseR1C1(body: string, row: number, col: number): Omit<Target, 'sheet'> | undefined {
  const part = (m: string | undefined, here: number) => (m === undefined || m === '' ? here : m.startsWith('[') ? here + Number(m.slice(1, -1)) : Number(m) - 1);
  const one = (t: string) => {
    const m = /^R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?$/i.exec(t);
    return m ? { r: part(m[1], row), c: part(m[2], col) } : undefined;
  };
  const [a, b] = body.split(':');
  const p = a !== undefined ? one(a) : undefined;
  const q = b !== undefined ? one(b) : p;
  if (!p || !q) return undefined;
  return { r0: Math.min(p.r, q.r), c0: Math.min(p.c, q.c), r1: Math.max(p.r, q.r), c1: Math.max(p.c, q.c) };
}

export function parseReference(text: string, a1: boolean, row: number, col: number): Target | undefined {
  const m = /^(?:'((?:[^']|'')+)'|([^'!]+))!(.+)$/.exec(text.trim());
  const sheet = m ? (m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]) : undefined;
  const body = m ? m[3]! : text.trim();
  let rect: Omit<Target, 'sheet'> | undefined;
  try {
    rect = a1 ? parseA1(body) : parseR1C1(body, row, col);
  } catch {
    return undefined; // a column past XFD
  }
  if (!rect || rect.r0 < 0 || rect.c0 < 0 || rect.r1 >= MAX_ROWS || rect.c1 >= MAX_COLS) return undefined;
  return { ...rect, ...(sheet !== undefined ? { sheet } : {}) };
}

export class IndirectPlugin extends FunctionPlugin {
  static override implementedFunctions = {
    INDIRECT: {
      method: 'indirect',
      isVolatile: true,
      parameters: [{ argumentType: FunctionArgumentType.STRING }, { argumentType: FunctionArgumentType.BOOLEAN, defaultValue: true }],
    },
  };

  indirect(ast: ProcedureAst, state: InterpreterState) {
    return this.runFunction(ast.args, state, this.metadata('INDIRECT'), (text: string, a1: boolean) => {
      const here = state.formulaAddress;
      const target = parseReference(text, a1, here.row, here.col);
      if (!target) return new CellError(ErrorType.REF, `INDIRECT: '${text}' is not a cell reference`);
      const graph = this.dependencyGraph as unknown as Graph;
      const sheet = target.sheet === undefined ? here.sheet : graph.sheetMapping.getSheetId(target.sheet);
      if (sheet === undefined) return new CellError(ErrorType.REF, `INDIRECT: no sheet named '${target.sheet}'`);
      if (target.r0 === target.r1 && target.c0 === target.c1) {
        if (target.r0 === here.row && target.c0 === here.col && sheet === here.sheet) return new CellError(ErrorType.CYCLE);
        return graph.getScalarValue({ sheet, row: target.r0, col: target.c0 }) as InternalScalarValue;
      }
      // Whole columns and rows end where the sheet's content ends.
      const r1 = Math.min(target.r1, Math.max(target.r0, graph.addressMapping.getSheetHeight(sheet) - 1));
      const c1 = Math.min(target.c1, Math.max(target.c0, graph.addressMapping.getSheetWidth(sheet) - 1));
      if ((r1 - target.r0 + 1) * (c1 - target.c0 + 1) > MAX_CELLS) return new CellError(ErrorType.REF, `INDIRECT: '${text}' covers more than ${MAX_CELLS.toLocaleString('en-US')} cells`);
      const grid: InternalScalarValue[][] = [];
      for (let r = target.r0; r <= r1; r++) {
        const line: InternalScalarValue[] = [];
        for (let c = target.c0; c <= c1; c++) line.push((graph.getScalarValue({ sheet, row: r, col: c }) as InternalScalarValue) ?? EmptyValue);
        grid.push(line);
      }
      return SimpleRangeValue.onlyValues(grid);
    });
  }
}
