// Helpers shared by ops: space and role checks, and the shapes several ops return.
import { z } from 'zod';
import { ROLE_RANK, type OpContext } from './context.ts';
import { forbidden } from './errors.ts';
import type { Role } from './store.ts';

/** The space an op acts on: the token's own. Naming another space is a 403. */
export function requireSpace(ctx: OpContext, spaceUuid: string | undefined): string {
  if (spaceUuid !== undefined && spaceUuid !== ctx.caller.spaceId) {
    throw forbidden(`space_uuid: this token has no rights on space ${spaceUuid}; it belongs to space ${ctx.caller.spaceId}.`);
  }
  return ctx.caller.spaceId;
}

export function requireRole(ctx: OpContext, min: Role, what: string): void {
  if (ROLE_RANK[ctx.caller.role] < ROLE_RANK[min]) throw forbidden(`${what} needs the ${min} role on this space; this token's role is ${ctx.caller.role}.`);
}

export const iso = (d: Date) => d.toISOString();

export const UserRef = z.object({ uuid: z.string(), name: z.string() });
export const RoleEnum = z.enum(['owner', 'editor', 'viewer']);

export const VersionOut = z.number().int().describe('The file version after this call (the number of the last saved state).');
