// The Drizzle database every store part works on, the same type on PGlite and PostgreSQL.
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** drizzle's execute() returns rows directly on postgres-js and {rows} on PGlite. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}
