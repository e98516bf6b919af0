// Database connections of code cells (credentials encrypted by core before they get here) on Drizzle.
import { and, eq } from 'drizzle-orm';
import type { ConnectionRecord, ConnectionStore } from '../core/store.ts';
import { connections } from './schema.ts';
import type { Db } from './db.ts';

export class PgConnectionStore implements ConnectionStore {
  constructor(readonly db: Db) {}

  async listConnections(spaceId: string): Promise<ConnectionRecord[]> {
    return this.db.select(connectionColumns).from(connections).where(eq(connections.spaceId, spaceId)).orderBy(connections.name);
  }

  async getConnection(id: string): Promise<ConnectionRecord | null> {
    const [row] = await this.db.select(connectionColumns).from(connections).where(eq(connections.id, id));
    return row ?? null;
  }

  async addConnection(c: Omit<ConnectionRecord, 'schemaCache' | 'schemaCachedAt'> & { createdBy: string | null }): Promise<void> {
    await this.db.insert(connections).values(c);
  }

  async deleteConnection(id: string, spaceId: string): Promise<boolean> {
    const rows = await this.db.delete(connections).where(and(eq(connections.id, id), eq(connections.spaceId, spaceId))).returning({ id: connections.id });
    return rows.length > 0;
  }

  async setConnectionSchema(id: string, schema: unknown, at: Date): Promise<void> {
    await this.db.update(connections).set({ schemaCache: schema, schemaCachedAt: at }).where(eq(connections.id, id));
  }
}

const connectionColumns = {
  id: connections.id,
  spaceId: connections.spaceId,
  name: connections.name,
  type: connections.type,
  secret: connections.secret,
  keyId: connections.keyId,
  created: connections.created,
  schemaCache: connections.schemaCache,
  schemaCachedAt: connections.schemaCachedAt,
};
