// JavaScript code cells in isolated-vm: a fresh context per run, in an isolate with a heap limit
// and a wall-clock timeout. The code sees only cell(), cells() and console.log — no require,
// process, timers or network. The completion value of the script (its last expression) is the
// result. An isolate serves only runs of one scope (one file, one token: code that can already
// read and overwrite the same cells); any other run gets a new isolate. Why, and what a context
// keeps apart: docs/code-cells.md.
import type ivm from 'isolated-vm';
import { loadIvm } from '../../libs.ts';
import { checkedResult, failure, timeoutMessage, type Limits, type RunRequest, type RunResult, type Runner } from './types.ts';

/** Runs an isolate serves before it is disposed, however clean: bounds what could creep between runs. */
const MAX_RUNS = 100;
/** Isolates waiting for another run of their scope, over all scopes; the oldest goes first. */
const MAX_IDLE = 8;
/** How long an isolate waits for another run of its scope before it is disposed. */
const IDLE_MS = 30_000;
/**
 * How long past the time limit a run may go before its isolate is disposed under it: the limit is
 * enforced inside the script, but what a reused isolate runs between scripts (a finalization
 * callback of an earlier run) is not.
 */
const STALL_GRACE_MS = 1_000;
/** A run that leaves more of the heap in use than this share of the limit ends its isolate. */
const REUSE_HEAP_SHARE = 0.25;

/**
 * Runs inside each new context, as a closure given the host's hooks ($0 reads cells, $1 prints):
 * defines the cell API and returns the function a run calls: it evaluates the code (an indirect
 * eval: a script in the global scope, whose completion value is the result) and encodes the value.
 */
const SETUP = (encode: string) => `'use strict';
const $read = $0, $log = $1;
const decode = (v) => (v !== null && typeof v === 'object' && typeof v.d === 'string' ? new Date(v.d.length === 10 ? v.d + 'T00:00:00Z' : v.d + 'Z') : v);
const read = (ref, single) => {
  if (typeof ref !== 'string') throw new TypeError('cell references are A1 strings like "A1" or "Sheet2!B2:C9"');
  const reply = JSON.parse($read.applySyncPromise(undefined, [ref, single]));
  if (reply.error) throw new Error(reply.error);
  return reply.values.map((row) => row.map(decode));
};
globalThis.cell = (ref) => { const rows = read(ref, true); return rows.length && rows[0].length ? rows[0][0] : null; };
globalThis.cells = (ref) => read(ref, false);
const show = (v) => (typeof v === 'string' ? v : (() => { try { return JSON.stringify(v) ?? String(v); } catch { return String(v); } })());
const log = (...args) => $log.applySync(undefined, [args.map(show).join(' ')]);
globalThis.console = { log, info: log, warn: log, error: log, debug: log };
globalThis.print = log;
// isolated-vm aborts the whole process when V8 schedules a waitAsync timeout (a non-nestable
// delayed task it does not implement), and code cells have no other thread to wait for.
Object.defineProperty(Atomics, 'waitAsync', { value: () => { throw new TypeError('Atomics.waitAsync is not available in code cells'); }, writable: false, configurable: false });
const encode = ${encode};
const evaluate = eval;
return (source, maxCells) => encode(evaluate(source), maxCells);`;

const ENCODE = `(function $encode(value, maxCells) {
  const enc = (v) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'boolean' || typeof v === 'string') return v;
    if (typeof v === 'bigint') return Number(v);
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { d: v.toISOString().slice(0, 19).replace(/T00:00:00$/, '') };
    try { return JSON.stringify(v); } catch { return String(v); }
  };
  const grid = (rows) => {
    const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
    if (rows.length * Math.max(width, 1) > maxCells) throw new RangeError('Result too large: the result has ' + rows.length + ' rows x ' + width + ' columns; at most ' + maxCells + ' cells can spill');
    return { kind: 'grid', rows: rows.map((r) => { const out = r.map(enc); while (out.length < width) out.push(null); return out; }) };
  };
  if (value === undefined || value === null) return JSON.stringify({ kind: 'none' });
  if (Array.isArray(value)) {
    if (value.length && value.every((r) => Array.isArray(r))) return JSON.stringify(grid(value));
    if (value.length && value.every((r) => r !== null && typeof r === 'object' && !(r instanceof Date))) {
      const keys = [...new Set(value.flatMap((r) => Object.keys(r)))];
      return JSON.stringify(grid([keys, ...value.map((r) => keys.map((k) => r[k]))]));
    }
    return JSON.stringify(grid(value.map((v) => [v])));
  }
  if (value instanceof Map) return JSON.stringify(grid([...value.entries()]));
  if (typeof value === 'object' && !(value instanceof Date) && Object.getPrototypeOf(value) === Object.prototype) return JSON.stringify(grid(Object.entries(value)));
  if (typeof value === 'function') throw new TypeError('the last expression is a function; a code cell needs a value');
  if (typeof value === 'object' && typeof value.then === 'function') throw new TypeError('the last expression is a Promise; top-level await is not supported, return a value');
  return JSON.stringify({ kind: 'scalar', v: enc(value) });
})`;

const SETUP_SOURCE = SETUP(ENCODE);

/** A context with the cell API loaded, waiting for one job; the job's hooks are set when it runs. */
interface Warm {
  isolate: ivm.Isolate;
  context: ivm.Context;
  /** (source, maxCells) => the JSON of the value the source evaluates to. */
  main: ivm.Reference;
  job: { read(ref: string, single: boolean): Promise<string>; log(line: string): void } | undefined;
  /** Runs this isolate has served before this context. */
  runs: number;
}

/** An isolate that served its scope before, being given (or holding) a fresh context for the next run. */
interface Idle {
  scope: string;
  /** The fresh context, or undefined when the isolate was disposed instead. */
  ready: Promise<Warm | undefined>;
  /** Disposes the isolate when no run of its scope comes (set once it is ready). */
  timer?: NodeJS.Timeout;
}

export class JsRunner implements Runner {
  /** One fresh isolate made ahead of time, so a run does not wait for an isolate and its context. */
  private spare: Promise<Warm> | undefined;
  /** Oldest first. */
  private readonly idle: Idle[] = [];
  private closed = false;
  /** isolated-vm, once the first isolate is made. */
  private lib: typeof ivm | undefined;
  /** Isolates made so far: what reuse saves shows here (tests). */
  isolatesMade = 0;
  /** Reads from code whose run had ended (a leftover callback), refused (tests). */
  refusedReads = 0;

  constructor(private readonly limits: Limits) {}

  async run(req: RunRequest): Promise<RunResult> {
    // Take a context before awaiting it, so concurrent runs never share one isolate. The next
    // context is made, and a used isolate disposed, after the run has answered: both cost
    // main-thread time that would otherwise sit on the path to the result.
    let warm = req.scope === undefined ? undefined : await this.takeIdle(req.scope);
    if (!warm) {
      const fresh = this.spare ?? this.prepare();
      this.spare = undefined;
      warm = await fresh;
    }
    const { isolate } = warm;
    let output = '';
    let over = false;
    let clean = false;
    let stalled = false;
    const watchdog = setTimeout(() => {
      stalled = true;
      dispose(isolate);
    }, this.limits.timeoutMs + STALL_GRACE_MS);
    warm.job = {
      read: async (ref, single) => {
        try {
          return JSON.stringify({ values: await req.read(String(ref), Boolean(single)) });
        } catch (err) {
          return JSON.stringify({ error: (err as Error).message });
        }
      },
      log: (line) => {
        const text = `${String(line)}\n`;
        if (Buffer.byteLength(output) + Buffer.byteLength(text) > this.limits.outputBytes) {
          over = true;
          throw new Error(`OutputLimit: the code printed more than the output limit of ${this.limits.outputBytes} bytes`);
        }
        output += text;
      },
    };
    try {
      // One call into the isolate: evaluate the code as a script named after its cell, encode its value.
      const source = `${req.code}\n//# sourceURL=${scriptName(req.label)}`;
      const json = (await warm.main.apply(undefined, [source, this.limits.maxCells], { timeout: this.limits.timeoutMs, arguments: { copy: true }, result: { copy: true } })) as string;
      clean = true;
      if (over) return failure(`OutputLimit: the code printed more than the output limit of ${this.limits.outputBytes} bytes`, output);
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        return failure('ResultError: the sandbox sent a result that is not JSON; the code changed what encodes it (JSON.stringify)', output);
      }
      return checkedResult(value, output, this.limits.maxCells);
    } catch (err) {
      const shown = await located(err, isolate, req);
      // The watchdog's disposal, however the run's call or the recompile learnt of it.
      if (stalled) return failure(timeoutMessage(this.limits), output);
      const { kind, message } = describe(shown, isolate, this.limits);
      // A thrown error leaves the isolate as sound as a result does; a timeout or the heap limit does not.
      clean = kind === 'error';
      return failure(named(message), output, stackOf(shown));
    } finally {
      clearTimeout(watchdog);
      warm.job = undefined;
      setImmediate(() => {
        if (clean && req.scope !== undefined) this.keep(warm, req.scope);
        else dispose(warm.isolate);
        this.refill();
      });
    }
  }

  /** An isolate of the scope, the one used last first; a run that just ended may still be giving it its context. */
  private takeIdle(scope: string): Promise<Warm | undefined> | undefined {
    const i = this.idle.findLastIndex((e) => e.scope === scope);
    if (i < 0) return undefined;
    const e = this.idle.splice(i, 1)[0]!;
    clearTimeout(e.timer);
    return e.ready;
  }

  /** Keeps a used isolate for the next run of its scope, which may take it before its new context is ready. */
  private keep(used: Warm, scope: string): void {
    const entry: Idle = { scope, ready: this.reuse(used) };
    this.idle.push(entry);
    void entry.ready.then((next) => {
      if (!this.idle.includes(entry)) return;
      if (!next) return void this.idle.splice(this.idle.indexOf(entry), 1);
      entry.timer = setTimeout(() => {
        const i = this.idle.indexOf(entry);
        if (i >= 0) this.idle.splice(i, 1);
        dispose(next.isolate);
      }, IDLE_MS);
      entry.timer.unref();
    });
    while (this.idle.length > MAX_IDLE) drop(this.idle.shift()!);
  }

  /** Resolves when every used isolate has its fresh context, or was disposed (tests). */
  async settled(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(this.idle.map((e) => e.ready));
  }

  /**
   * A fresh context in a used isolate, or undefined when it was disposed instead. Only asynchronous
   * calls here: a used isolate may be busy with what its last run left behind (a finalization
   * callback that never returns), and a synchronous call would wait for it on the request thread.
   */
  private async reuse(used: Warm): Promise<Warm | undefined> {
    const { isolate } = used;
    if (this.closed || isolate.isDisposed || used.runs + 1 >= MAX_RUNS) return void dispose(isolate);
    used.context.release();
    // Busy with a leftover that never returns, the isolate would never answer: it is given up.
    const stuck = setTimeout(() => dispose(isolate), this.limits.timeoutMs);
    try {
      const heap = await isolate.getHeapStatistics();
      if (heap.used_heap_size > REUSE_HEAP_SHARE * this.limits.jsMemoryMb * 1024 * 1024) return void dispose(isolate);
      const next = await this.load(isolate, used.runs + 1, 'async');
      if (!this.closed && !isolate.isDisposed) return next;
    } catch {
      // disposed below
    } finally {
      clearTimeout(stuck);
    }
    dispose(isolate);
    return undefined;
  }

  private refuse(): string {
    this.refusedReads++;
    return JSON.stringify({ error: 'this run has ended' });
  }

  private refill(): void {
    if (this.spare || this.closed) return;
    this.spare = this.prepare();
    this.spare.catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const e of this.idle.splice(0)) drop(e);
    const spare = await this.spare?.catch(() => undefined);
    this.spare = undefined;
    if (spare) dispose(spare.isolate);
  }

  /** A fresh isolate with the cell API loaded. */
  private async prepare(): Promise<Warm> {
    this.lib ??= await loadIvm();
    this.isolatesMade++;
    return this.load(new this.lib.Isolate({ memoryLimit: this.limits.jsMemoryMb }), 0, 'sync');
  }

  /**
   * A new context in `isolate` with the cell API loaded: two calls into the isolate. A fresh
   * isolate is loaded with isolated-vm's synchronous calls: nothing else runs in it, and each
   * asynchronous call costs a hand-over to the isolate's thread and back (about 1 ms of CPU per
   * cell less on the 200-cell drain, docs/code-cells.md).
   */
  private load(isolate: ivm.Isolate, runs: number, mode: 'sync'): Warm;
  private load(isolate: ivm.Isolate, runs: number, mode: 'async'): Promise<Warm>;
  private load(isolate: ivm.Isolate, runs: number, mode: 'sync' | 'async'): Warm | Promise<Warm> {
    const lib = this.lib!;
    const warm = { isolate, job: undefined, runs } as Warm;
    // Each context's hooks reach only its own job: what a finished run left behind in the isolate
    // (a pending promise, a finalization callback) reads nothing.
    const hooks = [
      new lib.Reference(async (ref: string, single: boolean) => (warm.job ? warm.job.read(ref, single) : this.refuse())),
      new lib.Reference((line: string) => warm.job?.log(line)),
    ];
    const opts = { result: { reference: true } } as const;
    if (mode === 'sync') {
      warm.context = isolate.createContextSync();
      warm.main = warm.context.evalClosureSync(SETUP_SOURCE, hooks, opts);
      return warm;
    }
    return (async () => {
      warm.context = await isolate.createContext();
      warm.main = await warm.context.evalClosure(SETUP_SOURCE, hooks, opts);
      return warm;
    })();
  }
}

function dispose(isolate: ivm.Isolate): void {
  if (!isolate.isDisposed) isolate.dispose();
}

function drop(e: Idle): void {
  clearTimeout(e.timer);
  void e.ready.then((w) => w && dispose(w.isolate));
}

function describe(err: unknown, isolate: ivm.Isolate, limits: Limits): { kind: 'memory' | 'timeout' | 'error'; message: string } {
  const e = err as Error;
  const msg = e?.message ?? String(err);
  if (/memory limit/i.test(msg) || (isolate.isDisposed && !/timed out/i.test(msg))) return { kind: 'memory', message: `MemoryError: the code used more memory than the limit of ${limits.jsMemoryMb} MB` };
  if (/timed out/i.test(msg)) return { kind: 'timeout', message: timeoutMessage(limits) };
  const line = /cell@[^\s:()]+:(\d+)/.exec(e?.stack ?? '')?.[1];
  const named = /^\w+(Error|Limit): /.test(msg) || !e?.name || msg.startsWith(e.name);
  return { kind: 'error', message: `${named ? '' : `${e.name}: `}${msg}${line ? ` (line ${line})` : ''}` };
}

/**
 * A SyntaxError from the evaluation names no place in the code: when compiling the code as a
 * script fails, its error (which names line and column) is the one to show.
 */
async function located(err: unknown, isolate: ivm.Isolate, req: RunRequest): Promise<unknown> {
  if ((err as Error)?.name !== 'SyntaxError' || isolate.isDisposed) return err;
  try {
    (await isolate.compileScript(req.code, { filename: scriptName(req.label) })).release();
    return err;
  } catch (compileErr) {
    return compileErr;
  }
}

/** The part of the stack inside the user's code. */
function stackOf(err: unknown): string | undefined {
  const stack = (err as Error)?.stack;
  if (!stack) return undefined;
  const lines = stack.split('\n').filter((l) => !/isolated-vm|node:internal|\/core\/code\/|at eval \(<anonymous>\)|\$encode/.test(l));
  return named(lines.join('\n'));
}

/** The code's script is named `cell@<label, URI-encoded>`: a sourceURL ends at a space. */
function scriptName(label: string): string {
  return `cell@${encodeURIComponent(label)}`;
}

/** Shows the script's name as `cell <label>`, and its frames as `at cell <label>:line:column`. */
function named(text: string): string {
  return text.replace(/at eval \((cell@[^\s()]+)\)/g, 'at $1').replace(/cell@([^\s:()]+)/g, (_, label: string) => `cell ${decodeURIComponent(label)}`);
}
