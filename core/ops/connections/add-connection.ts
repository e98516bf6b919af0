// POST /v1/connections: an owner adds a database connection. The URL (with its password) is
// encrypted at rest with SECRET_KEY and never returned by any operation.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { probe } from '../../connections/catalog.ts';
import { scrub } from '../../connections/service.ts';
import { secretBox } from '../../connections/secret.ts';
import { OpError, invalidArg } from '../../errors.ts';
import { defineOp } from '../../op.ts';
import { SpaceId } from '../../schemas.ts';
import { requireRole, requireSpace } from '../../op-fields.ts';
import { ConnectionType } from '../../connections/fields.ts';

const PROTOCOLS: Record<'postgres' | 'mysql', string[]> = { postgres: ['postgres:', 'postgresql:'], mysql: ['mysql:', 'mariadb:'] };

/** The URL in the form the driver takes, or a 400 that says what is wrong (without echoing it). */
export function checkUrl(type: 'postgres' | 'mysql', raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw invalidArg('url', `is not a URL; write it like ${type === 'postgres' ? 'postgres://user:password@host:5432/database' : 'mysql://user:password@host:3306/database'}`);
  }
  if (!PROTOCOLS[type].includes(u.protocol)) throw invalidArg('url', `must start with ${PROTOCOLS[type].map((p) => `${p}//`).join(' or ')} for type ${type}`);
  if (!u.hostname) throw invalidArg('url', 'names no host');
  if (u.protocol === 'mariadb:') u.protocol = 'mysql:';
  return u.toString();
}

export const addConnection = defineOp({
  name: 'add_connection',
  summary: 'Add a database connection (owner only); its URL is stored encrypted.',
  area: 'connections',
  http: { method: 'POST', path: '/v1/connections' },
  input: z.strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').describe('Unique in the space.'),
    type: ConnectionType,
    url: z.string().max(2000, 'must be at most 2000 characters').describe('E.g. postgres://user:pw@host/db (read-only user).'),
    check: z.boolean().default(true).describe('Test it first.'),
    space_uuid: SpaceId,
  }),
  output: z.object({ uuid: z.string(), name: z.string(), type: ConnectionType }),
  hints: { readOnly: false, destructive: false, openWorld: true },
  handler: async (ctx, input) => {
    const spaceId = requireSpace(ctx, input.space_uuid);
    requireRole(ctx, 'owner', 'Adding a connection');
    const url = checkUrl(input.type, input.url);
    const box = secretBox(ctx.services.config);
    if ((await ctx.services.store.listConnections(spaceId)).some((c) => c.name.toLowerCase() === input.name.toLowerCase())) {
      throw new OpError('conflict', `name: a connection named '${input.name}' already exists in this space`, { field: 'name' });
    }
    if (input.check) {
      try {
        await probe(input.type, url);
      } catch (err) {
        throw invalidArg('url', `could not connect: ${scrub((err as Error).message, url)}`);
      }
    }
    const id = randomUUID();
    await ctx.services.store.addConnection({ id, spaceId, name: input.name, type: input.type, secret: box.seal(url), keyId: box.keyId, created: ctx.services.clock.now(), createdBy: ctx.caller.userId });
    return { uuid: id, name: input.name, type: input.type };
  },
});
