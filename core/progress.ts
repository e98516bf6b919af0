// Progress and cancellation for long operations (imports, exports, big batches, waiting for a
// code task). The doors fill ctx.progress and ctx.signal (MCP: progress notifications when the
// client sent a progressToken, notifications/cancelled; REST: a closed request); ops only call
// `const step = progressOf(ctx, total)` and `await step(done, message)` between units of work.
import type { OpContext } from './context.ts';
import { OpError } from './errors.ts';

/** Throws `cancelled` when the caller gave up; a write that throws keeps nothing. */
export function throwIfCancelled(ctx: Pick<OpContext, 'signal'>): void {
  if (ctx.signal?.aborted) throw new OpError('cancelled', 'The call was cancelled; nothing was kept.');
}

/** Lets queued I/O (such as a cancellation message) run; synchronous work would otherwise starve it. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const YIELD_EVERY_MS = 10;

/**
 * A step function for a loop of `total` units: each call checks cancellation, reports progress
 * (the door throttles notifications) and yields to the event loop every few milliseconds so a
 * cancellation can arrive mid-loop.
 */
export function progressOf(ctx: Pick<OpContext, 'signal' | 'progress'>, total?: number): (done: number, message?: string) => Promise<void> {
  let lastYield = performance.now();
  return async (done, message) => {
    throwIfCancelled(ctx);
    ctx.progress?.(done, total, message);
    if (performance.now() - lastYield >= YIELD_EVERY_MS) {
      await yieldToEventLoop();
      lastYield = performance.now();
      throwIfCancelled(ctx);
    }
  };
}
