// The registry: every op, once. REST routes, MCP tools, batch actions and OpenAPI are loops over it.
import { accountOps } from './ops/account/index.ts';
import { cellLayoutOps, cellOps } from './ops/cells/index.ts';
import { chartOps } from './ops/charts/index.ts';
import { ruleOps } from './ops/rules/index.ts';
import { tableOps } from './ops/tables/index.ts';
import { pivotOps } from './ops/pivots/index.ts';
import { codeOps } from './ops/code/index.ts';
import { connectionOps } from './ops/connections/index.ts';
import { fileOps } from './ops/files/index.ts';
import { formatOps } from './ops/formats/index.ts';
import { ioOps } from './ops/io/index.ts';
import { sheetOps } from './ops/sheets/index.ts';
import { structureOps } from './ops/structure/index.ts';
import type { AnyOp } from './op.ts';

export const ops: readonly AnyOp[] = [...accountOps, ...fileOps, ...sheetOps, ...cellOps, ...formatOps, ...structureOps, ...cellLayoutOps, ...codeOps, ...connectionOps, ...chartOps, ...ruleOps, ...tableOps, ...pivotOps, ...ioOps] as unknown as AnyOp[];

const byName = new Map(ops.map((op) => [op.name, op]));

export function findOp(name: string): AnyOp | undefined {
  return byName.get(name);
}
