// Spaces, users and API tokens on Drizzle.
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ROLE_RANK } from '../core/context.ts';
import type { AuthStore, Role, TokenInfo, TokenListing } from '../core/store.ts';
import type { CacheKey, CacheSync } from './cache-sync.ts';
import { memberships, spaces, tokens, users } from './schema.ts';
import type { Db, Tx } from './db.ts';

export class PgAuthStore implements AuthStore {
  /**
   * Known tokens are kept in memory while `tokenCaches` says they may be (db/cache-sync.ts):
   * always on the embedded store, which one process holds alone; on PostgreSQL while this process
   * hears what the others change. A change here drops them at once, before anyone else hears of it.
   */
  constructor(
    readonly db: Db,
    private readonly tokenCaches: CacheSync,
  ) {
    tokenCaches.onDrop((key) => {
      if (key === '*' || key === 't*') this.tokensChanged();
      else if (key.startsWith('t:')) this.tokenDropped(key.slice(2));
    });
  }

  private readonly tokenCache = new Map<string, TokenInfo>();
  /** Bumped after every change to tokens: a read that began before it does not fill the cache. */
  private tokenGeneration = 0;

  /** The same tokens by id (a worker resolves the token of every task it runs); dropped with any token change. */
  private readonly tokenByIdCache = new Map<string, TokenInfo>();

  private tokensChanged(): void {
    this.tokenGeneration++;
    this.tokenCache.clear();
    this.tokenByIdCache.clear();
  }

  private tokenDropped(hash: string): void {
    this.tokenGeneration++;
    this.tokenCache.delete(hash);
    this.tokenByIdCache.clear();
  }

  async countSpaces(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(spaces);
    return row?.n ?? 0;
  }

  async createSpace(name: string, at: Date) {
    const id = randomUUID();
    await this.db.insert(spaces).values({ id, name, created: at });
    return { id, name };
  }

  async getSpace(id: string) {
    const [row] = await this.db.select({ id: spaces.id, name: spaces.name }).from(spaces).where(eq(spaces.id, id));
    return row ?? null;
  }

  async firstSpaceId(): Promise<string> {
    const [row] = await this.db.select({ id: spaces.id }).from(spaces).orderBy(spaces.created).limit(1);
    if (!row) throw new Error('no space exists yet');
    return row.id;
  }

  async createToken(input: { spaceId: string; userName: string; role: Role; hash: string; expiresAt: Date | null; at: Date }) {
    let settled: Promise<void> | undefined;
    try {
      const made = await this.tokenCaches.transaction(this.db, (tx, announce) => createTokenTx(tx, input, announce));
      settled = made.settled;
      return made.result;
    } finally {
      this.tokensChanged();
      await settled;
    }
  }

  /** Every request authenticates: the query is built once and prepared (drizzle builds SQL text per call otherwise). */
  private tokenByHashQuery?: { execute(values: { hash: string }): Promise<TokenInfo[]> };

  async tokenByHash(hash: string): Promise<TokenInfo | null> {
    this.tokenByHashQuery ??= this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, spaceId: spaces.id, spaceName: spaces.name, role: tokens.role, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .innerJoin(spaces, eq(spaces.id, tokens.spaceId))
      .where(eq(tokens.hash, sql.placeholder('hash')))
      .prepare('token_by_hash') as unknown as { execute(values: { hash: string }): Promise<TokenInfo[]> };
    const cached = this.tokenCaches.usable ? this.tokenCache.get(hash) : undefined;
    if (cached) return cached;
    const generation = this.tokenGeneration;
    const [row] = await this.tokenByHashQuery.execute({ hash });
    if (row && this.tokenCaches.usable && generation === this.tokenGeneration) {
      if (this.tokenCache.size >= 10_000) this.tokenCache.clear();
      this.tokenCache.set(hash, row);
    }
    return row ?? null;
  }

  /** Read for every code-cell task a worker runs: prepared and cached like tokenByHash. */
  private tokenByIdQuery?: { execute(values: { id: string }): Promise<TokenInfo[]> };

  async tokenById(tokenId: string): Promise<TokenInfo | null> {
    this.tokenByIdQuery ??= this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, spaceId: spaces.id, spaceName: spaces.name, role: tokens.role, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .innerJoin(spaces, eq(spaces.id, tokens.spaceId))
      .where(eq(tokens.id, sql.placeholder('id')))
      .prepare('token_by_id') as unknown as { execute(values: { id: string }): Promise<TokenInfo[]> };
    const cached = this.tokenCaches.usable ? this.tokenByIdCache.get(tokenId) : undefined;
    if (cached) return cached;
    const generation = this.tokenGeneration;
    const [row] = await this.tokenByIdQuery.execute({ id: tokenId });
    if (row && this.tokenCaches.usable && generation === this.tokenGeneration) {
      if (this.tokenByIdCache.size >= 10_000) this.tokenByIdCache.clear();
      this.tokenByIdCache.set(tokenId, row);
    }
    return row ?? null;
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    await this.db.update(tokens).set({ lastUsed: at }).where(eq(tokens.id, tokenId));
  }

  async listTokens(spaceId: string): Promise<TokenListing[]> {
    const rows = await this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, role: tokens.role, created: tokens.created, lastUsed: tokens.lastUsed, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(eq(tokens.spaceId, spaceId))
      .orderBy(tokens.created);
    return rows.map((r) => ({ tokenId: r.tokenId, user: { uuid: r.userId, name: r.userName }, role: r.role, created: r.created, lastUsed: r.lastUsed, expiresAt: r.expiresAt, revoked: r.revokedAt !== null }));
  }

  async revokeToken(tokenId: string, at: Date, spaceId?: string): Promise<boolean> {
    return this.revoke(spaceId ? and(eq(tokens.id, tokenId), eq(tokens.spaceId, spaceId))! : eq(tokens.id, tokenId), at);
  }

  async revokeTokenByHash(hash: string, at: Date): Promise<boolean> {
    return this.revoke(eq(tokens.hash, hash), at);
  }

  /** Returns once every process that caches tokens has dropped this one (db/cache-sync-pg.ts). */
  private async revoke(where: SQL, at: Date): Promise<boolean> {
    let settled: Promise<void> | undefined;
    try {
      const done = await this.tokenCaches.transaction(this.db, async (tx, announce) => {
        const rows = await tx.update(tokens).set({ revokedAt: at }).where(where).returning({ hash: tokens.hash });
        announce(rows.map((r) => `t:${r.hash}` as const));
        return rows.length > 0;
      });
      settled = done.settled;
      return done.result;
    } finally {
      this.tokensChanged();
      await settled;
    }
  }
}

/** Adds the user and membership when new, and announces a membership whose role it raises. */
async function createTokenTx(tx: Tx, input: { spaceId: string; userName: string; role: Role; hash: string; expiresAt: Date | null; at: Date }, announce: (keys: CacheKey[]) => void) {
  const [member] = await tx
    .select({ userId: users.id, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.spaceId, input.spaceId), eq(users.name, input.userName)));
  let userId = member?.userId;
  if (!userId) {
    userId = randomUUID();
    await tx.insert(users).values({ id: userId, name: input.userName, created: input.at });
    await tx.insert(memberships).values({ spaceId: input.spaceId, userId, role: input.role });
  } else if (ROLE_RANK[input.role] > ROLE_RANK[member!.role]) {
    await tx.update(memberships).set({ role: input.role }).where(and(eq(memberships.spaceId, input.spaceId), eq(memberships.userId, userId)));
    // No cached token carries its membership's role today; dropping them all keeps one that does right.
    announce(['t*']);
  }
  const tokenId = randomUUID();
  await tx.insert(tokens).values({ id: tokenId, hash: input.hash, spaceId: input.spaceId, userId, role: input.role, created: input.at, expiresAt: input.expiresAt });
  return { tokenId, userId, userName: input.userName };
}
