// JavaScript code cells in isolated-vm: a fresh isolate per run with a heap limit and a wall-clock
// timeout. The code sees only cell(), cells() and console.log — no require, process, timers or
// network. The completion value of the script (its last expression) is the result.
import type ivm from 'isolated-vm';
import { loadIvm } from '../../libs.ts';
import { failure, type Limits, type RunRequest, type RunResult, type Runner } from './types.ts';

/** Runs inside the isolate: the cell API over host references, and the result encoder. */
const PRELUDE = `(() => {
'use strict';
const $read = globalThis.$read, $log = globalThis.$log;
delete globalThis.$read;
delete globalThis.$log;
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
})();`;

const ENCODE = `(function encode(value, maxCells) {
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

/** An isolate with the prelude loaded, waiting for one job; the job's hooks are set when it runs. */
interface Warm {
  isolate: ivm.Isolate;
  context: ivm.Context;
  encode: ivm.Reference;
  job: { read(ref: string, single: boolean): Promise<string>; log(line: string): void } | undefined;
}

export class JsRunner implements Runner {
  /** One isolate made ahead of time, so a run does not wait for an isolate and its context. */
  private spare: Promise<Warm> | undefined;
  private closed = false;

  constructor(private readonly limits: Limits) {}

  async run(req: RunRequest): Promise<RunResult> {
    // Take the spare before awaiting it, so concurrent runs never share one isolate. The next
    // spare is made, and this isolate disposed, after the run has answered: both cost a few ms
    // of main-thread time that would otherwise sit on the path to the result.
    const mine = this.spare ?? this.prepare();
    this.spare = undefined;
    const warm = await mine;
    const { isolate, context } = warm;
    let output = '';
    let over = false;
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
      const deadline = Date.now() + this.limits.timeoutMs;
      const script = await isolate.compileScript(req.code, { filename: `cell ${req.label}` });
      const value = await script.run(context, { timeout: this.limits.timeoutMs, reference: true });
      const json = (await warm.encode.apply(undefined, [value.derefInto(), this.limits.maxCells], { timeout: Math.max(100, deadline - Date.now()), result: { copy: true } })) as string;
      if (over) return failure(`OutputLimit: the code printed more than the output limit of ${this.limits.outputBytes} bytes`, output);
      return { ok: true, value: JSON.parse(json), output };
    } catch (err) {
      return failure(describe(err, isolate, this.limits), output, stackOf(err));
    } finally {
      warm.job = undefined;
      setImmediate(() => {
        if (!isolate.isDisposed) isolate.dispose();
        this.refill();
      });
    }
  }

  private refill(): void {
    if (this.spare || this.closed) return;
    this.spare = this.prepare();
    this.spare.catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const spare = await this.spare?.catch(() => undefined);
    this.spare = undefined;
    if (spare && !spare.isolate.isDisposed) spare.isolate.dispose();
  }

  /**
   * A fresh isolate with the prelude loaded. Done with isolated-vm's synchronous calls: the code is
   * ours, small and the isolate new, so nothing waits for it, while each asynchronous call costs a
   * hand-over to the isolate's thread and back (about 1 ms of CPU per cell less on the 200-cell
   * drain, docs/code-cells.md).
   */
  private async prepare(): Promise<Warm> {
    const ivm = await loadIvm();
    const isolate = new ivm.Isolate({ memoryLimit: this.limits.jsMemoryMb });
    const context = isolate.createContextSync();
    const warm: Warm = { isolate, context, encode: context.evalSync(ENCODE, { reference: true }), job: undefined };
    const jail = context.global;
    jail.setSync('globalThis', jail.derefInto());
    jail.setSync('$read', new ivm.Reference(async (ref: string, single: boolean) => (warm.job ? warm.job.read(ref, single) : JSON.stringify({ error: 'no job' }))));
    jail.setSync('$log', new ivm.Reference((line: string) => warm.job?.log(line)));
    context.evalSync(PRELUDE);
    return warm;
  }
}

function describe(err: unknown, isolate: ivm.Isolate, limits: Limits): string {
  const e = err as Error;
  const msg = e?.message ?? String(err);
  if (/memory limit/i.test(msg) || (isolate.isDisposed && !/timed out/i.test(msg))) return `MemoryError: the code used more memory than the limit of ${limits.jsMemoryMb} MB`;
  if (/timed out/i.test(msg)) return `Timed out: the code ran longer than ${limits.timeoutMs / 1000} s (the limit for code cells) and was stopped.`;
  const line = /<isolated-vm>|cell [^:]+:(\d+)/.exec(e?.stack ?? '')?.[1];
  const named = /^\w+(Error|Limit): /.test(msg) || !e?.name || msg.startsWith(e.name);
  return `${named ? '' : `${e.name}: `}${msg}${line ? ` (line ${line})` : ''}`;
}

/** The part of the stack inside the user's code. */
function stackOf(err: unknown): string | undefined {
  const stack = (err as Error)?.stack;
  if (!stack) return undefined;
  const lines = stack.split('\n').filter((l) => !/isolated-vm|node:internal|\/core\/code\//.test(l));
  return lines.join('\n');
}
