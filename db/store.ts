// The Store on Drizzle: identical code for PGlite and PostgreSQL, made of one small store per
// concern (store-auth, store-files, store-idempotency, store-tasks, store-connections). db/ never
// calls into core: core announces what a commit queued or finished (core/code/task-events.ts).
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Store } from '../core/store.ts';
import { localCaches, noCaches, type CacheSync } from './cache-sync.ts';
import { rowsOf, type Db } from './db.ts';
import { PgAuthStore } from './store-auth.ts';
import { PgConnectionStore } from './store-connections.ts';
import { PgFileStore } from './store-files.ts';
import { PgHistoryStore } from './store-history.ts';
import { PgIdempotencyStore } from './store-idempotency.ts';
import { PgTaskStore } from './store-tasks.ts';

export type { Db, Tx } from './db.ts';

/** Migrations the code expects (db/migrations/meta/_journal.json). */
const MIGRATION_COUNT = (JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the parts' methods are bound in the constructor (adopt)
export class PgStore implements Store {
  constructor(
    readonly db: Db,
    readonly kind: 'pglite' | 'postgres',
    private readonly closer: () => Promise<void>,
    readonly pglite?: PGlite,
    /** What keeps the caches of tokens and file records right; nothing is cached on PostgreSQL without it. */
    readonly cacheSync: CacheSync = kind === 'pglite' ? localCaches() : noCaches(),
  ) {
    for (const part of [new PgAuthStore(db, cacheSync), new PgFileStore(db, cacheSync, pglite), new PgHistoryStore(db), new PgIdempotencyStore(db), new PgTaskStore(db), new PgConnectionStore(db)]) adopt(this, part);
  }

  async close(): Promise<void> {
    await this.cacheSync.close();
    await this.closer();
  }

  async ping(): Promise<void> {
    const rows = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    const applied = rows[0]?.n ?? 0;
    if (applied < MIGRATION_COUNT) throw new Error(`${applied} of ${MIGRATION_COUNT} migrations applied`);
  }
}

// The parts' methods, bound onto the store by the constructor.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares what adopt() binds
export interface PgStore extends PgAuthStore, PgFileStore, PgHistoryStore, PgIdempotencyStore, PgTaskStore, PgConnectionStore {}

function adopt(target: object, part: object): void {
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(part))) {
    if (name === 'constructor') continue;
    const method = (part as Record<string, unknown>)[name];
    if (typeof method === 'function') Object.defineProperty(target, name, { value: method.bind(part), enumerable: false, writable: true, configurable: true });
  }
}
