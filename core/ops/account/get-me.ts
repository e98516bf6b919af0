// GET /v1/auth/me: who the token belongs to. The cheapest way to check a token.
import { z } from 'zod';
import { defineOp } from '../../op.ts';
import { RoleEnum, UserRef } from '../../op-fields.ts';

export const getMe = defineOp({
  name: 'get_me',
  summary: 'Who the token is: its user, space and role.',
  area: 'account',
  http: { method: 'GET', path: '/v1/auth/me' },
  input: z.strictObject({}),
  output: z.object({ user: UserRef, space: z.object({ uuid: z.string(), name: z.string() }), role: RoleEnum, token_id: z.string() }),
  hints: { readOnly: true, idempotent: true },
  handler: (ctx) => ({
    user: { uuid: ctx.caller.userId, name: ctx.caller.userName },
    space: { uuid: ctx.caller.spaceId, name: ctx.caller.spaceName },
    role: ctx.caller.role,
    token_id: ctx.caller.tokenId,
  }),
});
