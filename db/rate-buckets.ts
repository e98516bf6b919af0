// Rate-limit buckets in the store (SHEETS_RATE_STORE=database), shared by every server process on
// one PostgreSQL: the GCRA timestamp of core/rate-limit.ts kept in rate_limits.expire and moved by
// one atomic statement per request.
import { sql } from 'drizzle-orm';
import type { BucketStore } from '../core/rate-limit.ts';
import { rowsOf, type Db } from './db.ts';

export function databaseBuckets(db: Db): BucketStore {
  return {
    async take(key, now, intervalMs, toleranceMs) {
      const at = new Date(now).toISOString();
      const next = new Date(now + intervalMs).toISOString();
      const limit = new Date(now + toleranceMs).toISOString();
      const admitted = rowsOf<{ expire: string | Date }>(
        await db.execute(sql`
          insert into rate_limits (key, points, expire) values (${key}, 0, ${next}::timestamptz)
          on conflict (key) do update
            set expire = greatest(rate_limits.expire, ${at}::timestamptz) + ${intervalMs}::double precision * interval '1 millisecond'
            where greatest(rate_limits.expire, ${at}::timestamptz) <= ${limit}::timestamptz
          returning expire`),
      );
      if (admitted.length) return { ok: true, tat: new Date(admitted[0]!.expire).getTime() };
      const held = rowsOf<{ expire: string | Date }>(await db.execute(sql`select expire from rate_limits where key = ${key}`));
      const tat = held.length ? new Date(held[0]!.expire).getTime() : now;
      return { ok: false, retryMs: Math.max(1, tat - now - toleranceMs) };
    },
  };
}
