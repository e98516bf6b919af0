// GET /v1/tokens: the space's tokens (never their secrets).
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { iso, requireRole, requireSpace, RoleEnum, UserRef } from '../../op-fields.ts';

export const listTokens = defineOp({
  name: 'list_tokens',
  summary: 'List API tokens: users, roles, last use (owner only).',
  area: 'account',
  http: { method: 'GET', path: '/v1/tokens' },
  input: z.strictObject({ space_uuid: SpaceId }),
  output: z.object({
    tokens: z.array(z.object({ token_id: z.string(), user: UserRef, role: RoleEnum, created: z.string(), last_used: z.string().nullable(), expires: z.string().nullable(), revoked: z.boolean() })),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'owner', 'Listing tokens');
    const rows = await ctx.services.store.listTokens(spaceId);
    return {
      tokens: rows.map((t) => ({ token_id: t.tokenId, user: t.user, role: t.role, created: iso(t.created), last_used: t.lastUsed ? iso(t.lastUsed) : null, expires: t.expiresAt ? iso(t.expiresAt) : null, revoked: t.revoked })),
    };
  },
});
