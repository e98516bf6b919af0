// The registry: every op, once, taken from the list of areas. REST routes, MCP tools, batch
// actions and OpenAPI are loops over it.
import { areas } from './areas.ts';
import type { AnyOp } from './op.ts';

export const ops: readonly AnyOp[] = areas.flatMap((a) => a.ops);

const byName = new Map(ops.map((op) => [op.name, op]));
if (byName.size !== ops.length) throw new Error('two ops share a name');

export function findOp(name: string): AnyOp | undefined {
  return byName.get(name);
}
