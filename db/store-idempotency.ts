// Answers kept for Idempotency-Key replays (24 h) on Drizzle.
import { and, eq, gte } from 'drizzle-orm';
import type { IdempotencyStore, IdempotentAnswer } from '../core/store.ts';
import { idempotencyKeys } from './schema.ts';
import type { Db } from './db.ts';

export class PgIdempotencyStore implements IdempotencyStore {
  constructor(readonly db: Db) {}

  async getIdempotent(tokenId: string, key: string, notBefore: Date): Promise<IdempotentAnswer | null> {
    const [row] = await this.db
      .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body, contentType: idempotencyKeys.contentType, created: idempotencyKeys.created })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tokenId, tokenId), eq(idempotencyKeys.key, key), gte(idempotencyKeys.created, notBefore)));
    return row ?? null;
  }

  async putIdempotent(tokenId: string, key: string, a: IdempotentAnswer): Promise<void> {
    await this.db
      .insert(idempotencyKeys)
      .values({ tokenId, key, fingerprint: a.fingerprint, status: a.status, body: a.body, contentType: a.contentType, created: a.created })
      .onConflictDoUpdate({ target: [idempotencyKeys.tokenId, idempotencyKeys.key], set: { fingerprint: a.fingerprint, status: a.status, body: a.body, contentType: a.contentType, created: a.created } });
  }
}
