// POST /v1/tokens: an owner makes a token for a user of the space (created on first use of the name).
import { z } from 'zod';
import { issueToken } from '../../auth.ts';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { iso, requireRole, requireSpace, RoleEnum, UserRef } from '../../op-fields.ts';

export const createToken = defineOp({
  name: 'create_token',
  summary: 'Create an API token for a user (owner only); shown once.',
  area: 'account',
  http: { method: 'POST', path: '/v1/tokens' },
  input: z.strictObject({
    user_name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').describe('New names add a user.'),
    role: RoleEnum.describe('editor writes, viewer reads.'),
    expires_in_days: z.number().int().min(1, 'must be 1..3650').max(3650, 'must be 1..3650').optional().describe('Default never.'),
    space_uuid: SpaceId,
  }),
  output: z.object({ token: z.string(), token_id: z.string(), user: UserRef, role: RoleEnum, expires: z.string().nullable() }),
  hints: { readOnly: false, destructive: false },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'owner', 'Creating tokens');
    const t = await issueToken(ctx.services.store, ctx.services.clock, { spaceId, userName: input.user_name, role: input.role, expiresInDays: input.expires_in_days });
    return { token: t.token, token_id: t.tokenId, user: { uuid: t.userId, name: t.userName }, role: input.role, expires: t.expiresAt ? iso(t.expiresAt) : null };
  },
});
