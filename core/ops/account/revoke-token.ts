// DELETE /v1/tokens/{token_id}: revokes at once; the next request with it gets 401.
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';

export const revokeToken = defineOp({
  name: 'revoke_token',
  summary: 'Revoke an API token at once (owner only).',
  area: 'account',
  http: { method: 'DELETE', path: '/v1/tokens/:token_id' },
  input: z.strictObject({ token_id: z.uuid({ message: 'must be a token id from list_tokens' }).describe('From list_tokens.'), space_uuid: SpaceId }),
  output: z.object({ token_id: z.string(), revoked: z.literal(true) }),
  hints: { readOnly: false, idempotent: true, destructive: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'owner', 'Revoking tokens');
    const ok = await ctx.services.store.revokeToken(input.token_id, ctx.services.clock.now(), spaceId);
    if (!ok) throw notFound('token', input.token_id);
    return { token_id: input.token_id, revoked: true as const };
  },
});
