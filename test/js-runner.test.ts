// The JavaScript runner alone: concurrent runs each get their own isolate, a run's globals never
// leak into the next one, and an isolate serves a second run only of its own scope (file and
// token), in a fresh context, after a clean first run.
import { setFlagsFromString } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { JsRunner } from '../core/code/sandbox/js.ts';
import { limitsOf } from '../core/code/runners.ts';
import { loadConfig } from '../core/config.ts';
import type { RunRequest } from '../core/code/sandbox/types.ts';

const limits = limitsOf(loadConfig({}).code);
const runner = new JsRunner(limits);
afterAll(() => runner.close());
const read = async () => [[1]];
const js = (code: string, more: Partial<RunRequest> = {}): RunRequest => ({ language: 'javascript', code, label: 'A1', read, ...more });
/** A runner of its own for one test, closed after it; `more` changes its limits. */
async function withRunner(test: (r: JsRunner) => Promise<void>, more: Partial<typeof limits> = {}): Promise<void> {
  const r = new JsRunner({ ...limits, ...more });
  try {
    await test(r);
  } finally {
    await r.close();
  }
}
const valueOf = (r: Awaited<ReturnType<JsRunner['run']>>) => (r.ok && r.value.kind === 'scalar' ? r.value.v : r);
// Lets a run collect garbage when it wants to (`gc()`), so finalization callbacks come when a test needs them.
setFlagsFromString('--expose-gc');

describe('JsRunner', () => {
  it('runs many at once, each in its own isolate', async () => {
    const out = await Promise.all(Array.from({ length: 12 }, (_, i) => runner.run(js(`globalThis.mine = ${i}; let s = 0; for (let k = 0; k < 1e5; k++) s += k; mine`, { scope: 'same' }))));
    expect(out.map(valueOf)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('starts every run with fresh globals', async () => {
    await runner.run(js('globalThis.leak = "secret"; 1'));
    expect(await runner.run(js('typeof leak'))).toMatchObject({ ok: true, value: { kind: 'scalar', v: 'undefined' } });
  });

  it('reuses an isolate within one scope, with fresh globals and built-ins every run', async () => {
    await withRunner(async (r) => {
      const scope = 'file-1 token-1';
      for (let i = 0; i < 5; i++) {
        const out = await r.run(js(`const before = [typeof leak, typeof Object.prototype.tainted, [1, 2].map((x) => x * 2).join()].join(); globalThis.leak = ${i}; Object.prototype.tainted = 1; Array.prototype.map = () => 'x'; before`, { scope }));
        expect(valueOf(out)).toBe('undefined,undefined,2,4');
        await r.settled();
      }
      // One isolate for the five runs, and the spare made after the first one.
      expect(r.isolatesMade).toBe(2);
    });
  });

  it('never lends an isolate to another scope, or to a run without one', async () => {
    await withRunner(async (r) => {
      await r.run(js('1', { scope: 'file-1 token-1' }));
      await r.settled();
      const made = r.isolatesMade;
      await r.run(js('1', { scope: 'file-1 token-2' }));
      await r.settled();
      await r.run(js('1'));
      await r.settled();
      // Each took a fresh spare, which was then replaced.
      expect(r.isolatesMade).toBe(made + 2);
    });
  });

  it('disposes an isolate after a timeout instead of reusing it, and the next run of the scope is sound', async () => {
    await withRunner(async (r) => {
      const scope = 'file-1 token-1';
      expect(await r.run(js('while (true) {}', { scope }))).toMatchObject({ ok: false, error: expect.stringMatching(/^Timed out/) });
      await r.settled();
      const made = r.isolatesMade;
      expect(valueOf(await r.run(js('6 * 7', { scope })))).toBe(42);
      await r.settled();
      expect(r.isolatesMade).toBe(made + 1);
    }, { timeoutMs: 200 });
  });

  it('keeps an isolate after a thrown error, and drops one whose heap a run left full', async () => {
    await withRunner(async (r) => {
      const scope = 'file-1 token-1';
      expect(await r.run(js('throw new RangeError("no")', { scope }))).toMatchObject({ ok: false, error: expect.stringContaining('no') });
      await r.settled();
      let made = r.isolatesMade;
      expect(valueOf(await r.run(js('1', { scope })))).toBe(1);
      await r.settled();
      expect(r.isolatesMade).toBe(made);
      // Still reachable when the run ends: a third of the heap limit in one string array.
      const big = Math.ceil((limits.jsMemoryMb * 1024 * 1024) / 3 / 16);
      expect(valueOf(await r.run(js(`globalThis.keep = Array.from({ length: ${big} }, (_, i) => 'v' + i); keep.length`, { scope })))).toBe(big);
      await r.settled();
      made = r.isolatesMade;
      expect(valueOf(await r.run(js('2', { scope })))).toBe(2);
      await r.settled();
      expect(r.isolatesMade).toBe(made + 1);
    });
  });

  it('gives what a finished run left behind no way to read cells through a later run', async () => {
    await withRunner(async (r) => {
      const scope = 'file-1 token-1';
      const reads: string[] = [];
      const spy = (who: string) => async (ref: string) => (reads.push(`${who} ${ref}`), [[1]]);
      // Finalization callbacks run after their run has ended, in the isolate the next run uses.
      const left = await r.run(js(`globalThis.reg = new FinalizationRegistry(() => { try { cell('Z9'); } catch {} }); for (let i = 0; i < 2e4; i++) reg.register({ pad: new Array(50) }, i); 1`, { scope, read: spy('first') }));
      expect(valueOf(left)).toBe(1);
      await r.settled();
      const later = await r.run(js('gc(); cell("A1")', { scope, read: spy('second') }));
      await r.settled();
      expect(valueOf(later)).toBe(1);
      expect(reads).toEqual(['second A1']);
      // The callbacks did run, and their reads were refused.
      await expect.poll(() => r.refusedReads).toBeGreaterThan(0);
    });
  });

  it('never waits on an isolate that what an earlier run left behind keeps busy', async () => {
    await withRunner(async (r) => {
      const scope = 'file-1 token-1';
      // Finalization callbacks that never return, due once the garbage is collected.
      await r.run(js(`globalThis.reg = new FinalizationRegistry(() => { try { cell('Z9'); } catch {} while (true) {} }); for (let i = 0; i < 2e4; i++) reg.register({ pad: new Array(50) }, i); 1`, { scope }));
      for (let i = 0; i < 4; i++) {
        await r.settled();
        // The request thread stays free: a timer set now fires on time.
        const t0 = performance.now();
        const late = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - t0), 10));
        const out = await r.run(js(`gc(); ${i}`, { scope }));
        expect(await late).toBeLessThan(400);
        expect(performance.now() - t0).toBeLessThan(500 + 1_000 + 500);
        // Either the run was answered, or the stalled isolate was given up as a timeout.
        if (!out.ok) expect(out.error).toMatch(/^Timed out/);
        else expect(valueOf(out)).toBe(i);
      }
      expect(valueOf(await r.run(js('"sound"', { scope })))).toBe('sound');
    }, { timeoutMs: 500 });
  });
});
