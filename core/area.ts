// An area of the service: its ops plus what it brings to every workbook (core/workbook/area.ts).
// core/areas.ts lists them once; the registry takes the ops from that list and the services hand
// the same list to each workbook they open.
import type { AnyOp, OpArea } from './op.ts';
import type { WorkbookArea } from './workbook/area.ts';

/** The tools of MCP's compact surface: each area's ops are actions of one of them. */
export type ToolGroup = 'files' | 'sheets' | 'cells' | 'formatting' | 'objects' | 'code' | 'transfer';

export interface Area extends WorkbookArea {
  readonly name: OpArea;
  readonly ops: readonly AnyOp[];
  /** The compact tool whose actions these ops are. */
  readonly group: ToolGroup;
}

/** An area whose ops all say they belong to it (the folder decides the area). */
export function defineArea(area: Area): Area {
  const stray = area.ops.filter((op) => op.area !== area.name);
  if (stray.length) throw new Error(`area ${area.name} lists ops of another area: ${stray.map((op) => `${op.name} (${op.area})`).join(', ')}`);
  return area;
}
