// What the connection ops share: finding a connection in the caller's space (404 otherwise, never
// naming another space's connection), opening its credentials, and the catalog cache.
import type { OpContext } from '../context.ts';
import { OpError } from '../errors.ts';
import type { ConnectionRecord } from '../store.ts';
import { readCatalog, type CatalogTable } from './catalog.ts';
import { TableIndex } from './search.ts';
import { secretBox } from './secret.ts';

/** A catalog older than this is read again on the next request. */
const SCHEMA_TTL_MS = 3_600_000;

export async function connectionInSpace(ctx: OpContext, id: string, spaceId: string, field = 'connection_uuid'): Promise<ConnectionRecord> {
  const conn = await ctx.services.store.getConnection(id);
  if (!conn || conn.spaceId !== spaceId) throw new OpError('not_found', `${field}: no connection '${id}' in this space; list_connections shows the connections you can use.`, { field });
  return conn;
}

export function connectionUrl(ctx: OpContext, conn: ConnectionRecord): string {
  return secretBox(ctx.services.config).open(conn.secret, conn.keyId);
}

/** Removes the password (and any user info) from driver messages. */
export function scrub(message: string, url: string): string {
  try {
    const u = new URL(url);
    let out = message;
    for (const secret of [u.password, decodeURIComponent(u.password)]) if (secret) out = out.split(secret).join('***');
    return out.split(url).join('(the connection URL)');
  } catch {
    return message;
  }
}

export interface Schema {
  tables: CatalogTable[];
  cachedAt: Date;
}

export async function schemaOf(ctx: OpContext, conn: ConnectionRecord, refresh: boolean): Promise<Schema> {
  const now = ctx.services.clock.now();
  if (!refresh && conn.schemaCache && conn.schemaCachedAt && now.getTime() - conn.schemaCachedAt.getTime() < SCHEMA_TTL_MS) {
    return { tables: conn.schemaCache as CatalogTable[], cachedAt: conn.schemaCachedAt };
  }
  const url = connectionUrl(ctx, conn);
  let tables: CatalogTable[];
  try {
    tables = await readCatalog(conn.type, url);
  } catch (err) {
    throw new OpError('unavailable', `Could not read the catalog of connection '${conn.name}': ${scrub((err as Error).message, url)}`, { connection_uuid: conn.id });
  }
  await ctx.services.store.setConnectionSchema(conn.id, tables, now);
  return { tables, cachedAt: now };
}

const indexes = new Map<string, { cachedAt: number; index: TableIndex }>();

export function tableIndex(conn: ConnectionRecord, schema: Schema): TableIndex {
  const hit = indexes.get(conn.id);
  if (hit && hit.cachedAt === schema.cachedAt.getTime()) return hit.index;
  const index = new TableIndex(schema.tables);
  indexes.set(conn.id, { cachedAt: schema.cachedAt.getTime(), index });
  if (indexes.size > 200) indexes.delete(indexes.keys().next().value!);
  return index;
}
