// GET /v1/connections: the space's database connections (never their credentials).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { iso, requireSpace } from '../../op-fields.ts';
import { ConnectionType } from '../../connections/fields.ts';

export const listConnections = defineOp({
  name: 'list_connections',
  summary: 'List the database connections of the space.',
  area: 'connections',
  http: { method: 'GET', path: '/v1/connections' },
  input: z.strictObject({ space_uuid: SpaceId }),
  output: z.object({
    connections: z.array(z.object({ uuid: z.string(), name: z.string(), type: ConnectionType, created: z.string(), schema_cached_at: z.string().nullable() })),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    const rows = await ctx.services.store.listConnections(spaceId);
    return { connections: rows.map((c) => ({ uuid: c.id, name: c.name, type: c.type, created: iso(c.created), schema_cached_at: c.schemaCachedAt ? iso(c.schemaCachedAt) : null })) };
  },
});
