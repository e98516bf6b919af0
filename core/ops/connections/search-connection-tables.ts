// POST /v1/connections/tables/search: the tables of one connection that best match a
// natural-language description, ranked over table names, column names and comments.
import { z } from 'zod';
import { connectionInSpace, schemaOf, tableIndex } from '../../connections/service.ts';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { requireSpace } from '../../op-fields.ts';
import { ConnectionId, ConnectionType, TableOut } from '../../connections/fields.ts';

export const searchConnectionTables = defineOp({
  name: 'search_connection_tables',
  summary: 'Find the tables of a connection that match a description.',
  area: 'connections',
  http: { method: 'POST', path: '/v1/connections/tables/search' },
  input: z.strictObject({
    connection_uuid: ConnectionId,
    query: z.string().trim().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters').describe('Words or identifiers.'),
    top_k: z.number().int().min(1, 'must be 1..100').max(100, 'must be 1..100').default(5).describe('Default 5.'),
    space_uuid: SpaceId,
  }),
  output: z.object({
    connection: z.object({ uuid: z.string(), name: z.string(), type: ConnectionType }),
    tables: z.array(TableOut.extend({ score: z.number(), matched_terms: z.array(z.string()) })),
  }),
  hints: { readOnly: true, idempotent: true, openWorld: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    const conn = await connectionInSpace(ctx, input.connection_uuid, spaceId);
    const schema = await schemaOf(ctx, conn, false);
    const hits = tableIndex(conn, schema).query(input.query, input.top_k);
    return {
      connection: { uuid: conn.id, name: conn.name, type: conn.type },
      tables: hits.map((h) => ({ ...h.table, score: h.score, matched_terms: h.terms })),
    };
  },
});
