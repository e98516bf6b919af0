// Per-token limits shared by every door: a token bucket (rate per second, burst) built from
// rate-limiter-flexible's BurstyRateLimiter, and a count of requests in flight.
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { OpError } from './errors.ts';

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
  /** Milliseconds this request waited for room (take's waitMs). */
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

/** Builds the limiter stores; `makeStore` lets a database-backed store replace memory. */
export type StoreFactory = (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export class RateLimits {
  private readonly bucket: BurstyRateLimiter;
  private readonly inFlight = new Map<string, number>();

  constructor(
    readonly config: RateLimitConfig,
    makeStore: StoreFactory = (o) => new RateLimiterMemory(o),
  ) {
    // perSec every second, plus a burst allowance of (burst - perSec) that refills at one request
    // per second: up to `burst` at once, about perSec + 1 sustained (docs/limits.md).
    const extra = Math.max(1, config.burst - config.perSec);
    this.bucket = new BurstyRateLimiter(makeStore({ keyPrefix: 'rate', points: config.perSec, duration: 1 }), makeStore({ keyPrefix: 'burst', points: extra, duration: extra }));
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
    for (;;) {
      try {
        const res = await this.bucket.consume(tokenId);
        return { limit: this.config.perSec, remaining: res.remainingPoints, resetSec: Math.ceil(res.msBeforeNext / 1000), waitedMs: Math.round(performance.now() - started) };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) {
          this.release(tokenId);
          throw err;
        }
        const pause = Math.max(10, err.msBeforeNext + 5);
        if (!opts.waitMs || opts.signal?.aborted || performance.now() - started + pause > opts.waitMs) {
          this.release(tokenId);
          throw this.limited(err);
        }
        await sleep(pause, opts.signal);
      }
    }
  }

  private limited(err: RateLimiterRes): OpError {
    const retry = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    return new OpError('rate_limited', `Rate limit of ${this.config.perSec} requests/s (burst ${this.config.burst}) exceeded; retry after ${retry} s.`, { retry_after: retry, limit: this.config.perSec, remaining: 0, reset: retry, reason: 'rate' });
  }

  /** Call once per successful take(), when the request is over. */
  release(tokenId: string): void {
    const n = (this.inFlight.get(tokenId) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(tokenId);
    else this.inFlight.set(tokenId, n);
  }
}
