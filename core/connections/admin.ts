// `sheets admin connection add`: the operator's way to add a connection, with the same checks
// and encryption as the owner-only add_connection op.
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Clock } from '../context.ts';
import { OpError } from '../errors.ts';
import { checkUrl } from '../ops/connections/add-connection.ts';
import type { Store } from '../store.ts';
import { probe } from './catalog.ts';
import { scrub } from './service.ts';
import { secretBox } from './secret.ts';

export async function addConnectionAsAdmin(store: Store, config: Config, clock: Clock, input: { spaceId: string; name: string; type: 'postgres' | 'mysql'; url: string; check: boolean }) {
  if (!(await store.getSpace(input.spaceId))) throw new Error(`no space ${input.spaceId}`);
  const name = input.name.trim();
  if (!name || name.length > 100) throw new Error('--name must be 1..100 characters');
  if ((await store.listConnections(input.spaceId)).some((c) => c.name.toLowerCase() === name.toLowerCase())) throw new Error(`a connection named '${name}' already exists in this space`);
  let url: string;
  try {
    url = checkUrl(input.type, input.url);
  } catch (err) {
    throw new Error(err instanceof OpError ? err.message : String(err), { cause: err });
  }
  if (input.check) {
    try {
      await probe(input.type, url);
    } catch (err) {
      throw new Error(`could not connect: ${scrub((err as Error).message, url)} (use --no-check to add it anyway)`, { cause: err });
    }
  }
  const box = secretBox(config);
  const id = randomUUID();
  await store.addConnection({ id, spaceId: input.spaceId, name, type: input.type, secret: box.seal(url), keyId: box.keyId, created: clock.now(), createdBy: null });
  return { uuid: id, name, type: input.type };
}
