// Per-token limits shared by every door: a token bucket (rate per second, burst) and a count of
// requests in flight. The bucket is kept as GCRA, the generic cell rate algorithm: one timestamp
// per token (the theoretical arrival time, TAT) says how full the bucket is, so the check is one
// atomic compare-and-set in memory or in one SQL statement when several processes share it.
// A request is admitted when the bucket holds a token; it refills at `perSec`, up to `burst`, so
// after a drained burst and 3 s idle a token has 30 requests again (DESIGN.md §4).
import { OpError } from './errors.ts';

/** Where bucket state lives: admit one request for `key` at `now`, or say how long until one fits. */
export interface BucketStore {
  take(key: string, now: number, intervalMs: number, toleranceMs: number): Promise<{ ok: true; tat: number } | { ok: false; retryMs: number }>;
}

/** Buckets in this process's memory (one server process, or tests). */
export class MemoryBuckets implements BucketStore {
  private readonly tats = new Map<string, number>();

  async take(key: string, now: number, intervalMs: number, toleranceMs: number) {
    const tat = Math.max(this.tats.get(key) ?? now, now);
    if (tat - now > toleranceMs) return { ok: false as const, retryMs: tat - now - toleranceMs };
    this.tats.set(key, tat + intervalMs);
    // A full bucket needs no entry: forget keys idle long enough to have refilled.
    if (this.tats.size > 10_000) for (const [k, t] of this.tats) if (t < now) this.tats.delete(k);
    return { ok: true as const, tat: tat + intervalMs };
  }
}

export interface RateLimitConfig {
  perSec: number;
  burst: number;
  maxInFlight: number;
}

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the bucket has room again. */
  resetSec: number;
  /**
   * Milliseconds this request waited for room (take's waitMs); 0 when it never paused, or paused
   * less than 50 ms, which a reply would round to "0.0 s".
   */
  waitedMs: number;
}

export interface TakeOptions {
  /** Wait up to this long for room instead of failing at once (MCP calls; REST answers 429). */
  waitMs?: number;
  /** Stops the wait (the call was cancelled). */
  signal?: AbortSignal;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export class RateLimits {
  private readonly inFlight = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly toleranceMs: number;

  constructor(
    readonly config: RateLimitConfig,
    private readonly buckets: BucketStore = new MemoryBuckets(),
    private readonly now: () => number = () => Date.now(),
  ) {
    this.intervalMs = 1000 / config.perSec;
    this.toleranceMs = (Math.max(config.burst, 1) - 1) * this.intervalMs;
  }

  /** Takes one request from the token's budget; past it, waits up to opts.waitMs for room, then throws rate_limited (with retry_after). */
  async take(tokenId: string, opts: TakeOptions = {}): Promise<RateState> {
    const inFlight = this.inFlight.get(tokenId) ?? 0;
    if (inFlight >= this.config.maxInFlight) {
      throw new OpError('rate_limited', `At most ${this.config.maxInFlight} requests in flight per token; retry after 1 s.`, { retry_after: 1, limit: this.config.perSec, remaining: 0, reset: 1, reason: 'concurrency' });
    }
    // Count the slot before awaiting, so concurrent requests cannot all see room.
    this.inFlight.set(tokenId, inFlight + 1);
    const started = performance.now();
    let paused = false;
    for (;;) {
      let res: Awaited<ReturnType<BucketStore['take']>>;
      try {
        const now = this.now();
        res = await this.buckets.take(`rate:${tokenId}`, now, this.intervalMs, this.toleranceMs);
        if (res.ok) {
          // Tokens left: how many more fit before the TAT passes the tolerance; full again at TAT.
          const ahead = res.tat - now;
          const remaining = Math.max(0, Math.floor((this.toleranceMs + this.intervalMs - ahead) / this.intervalMs));
          // The store's own round trip is no wait: only time spent pausing for room counts.
          const waited = paused ? Math.round(performance.now() - started) : 0;
          return { limit: this.config.perSec, remaining, resetSec: Math.ceil(ahead / 1000), waitedMs: waited >= 50 ? waited : 0 };
        }
      } catch (err) {
        this.release(tokenId);
        throw err;
      }
      const pause = Math.max(5, Math.ceil(res.retryMs) + 2);
      if (!opts.waitMs || opts.signal?.aborted || performance.now() - started + pause > opts.waitMs) {
        this.release(tokenId);
        throw this.limited(res.retryMs);
      }
      paused = true;
      await sleep(pause, opts.signal);
    }
  }

  private limited(retryMs: number): OpError {
    const retry = Math.max(1, Math.ceil(retryMs / 1000));
    return new OpError('rate_limited', `Rate limit of ${this.config.perSec} requests/s (burst ${this.config.burst}) exceeded; retry after ${retry} s.`, { retry_after: retry, limit: this.config.perSec, remaining: 0, reset: retry, reason: 'rate' });
  }

  /** Call once per successful take(), when the request is over. */
  release(tokenId: string): void {
    const n = (this.inFlight.get(tokenId) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(tokenId);
    else this.inFlight.set(tokenId, n);
  }
}
