// POST /v1/connections/schemas: tables, columns and types of the space's connections, read from
// each database's catalog and cached (refresh: true reads it again).
import { z } from 'zod';
import { schemaOf, connectionInSpace } from '../../connections/service.ts';
import { OpError } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { iso, requireSpace } from '../../op-fields.ts';
import { ConnectionId, ConnectionType, TableOut } from '../../connections/fields.ts';

export const getConnectionSchemas = defineOp({
  name: 'get_connection_schemas',
  summary: 'Tables, columns and types of database connections.',
  area: 'connections',
  http: { method: 'POST', path: '/v1/connections/schemas' },
  input: z.strictObject({
    connection_ids: z.array(ConnectionId).max(50, 'at most 50 connections').optional().describe('Default all.'),
    refresh: z.boolean().default(false).describe('Skip the 1 h cache.'),
    space_uuid: SpaceId,
  }),
  output: z.object({
    connections: z.array(z.object({ uuid: z.string(), name: z.string(), type: ConnectionType, cached_at: z.string().nullable(), table_count: z.number().int(), error: z.string().optional() })),
    tables: z.array(TableOut.extend({ connection_uuid: z.string(), connection_name: z.string() })),
  }),
  hints: { readOnly: true, idempotent: true, openWorld: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    const conns = input.connection_ids
      ? await Promise.all(input.connection_ids.map((id, i) => connectionInSpace(ctx, id, spaceId, `connection_ids[${i}]`)))
      : await ctx.services.store.listConnections(spaceId);
    const connections = [];
    const tables = [];
    for (const conn of conns) {
      try {
        const schema = await schemaOf(ctx, conn, input.refresh);
        connections.push({ uuid: conn.id, name: conn.name, type: conn.type, cached_at: iso(schema.cachedAt), table_count: schema.tables.length });
        for (const t of schema.tables) tables.push({ connection_uuid: conn.id, connection_name: conn.name, ...t });
      } catch (err) {
        // One unreachable database does not hide the others; asked for one, it is the answer.
        if (conns.length === 1 || !(err instanceof OpError)) throw err;
        connections.push({ uuid: conn.id, name: conn.name, type: conn.type, cached_at: null, table_count: 0, error: err.message });
      }
    }
    return { connections, tables };
  },
});
