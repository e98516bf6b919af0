// Spaces, users and API tokens on Drizzle.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ROLE_RANK } from '../core/context.ts';
import type { AuthStore, Role, TokenInfo, TokenListing } from '../core/store.ts';
import { memberships, spaces, tokens, users } from './schema.ts';
import type { Db } from './db.ts';

export class PgAuthStore implements AuthStore {
  /**
   * `cacheTokens`: keep known tokens in memory. Only for the embedded store, which one process
   * holds alone, so every revocation passes through this object and clears the cache at once.
   * On PostgreSQL other processes revoke too, and every request reads the token from the store.
   */
  constructor(
    readonly db: Db,
    private readonly cacheTokens = false,
  ) {}

  private readonly tokenCache = new Map<string, TokenInfo>();
  /** Bumped after every change to tokens: a read that began before it does not fill the cache. */
  private tokenGeneration = 0;

  private tokensChanged(): void {
    this.tokenGeneration++;
    this.tokenCache.clear();
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
    try {
      return await this.createTokenTx(input);
    } finally {
      this.tokensChanged();
    }
  }

  private async createTokenTx(input: { spaceId: string; userName: string; role: Role; hash: string; expiresAt: Date | null; at: Date }) {
    return this.db.transaction(async (tx) => {
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
      }
      const tokenId = randomUUID();
      await tx.insert(tokens).values({ id: tokenId, hash: input.hash, spaceId: input.spaceId, userId, role: input.role, created: input.at, expiresAt: input.expiresAt });
      return { tokenId, userId, userName: input.userName };
    });
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
    const cached = this.cacheTokens ? this.tokenCache.get(hash) : undefined;
    if (cached) return cached;
    const generation = this.tokenGeneration;
    const [row] = await this.tokenByHashQuery.execute({ hash });
    if (row && this.cacheTokens && generation === this.tokenGeneration) {
      if (this.tokenCache.size >= 10_000) this.tokenCache.clear();
      this.tokenCache.set(hash, row);
    }
    return row ?? null;
  }

  /** Read for every code-cell task a worker runs: prepared like tokenByHash. */
  private tokenByIdQuery?: { execute(values: { id: string }): Promise<TokenInfo[]> };

  async tokenById(tokenId: string): Promise<TokenInfo | null> {
    this.tokenByIdQuery ??= this.db
      .select({ tokenId: tokens.id, userId: users.id, userName: users.name, spaceId: spaces.id, spaceName: spaces.name, role: tokens.role, expiresAt: tokens.expiresAt, revokedAt: tokens.revokedAt })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .innerJoin(spaces, eq(spaces.id, tokens.spaceId))
      .where(eq(tokens.id, sql.placeholder('id')))
      .prepare('token_by_id') as unknown as { execute(values: { id: string }): Promise<TokenInfo[]> };
    const [row] = await this.tokenByIdQuery.execute({ id: tokenId });
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
    const where = spaceId ? and(eq(tokens.id, tokenId), eq(tokens.spaceId, spaceId)) : eq(tokens.id, tokenId);
    try {
      const rows = await this.db.update(tokens).set({ revokedAt: at }).where(where).returning({ id: tokens.id });
      return rows.length > 0;
    } finally {
      this.tokensChanged();
    }
  }

  async revokeTokenByHash(hash: string, at: Date): Promise<boolean> {
    try {
      const rows = await this.db.update(tokens).set({ revokedAt: at }).where(eq(tokens.hash, hash)).returning({ id: tokens.id });
      return rows.length > 0;
    } finally {
      this.tokensChanged();
    }
  }
}
