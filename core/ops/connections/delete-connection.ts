// DELETE /v1/connections/{id}: an owner removes a connection; SQL cells using it then fail with a clear error.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';
import { connectionInSpace } from '../../connections/service.ts';
import { ConnectionId } from '../../connections/fields.ts';

export const deleteConnection = defineOp({
  name: 'delete_connection',
  summary: 'Remove a database connection (owner only).',
  area: 'connections',
  http: { method: 'DELETE', path: '/v1/connections/:connection_uuid' },
  input: z.strictObject({ connection_uuid: ConnectionId, space_uuid: SpaceId }),
  output: z.object({ deleted: z.boolean() }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'owner', 'Removing a connection');
    await connectionInSpace(ctx, input.connection_uuid, spaceId);
    return { deleted: await ctx.services.store.deleteConnection(input.connection_uuid, spaceId) };
  },
});
