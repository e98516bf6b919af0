// What the in-memory caches of tokens and file records (store-auth, store-files) rely on: whether
// they may be used now, transactions that announce what they changed, and what other processes
// changed. The embedded store is one process, so its caches are always usable and nothing is sent.
import type { Db, Tx } from './db.ts';

/** `t:<token hash>`, `t*` (every token), `f:<file uuid>`, `*` (everything cached). */
export type CacheKey = `t:${string}` | 't*' | `f:${string}` | '*';

export interface CacheSync {
  /** Whether cached entries may be read and filled right now. */
  readonly usable: boolean;
  /**
   * Runs fn in one transaction; the keys it passes to `announce` reach every other process exactly
   * when the transaction commits. Resolves once it has committed; `settled` once every process that
   * may use its caches has dropped those keys (what a caller waits for before answering).
   */
  transaction<T>(db: Db, fn: (tx: Tx, announce: (keys: CacheKey[]) => void) => Promise<T>): Promise<{ result: T; settled: Promise<void> }>;
  /** fn is called with every key another process changed, and with `*` when everything must go. */
  onDrop(fn: (key: CacheKey) => void): void;
  close(): Promise<void>;
}

/** One process alone (PGlite): every change passes through this process's own store. */
export function localCaches(): CacheSync {
  return plain(true);
}

/** No way to learn what other processes change: nothing is cached. */
export function noCaches(): CacheSync {
  return plain(false);
}

function plain(usable: boolean): CacheSync {
  return {
    usable,
    transaction: async (db, fn) => ({ result: await db.transaction((tx) => fn(tx, () => undefined)), settled: Promise.resolve() }),
    onDrop: () => undefined,
    close: async () => undefined,
  };
}
