// Cells that a computed reference (OFFSET, INDIRECT, INDEX's reference) arrives at are no
// dependencies the engine knows of, so while it builds, such a cell can still be uncomputed when
// the reference reads it; HyperFormula then threw "Value of the formula cell is not computed" and
// the whole engine build failed. Here such a cell is computed on the spot, formulas it reads
// included, as Excel does when its calculation chain meets a cell not yet calculated; a loop of
// such reads is #CYCLE!. The engine computes the cell again in its own order afterwards.
import { CellError, ErrorType } from 'hyperformula';

interface Vertex {
  cachedCellValue?: unknown;
  isComputed?(): boolean;
  getFormula?(service: unknown): unknown;
  getAddress(service: unknown): unknown;
  setCellValue(value: unknown): unknown;
  getCellValue(): unknown;
}
export interface LateReadContext {
  interpreter: { evaluateAst(ast: unknown, state: unknown): unknown };
  graph: { lazilyTransformingAstService: unknown; addressMapping: { getCell(address: { sheet: number; row: number; col: number }): unknown } };
  State: new (address: unknown, arraysFlag: boolean, vertex?: unknown) => unknown;
  arraysFlag: boolean;
}

let context: LateReadContext | undefined;
const computing = new Set<Vertex>();
let patched = false;

/** A one-value formula cell (array formulas hold `array`) whose value this pass has not computed. */
function isUncomputed(v: unknown): v is Vertex {
  const x = v as Vertex | undefined;
  return !!x && typeof x.getFormula === 'function' && typeof x.isComputed === 'function' && !('array' in x) && !x.isComputed();
}

function computeNow(v: Vertex, ctx: LateReadContext): unknown {
  if (computing.has(v)) return new CellError(ErrorType.CYCLE);
  const before = context;
  computing.add(v);
  context = ctx;
  try {
    const service = ctx.graph.lazilyTransformingAstService;
    return v.setCellValue(ctx.interpreter.evaluateAst(v.getFormula!(service), new ctx.State(v.getAddress(service), ctx.arraysFlag, v)));
  } finally {
    computing.delete(v);
    context = before;
  }
}

/** While one of these computes, a read of an uncomputed cell computes that cell first. */
function install(v: Vertex): void {
  patched = true;
  const proto = Object.getPrototypeOf(v) as { getCellValue(this: Vertex): unknown };
  const original = proto.getCellValue;
  proto.getCellValue = function (this: Vertex) {
    if (this.cachedCellValue === undefined && context) return computeNow(this, context);
    return original.call(this);
  };
}

/** Computes the uncomputed formula cells of a rectangle before a computed reference reads it. */
export function computeLateCells(ctx: LateReadContext, sheet: number, r0: number, c0: number, r1: number, c1: number): void {
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const v = ctx.graph.addressMapping.getCell({ sheet, row, col });
      if (!isUncomputed(v)) continue;
      if (!patched) install(v);
      computeNow(v, ctx);
    }
  }
}
