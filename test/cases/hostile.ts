// Hostile code: each case must end with a clear error in the cell, and the server must still
// answer (a follow-up request after every case, and a normal run at the end).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import type { Door } from '../helpers/doors.ts';
import { settle } from './code.ts';
import { must, newFile, type Case, type CaseGroup } from './types.ts';

/** A directory standing for the server's DATA_DIR, with a secret the code must not read. */
const dataDir = mkdtempSync(join(tmpdir(), 'sheets-datadir-'));
writeFileSync(join(dataDir, 'secret.key'), 'do not read me');

/** Env for the server under attack: short limits so the table runs quickly. */
export const HOSTILE_ENV = { SHEETS_CODE_TIMEOUT_MS: '2000', SHEETS_CODE_MEMORY_MB: '256', SHEETS_JS_MEMORY_MB: '64', SHEETS_CODE_OUTPUT_BYTES: '1048576' };

async function unharmed(door: Door, file: string): Promise<void> {
  const me = await must(door, 'get_me', {});
  expect(me.role).toBe('owner');
  expect((await must(door, 'read_cells', { file_uuid: file, range: 'A1' })).values).toEqual([['canary']]);
}

let n = 0;
function attack(language: 'python' | 'javascript', name: string, code: string, error: RegExp): Case {
  const cell = `B${++n}`;
  return {
    name,
    op: 'set_code_cell',
    args: (fx) => ({ file_uuid: fx.file, cell, language, code }),
    then: async (door, fx) => {
      const cc = await settle(door, fx.file, cell);
      expect(cc.status, JSON.stringify(cc)).toBe('error');
      expect(cc.error).toMatch(error);
      const r = await must(door, 'read_cells', { file_uuid: fx.file, range: cell });
      expect(r.errors[0]?.error).toBe('#ERROR!');
      await unharmed(door, fx.file);
    },
  };
}

function group(language: 'python' | 'javascript', cases: Case[], healthy: string): CaseGroup {
  return {
    name: `hostile ${language}`,
    setup: async (door) => {
      const file = await newFile(door, `hostile-${language}`);
      await must(door, 'write_cells', { file_uuid: file, cell: 'A1', values: [['canary']] });
      return { file };
    },
    cases: [
      ...cases,
      {
        name: 'after all that, ordinary code still runs',
        op: 'set_code_cell',
        args: (fx) => ({ file_uuid: fx.file, cell: 'D1', language, code: healthy }),
        then: async (door, fx) => {
          expect((await settle(door, fx.file, 'D1')).status).toBe('done');
          expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'D1' })).values).toEqual([['canary!']]);
        },
      },
    ],
  };
}

export const hostilePython = group(
  'python',
  [
    attack('python', 'loops forever', 'while True:\n    pass', /Timed out: the code ran longer than 2 s/),
    attack('python', 'sleeps forever', 'import time\ntime.sleep(10**6)', /Timed out/),
    attack('python', 'allocates 10 GB', 'x = bytearray(10 * 1024**3)', /MemoryError: the code used more memory than the limit of 256 MB/),
    attack('python', 'allocates 10 GB with numpy', 'np.ones(10 * 1024**3 // 8)', /MemoryError/),
    attack('python', 'forks repeatedly', 'import os\nwhile True:\n    os.fork()', /at most 16 processes/),
    attack('python', 'opens a socket to the database', 'import socket\nsocket.create_connection(("127.0.0.1", 5432), timeout=2)', /Connection refused|Network is unreachable/),
    attack('python', 'opens a socket to the internet', 'import socket\nsocket.create_connection(("1.1.1.1", 80), timeout=2)', /Network is unreachable|Connection refused/),
    attack('python', 'reads /etc/passwd', 'open("/etc/passwd").read()', /FileNotFoundError: .*\/etc\/passwd/),
    attack('python', "reads the server's DATA_DIR", `open(${JSON.stringify(join(dataDir, 'secret.key'))}).read()`, /FileNotFoundError/),
    attack('python', "reads the server's code", `open(${JSON.stringify(join(ROOT, 'package.json'))}).read()`, /FileNotFoundError/),
    attack('python', 'writes outside tmp', 'open("/usr/evil", "w").write("x")', /Read-only file system/),
    attack('python', 'writes to the root', 'open("/evil", "w").write("x")', /Read-only file system/),
    attack('python', 'prints 100 MB', 'print("x" * 100_000_000)', /output limit of 1048576 bytes/),
    attack('python', 'prints forever', 'while True:\n    print("y" * 1000)', /output limit/),
    // The encoder shares the process with the code: what it sends is checked on the server's side.
    attack('python', 'replaces the encoder to pass the cell limit', 'import sys\nsys.modules["__main__"].grid = lambda rows, max_cells: {"kind": "grid", "rows": rows}\n[[i] for i in range(200_001)]', /Result too large: the result has 200001 rows x 1 columns; at most 100000 cells/),
    attack('python', 'replaces the encoder to send a malformed result', 'import sys\nsys.modules["__main__"].encode = lambda value, max_cells: {"kind": "grid", "rows": "x"}\n1', /ResultError: the sandbox sent a result that is not a value, a list or a table/),
    {
      name: 'files in tmp do not outlive the run',
      op: 'set_code_cell',
      args: (fx) => ({ file_uuid: fx.file, cell: 'C1', language: 'python', code: 'open("/tmp/leak", "w").write("secret")\nopen("/tmp/leak").read()' }),
      then: async (door, fx) => {
        expect((await settle(door, fx.file, 'C1')).status).toBe('done');
        await must(door, 'set_code_cell', { file_uuid: fx.file, cell: 'C2', language: 'python', code: 'import os\nos.path.exists("/tmp/leak")' });
        await settle(door, fx.file, 'C2');
        expect((await must(door, 'read_cells', { file_uuid: fx.file, range: 'C1:C2' })).values).toEqual([['secret'], ['FALSE']]);
      },
    },
  ],
  'cell("A1") + "!"',
);

export const hostileJs = group(
  'javascript',
  [
    attack('javascript', 'loops forever', 'while (true) {}', /Timed out: the code ran longer than 2 s/),
    attack('javascript', 'allocates 10 GB at once', 'new ArrayBuffer(10 * 1024 ** 3)', /Array buffer allocation failed/),
    attack('javascript', 'grows the heap without end', 'const a = [];\nwhile (true) a.push(new Array(4e6).fill(1.5));', /MemoryError: the code used more memory than the limit of 64 MB/),
    attack('javascript', 'forks', 'require("child_process").fork("x")', /require is not defined/),
    attack('javascript', 'exits the process', 'process.exit(1)', /process is not defined/),
    attack('javascript', 'opens a socket', 'fetch("http://127.0.0.1:5432/")', /fetch is not defined/),
    attack('javascript', 'reads /etc/passwd', 'require("fs").readFileSync("/etc/passwd", "utf8")', /require is not defined/),
    attack('javascript', 'climbs out through constructors', 'this.constructor.constructor("return process")().env', /process is not defined/),
    attack('javascript', 'prints 100 MB', 'console.log("x".repeat(100_000_000))', /output limit of 1048576 bytes/),
    // isolated-vm 5 aborts the process on the timer V8 schedules for this (docs/code-cells.md).
    attack('javascript', 'waits on shared memory with a timeout', 'Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)', /Atomics.waitAsync is not available in code cells/),
    // The encoder runs in the code's own context: what it sends is checked on the server's side.
    attack('javascript', 'replaces JSON.stringify to pass the cell limit', 'JSON.stringify = () => \'{"kind":"grid","rows":[\' + Array(200_001).fill("[1]").join() + \']}\'; 1', /Result too large: the result has 200001 rows x 1 columns; at most 100000 cells/),
    attack('javascript', 'replaces Array.prototype.map to send a malformed result', 'Array.prototype.map = function () { return "x"; }; [[1, 2]]', /ResultError: the sandbox sent a result that is not a value, a list or a table/),
    attack('javascript', 'replaces JSON.stringify to send no JSON', 'JSON.stringify = () => "not json"; 1', /ResultError: the sandbox sent a result that is not JSON/),
    attack('javascript', 'restores waitAsync and waits', 'delete Atomics.waitAsync; Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)', /Atomics.waitAsync is not available in code cells/),
  ],
  'cell("A1") + "!"',
);
