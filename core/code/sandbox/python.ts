// Python code cells: a pool of warm sandboxes (bubblewrap + a Python fork server that has already
// imported pandas), each running one job at a time. The fork server enforces the per-job limits;
// this side keeps a wall-clock backstop and kills the whole sandbox when a job overruns it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { bwrapArgs, dropPrivileges } from './bwrap.ts';
import { checkedResult, failure, timedOut, type Limits, type RunRequest, type RunResult, type Runner } from './types.ts';

const RUNNER_SOURCE = readFileSync(new URL('./runner.py', import.meta.url), 'utf8');
/** Largest single message from a sandbox (a result of many cells); beyond it the sandbox is killed. */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
const START_TIMEOUT_MS = 60_000;
const BACKSTOP_MS = 3000;

type Message = { t: string; [k: string]: unknown };

interface Job {
  req: RunRequest;
  result?: RunResult;
  done(r: RunResult): void;
}

class Sandbox {
  readonly proc: ChildProcess;
  readonly ready: Promise<void>;
  dead = false;
  /** Set when the fork server said it is ready; a sandbox that dies before that failed to start. */
  started = false;
  private buf: Buffer[] = [];
  private bufBytes = 0;
  private stderr = '';
  private job: Job | undefined;
  private onReady!: () => void;
  private onFail!: (e: Error) => void;

  constructor(python: string, private readonly limits: Limits, private readonly onExit: (sb: Sandbox) => void) {
    this.ready = new Promise((resolve, reject) => {
      this.onReady = resolve;
      this.onFail = reject;
    });
    this.ready.catch(() => undefined);
    this.proc = spawn('bwrap', bwrapArgs(python, RUNNER_SOURCE), { stdio: ['pipe', 'pipe', 'pipe'], cwd: '/', detached: true, ...dropPrivileges() });
    const timer = setTimeout(() => this.kill(`did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    this.ready.then(() => clearTimeout(timer), () => clearTimeout(timer));
    this.proc.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    this.proc.stderr!.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 4000) this.stderr += chunk.toString('utf8');
    });
    this.proc.stdin!.on('error', () => undefined);
    this.proc.on('error', (err) => this.exited(`could not start bubblewrap (${(err as NodeJS.ErrnoException).code ?? err.message}); Python cells need the bubblewrap package (bwrap) and python3`));
    this.proc.on('exit', (code, signal) => this.exited(`the sandbox stopped (${signal ?? `exit ${code}`})${this.stderr ? `: ${this.stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`));
  }

  run(req: RunRequest): Promise<RunResult> {
    return new Promise((resolve) => {
      const backstop = setTimeout(() => this.kill('timeout'), this.limits.timeoutMs + BACKSTOP_MS);
      this.job = {
        req,
        done: (r) => {
          clearTimeout(backstop);
          this.job = undefined;
          resolve(r);
        },
      };
      this.send({
        t: 'job',
        code: req.code,
        cell: req.label,
        limits: { timeout_ms: this.limits.timeoutMs, memory_mb: this.limits.memoryMb, output_bytes: this.limits.outputBytes, max_cells: this.limits.maxCells, processes: this.limits.processes, file_bytes: this.limits.fileBytes },
      });
    });
  }

  kill(reason: string): void {
    if (this.dead) return;
    // A process that never started has no pid (and no group) to kill.
    const pid = this.proc.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        this.proc.kill('SIGKILL');
      }
    }
    this.exited(reason);
  }

  private exited(reason: string): void {
    const wasDead = this.dead;
    this.dead = true;
    this.onFail(new Error(reason));
    const job = this.job;
    if (job) job.done(reason === 'timeout' ? timedOut(this.limits) : failure(`The Python sandbox stopped unexpectedly: ${reason}`));
    if (!wasDead) this.onExit(this);
  }

  private send(msg: unknown): void {
    if (!this.dead) this.proc.stdin!.write(`${JSON.stringify(msg)}\n`);
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
      this.buf.push(chunk.subarray(start, i));
      const line = Buffer.concat(this.buf).toString('utf8');
      this.buf = [];
      this.bufBytes = 0;
      start = i + 1;
      this.onMessage(line);
    }
    if (start < chunk.length) {
      this.buf.push(chunk.subarray(start));
      this.bufBytes += chunk.length - start;
      if (this.bufBytes > MAX_MESSAGE_BYTES) this.kill(`a message from the sandbox exceeded ${MAX_MESSAGE_BYTES} bytes`);
    }
  }

  private onMessage(line: string): void {
    let msg: Message;
    try {
      msg = JSON.parse(line) as Message;
    } catch {
      return this.kill('the sandbox sent a malformed message');
    }
    if (msg.t === 'ready') {
      this.started = true;
      return this.onReady();
    }
    const job = this.job;
    if (!job) return;
    if (msg.t === 'read') return void this.answerRead(job, String(msg.ref), Boolean(msg.single));
    if (msg.t === 'result') {
      job.result = msg.ok
        ? checkedResult(msg.value, String(msg.output ?? ''), this.limits.maxCells)
        : failure(String(msg.error), String(msg.output ?? ''), msg.traceback ? String(msg.traceback) : undefined);
      return;
    }
    if (msg.t === 'exit') job.done(job.result ?? exitFailure(msg, this.limits));
  }

  private async answerRead(job: Job, ref: string, single: boolean): Promise<void> {
    let reply: unknown;
    try {
      reply = { t: 'data', values: await job.req.read(ref, single) };
    } catch (err) {
      reply = { t: 'data', error: (err as Error).message };
    }
    if (this.job === job) this.send(reply);
  }
}

function exitFailure(msg: Message, limits: Limits): RunResult {
  if (msg.timeout) return timedOut(limits);
  if (msg.signal === 24) return failure(`CPU time limit exceeded: the code used more than ${Math.ceil(limits.timeoutMs / 1000) + 1} s of CPU and was stopped.`);
  if (msg.signal === 9) return failure(`The code was killed (signal 9), most likely for using more than ${limits.memoryMb} MB of memory.`);
  if (msg.signal) return failure(`The code was killed by signal ${String(msg.signal)}.`);
  return failure(`The code ended without a result (exit code ${String(msg.code)}).`);
}

/** Waits before trying to start a sandbox again after one failed to start: 0.5 s, doubling to 30 s. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export class PythonPool implements Runner {
  private readonly idle: Sandbox[] = [];
  private readonly all = new Set<Sandbox>();
  private readonly waiting: ((sb: Sandbox | Error) => void)[] = [];
  private closed = false;
  /** Start failures in a row, the last one's reason, and when a start may be tried again. */
  private failures = 0;
  private lastFailure: Error | undefined;
  private retryAt = 0;

  constructor(
    private readonly python: string,
    private readonly size: number,
    private readonly limits: Limits,
  ) {}

  async run(req: RunRequest): Promise<RunResult> {
    const sb = await this.acquire().catch((err: Error) => err);
    if (sb instanceof Error) return failure(`The Python sandbox could not start: ${sb.message}`);
    try {
      return await sb.run(req);
    } finally {
      this.release(sb);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const sb of this.all) sb.kill('the server is stopping');
    for (const w of this.waiting.splice(0)) w(new Error('the server is stopping'));
  }

  private spawn(): void {
    let sb: Sandbox;
    try {
      sb = new Sandbox(this.python, this.limits, (dead) => this.onExit(dead));
    } catch (err) {
      return this.startFailed(err as Error);
    }
    this.all.add(sb);
    sb.ready.then(
      () => {
        this.failures = 0;
        this.release(sb);
      },
      (err: Error) => this.startFailed(err),
    );
  }

  /** A sandbox that never started fails every job waiting for one, and starts are paused a while. */
  private startFailed(err: Error): void {
    this.failures += 1;
    this.lastFailure = err;
    this.retryAt = Date.now() + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (this.failures - 1));
    for (const w of this.waiting.splice(0)) w(err);
  }

  private canStart(): boolean {
    return !this.closed && this.all.size < this.size && Date.now() >= this.retryAt;
  }

  private onExit(sb: Sandbox): void {
    this.all.delete(sb);
    const i = this.idle.indexOf(sb);
    if (i >= 0) this.idle.splice(i, 1);
    // Only a sandbox that had started is replaced at once; a failed start waits for the backoff.
    if (sb.started && this.waiting.length && this.canStart()) this.spawn();
  }

  private acquire(): Promise<Sandbox> {
    if (this.closed) return Promise.reject(new Error('the server is stopping'));
    const sb = this.idle.pop();
    if (sb) return Promise.resolve(sb);
    if (!this.all.size && this.lastFailure && Date.now() < this.retryAt) {
      const wait = Math.ceil((this.retryAt - Date.now()) / 1000);
      return Promise.reject(new Error(`${this.lastFailure.message} (the next attempt is in ${wait} s)`));
    }
    const p = new Promise<Sandbox>((resolve, reject) => this.waiting.push((x) => (x instanceof Error ? reject(x) : resolve(x))));
    if (this.canStart()) this.spawn();
    return p;
  }

  private release(sb: Sandbox): void {
    if (sb.dead) {
      if (this.waiting.length && this.canStart()) this.spawn();
      return;
    }
    const w = this.waiting.shift();
    if (w) w(sb);
    else this.idle.push(sb);
  }
}
