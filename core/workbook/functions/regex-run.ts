// Runs a regular expression from a formula without letting it hang the server. Formulas are
// hostile input, and a backtracking pattern such as (a+)+$ takes exponential time. Patterns
// V8's linear-time engine accepts (no backreferences, lookarounds or case folding) run here, in
// guaranteed linear time; the others run in a worker thread that this thread waits for at most
// REGEX_TIMEOUT_MS (Atomics.wait on a shared buffer), and a worker that overruns is terminated.
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

v8.setFlagsFromString('--enable-experimental-regexp-engine');

export const REGEX_TIMEOUT_MS = 250;
const START_TIMEOUT_MS = 10_000;
const RESULT_CHARS = 1 << 18;

export interface RegexJob {
  op: 'test' | 'extract' | 'replace';
  text: string;
  pattern: string;
  ignoreCase: boolean;
  /** extract: 0 first match, 1 all matches, 2 the groups of the first match. */
  mode?: number;
  replacement?: string;
  /** replace: 0 every match, n the n-th, -n the n-th from the end. */
  occurrence?: number;
}

/** true / the match(es) / the new text; null for no match; an Error whose message says why. */
export type RegexResult = boolean | string | string[] | null | Error;

/** The job itself: the same code runs here and in the worker (shipped as its source). */
function runJob(job: RegexJob, linear: boolean): RegexResult {
  // 'l': V8's linear-time engine (only for patterns linearOk accepted).
  const flags = `${job.ignoreCase ? 'i' : ''}${linear ? 'l' : ''}`;
  const re = new RegExp(job.pattern, `g${flags}`);
  if (job.op === 'test') return new RegExp(job.pattern, flags).test(job.text);
  const matches = [...job.text.matchAll(re)];
  if (job.op === 'extract') {
    if (!matches.length) return null;
    if (job.mode === 1) return matches.map((m) => m[0]);
    if (job.mode === 2) return matches[0]!.slice(1).map((g) => g ?? '');
    return matches[0]![0];
  }
  const n = job.occurrence ?? 0;
  const pick = n === 0 ? undefined : n > 0 ? matches[n - 1] : matches[matches.length + n];
  if (n !== 0 && !pick) return job.text;
  // $1..$99, $<name>, $& and $$ in the replacement, as in Excel (and JavaScript).
  const expand = (m: RegExpExecArray | RegExpMatchArray) =>
    (job.replacement ?? '').replace(/\$(\$|&|\d{1,2}|<([^>]*)>)/g, (whole, what: string, name: string | undefined) => {
      if (what === '$') return '$';
      if (what === '&') return m[0];
      if (name !== undefined) return m.groups?.[name] ?? '';
      const g = Number(what);
      return g < m.length ? (m[g] ?? '') : whole;
    });
  let out = '';
  let at = 0;
  for (const m of matches) {
    if (pick && m !== pick) continue;
    out += job.text.slice(at, m.index) + expand(m);
    at = m.index! + m[0].length;
  }
  return out + job.text.slice(at);
}

/** V8's flag for its linear-time engine (enabled above); a variable, so linters do not judge it. */
const LINEAR = 'l';

function linearOk(job: RegexJob): boolean {
  if (job.ignoreCase) return false;
  try {
    new RegExp(job.pattern, `g${LINEAR}`);
    return true;
  } catch {
    return false;
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ctrl = new Int32Array(workerData.ctrl);
const data = new Uint16Array(workerData.data);
const runJob = ${runJob.toString()};
parentPort.on('message', (job) => {
  Atomics.store(ctrl, 2, 1);
  Atomics.notify(ctrl, 2);
  let out;
  try { out = { ok: runJob(job, false) }; } catch (e) { out = { error: String(e && e.message || e) }; }
  const text = JSON.stringify(out);
  if (text.length > data.length) { const t = JSON.stringify({ error: 'the result is too long' }); for (let i = 0; i < t.length; i++) data[i] = t.charCodeAt(i); Atomics.store(ctrl, 1, t.length); }
  else { for (let i = 0; i < text.length; i++) data[i] = text.charCodeAt(i); Atomics.store(ctrl, 1, text.length); }
  Atomics.store(ctrl, 0, 1);
  Atomics.notify(ctrl, 0);
});
`;

let worker: { thread: Worker; ctrl: Int32Array; data: Uint16Array } | undefined;

/** Patterns that ran out of time once: a column of the same pattern fails at once, not 250 ms per cell. */
const tooSlow = new Set<string>();
const slowKey = (job: RegexJob) => `${job.ignoreCase ? 'i' : ''}/${job.pattern}`;

function startWorker() {
  // [0] result written, [1] its length, [2] the job was picked up (the time bound starts there).
  const ctrlBuf = new SharedArrayBuffer(12);
  const dataBuf = new SharedArrayBuffer(RESULT_CHARS * 2);
  const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { ctrl: ctrlBuf, data: dataBuf }, resourceLimits: { maxOldGenerationSizeMb: 64 } });
  thread.unref();
  thread.on('error', () => {
    if (worker?.thread === thread) worker = undefined;
  });
  return { thread, ctrl: new Int32Array(ctrlBuf), data: new Uint16Array(dataBuf) };
}

export function runRegex(job: RegexJob): RegexResult {
  try {
    new RegExp(job.pattern, job.ignoreCase ? 'i' : '');
  } catch (err) {
    return new Error(`the pattern is not a valid regular expression: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}`);
  }
  if (linearOk(job)) {
    try {
      return runJob(job, true);
    } catch (err) {
      return new Error((err as Error).message);
    }
  }
  if (tooSlow.has(slowKey(job))) return new Error(`the pattern took longer than ${REGEX_TIMEOUT_MS} ms when it last ran here (it backtracks too much); simplify it`);
  worker ??= startWorker();
  const w = worker;
  Atomics.store(w.ctrl, 0, 0);
  Atomics.store(w.ctrl, 2, 0);
  w.thread.postMessage(job);
  // A worker's start (tens of ms, more on a busy machine) is not the pattern's time.
  if (Atomics.wait(w.ctrl, 2, 0, START_TIMEOUT_MS) === 'timed-out' && Atomics.load(w.ctrl, 2) === 0) {
    void w.thread.terminate();
    worker = undefined;
    return new Error('the regular-expression worker did not start; try again');
  }
  if (Atomics.wait(w.ctrl, 0, 0, REGEX_TIMEOUT_MS) === 'timed-out' && Atomics.load(w.ctrl, 0) === 0) {
    void w.thread.terminate();
    worker = undefined;
    if (tooSlow.size > 1000) tooSlow.clear();
    tooSlow.add(slowKey(job));
    return new Error(`the pattern took longer than ${REGEX_TIMEOUT_MS} ms on this text (it backtracks too much); simplify it`);
  }
  const len = Atomics.load(w.ctrl, 1);
  const out = JSON.parse(new TextDecoder('utf-16le').decode(w.data.slice(0, len))) as { ok?: RegexResult; error?: string };
  return out.error !== undefined ? new Error(out.error) : (out.ok as RegexResult);
}
