// Which code-cell languages can run on this machine, and if one cannot, the sentence that says why
// and what to install. Probed once, after the server answers (a trial sandbox takes ~100 ms); the
// start-up output, /readyz and get_context report it, and a cell in an unavailable language fails
// at once with that sentence instead of waiting for a sandbox that can never start.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import type { CodeConfig } from '../config.ts';
import type { Language } from './model.ts';
import { bwrapArgs, dropPrivileges } from './sandbox/bwrap.ts';

export interface Capability {
  available: boolean;
  /** A whole sentence for people: what works, or what is missing and how to get it. */
  detail: string;
}

export interface CapabilityReport {
  python: Capability;
  javascript: Capability;
  connection: Capability;
  /** Python cells run without pandas; cells() then returns lists of rows instead of DataFrames. */
  pandas: Capability;
}

const LABEL: Record<Language | 'pandas', string> = { python: 'Python cells', javascript: 'JavaScript cells', connection: 'SQL cells', pandas: 'pandas in Python cells' };
const TRIAL_TIMEOUT_MS = 15_000;
const TRIAL_CODE = "import importlib.util, sys; sys.stdout.write('pandas' if importlib.util.find_spec('pandas') else 'plain')";

export class CodeCapabilities {
  private probing: Promise<CapabilityReport> | undefined;

  constructor(
    private readonly code: Pick<CodeConfig, 'python'>,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  private settled: CapabilityReport | undefined;

  /** Probes once; later calls share the answer. */
  report(): Promise<CapabilityReport> {
    this.probing ??= this.probe().then((r) => (this.settled = r));
    return this.probing;
  }

  /** The answer if the probe has finished, without waiting for it. */
  peek(): CapabilityReport | undefined {
    return this.settled;
  }

  /** Null when `language` can run here, else the sentence to fail its cells with. */
  async unavailable(language: Language): Promise<string | null> {
    const c = (await this.report())[language];
    return c.available ? null : sentence(language, c);
  }

  /** One line per language for the start-up output. */
  async lines(): Promise<string[]> {
    const r = await this.report();
    return (['python', 'pandas', 'javascript', 'connection'] as const).map((k) => sentence(k, r[k]));
  }

  private async probe(): Promise<CapabilityReport> {
    const [py, javascript] = await Promise.all([this.probePython(), Promise.resolve(probeIsolatedVm())]);
    return { python: py.python, pandas: py.pandas, javascript, connection: { available: true, detail: 'PostgreSQL and MySQL/MariaDB connections' } };
  }

  private async probePython(): Promise<{ python: Capability; pandas: Capability }> {
    const noPandas = (why: string): Capability => ({ available: false, detail: why });
    const python = this.code.python;
    if (!isExecutable(python)) {
      const detail = `no Python interpreter at ${python}; install python3 or set SHEETS_PYTHON`;
      return { python: { available: false, detail }, pandas: noPandas('Python cells are unavailable') };
    }
    if (!onPath('bwrap', this.env.PATH)) {
      const detail = 'bubblewrap not found; install the bubblewrap package';
      return { python: { available: false, detail }, pandas: noPandas('Python cells are unavailable') };
    }
    const trial = await trialSandbox(python, this.env.PATH);
    if (!trial.ok) {
      const detail = `bubblewrap could not start a sandbox here (${trial.error}); user namespaces must be allowed`;
      return { python: { available: false, detail }, pandas: noPandas('Python cells are unavailable') };
    }
    const pandas = trial.out === 'pandas'
      ? { available: true, detail: 'cells() returns DataFrames' }
      : noPandas('pandas is not installed; install python3-pandas (cells() returns lists of rows without it)');
    return { python: { available: true, detail: `sandboxed with bubblewrap (${python})` }, pandas };
  }
}

function sentence(key: Language | 'pandas', c: Capability): string {
  return `${LABEL[key]}: ${c.available ? 'available' : 'unavailable'}: ${c.detail}.`;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, path: string | undefined): boolean {
  return (path ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, name)));
}

/** The native part of isolated-vm exists (it is compiled at install time and can be missing). */
function probeIsolatedVm(): Capability {
  try {
    const pkg = createRequire(import.meta.url).resolve('isolated-vm/package.json');
    if (existsSync(join(dirname(pkg), 'out', 'isolated_vm.node'))) return { available: true, detail: 'isolated-vm' };
    return { available: false, detail: 'the isolated-vm native module was not built; run npm rebuild isolated-vm (needs python3, make and g++)' };
  } catch {
    return { available: false, detail: 'isolated-vm is not installed; run npm install' };
  }
}

/** Runs the interpreter once inside the same sandbox the cells use. */
function trialSandbox(python: string, path: string | undefined): Promise<{ ok: true; out: string } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    let settled = false;
    const done = (r: { ok: true; out: string } | { ok: false; error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn('bwrap', bwrapArgs(python, TRIAL_CODE), { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/', env: { PATH: path }, ...dropPrivileges() });
    } catch (e) {
      return done({ ok: false, error: (e as Error).message });
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done({ ok: false, error: `no answer within ${TRIAL_TIMEOUT_MS / 1000} s` });
    }, TRIAL_TIMEOUT_MS);
    child.stdout!.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.stderr!.on('data', (b: Buffer) => {
      if (err.length < 2000) err += b.toString('utf8');
    });
    child.on('error', (e: NodeJS.ErrnoException) => done({ ok: false, error: e.code ?? e.message }));
    child.on('exit', (code, signal) => {
      if (code === 0) done({ ok: true, out: out.trim() });
      else done({ ok: false, error: err.trim().split('\n').pop() || `exit ${signal ?? code}` });
    });
  });
}
